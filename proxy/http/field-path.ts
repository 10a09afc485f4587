/** A validation issue's path as the field name an error names, e.g. `verses[3].context`. */
export function formatFieldPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) out += typeof p === 'number' ? `[${p}]` : out ? `.${String(p)}` : String(p);
  return out;
}
