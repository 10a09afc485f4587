/**
 * The files `export:static` says must be revalidated, as the site owner reads them: the widget's
 * source maps (dozens of them, one per chunk) are counted on one line, so the few names that
 * matter (the manifests, the widget entry, the font) are not buried.
 */
export function revalidatedSummary(paths: readonly string[]): string[] {
  const maps = paths.filter((p) => p.endsWith('.map'));
  const rest = paths.filter((p) => !p.endsWith('.map'));
  return maps.length === 0 ? [...rest] : [...rest, `${maps.length} source maps (*.js.map: for debugging only, any caching will do)`];
}
