/**
 * The corpus and the vector index download side by side; the visitor sees one bar.
 * Sources in the same phase are summed; the latest phase reported wins.
 */
import type { DataLoadPhase, DataLoadProgress, DataLoadProgressListener } from './data-load-progress.js';

export function combineProgress(
  listener: DataLoadProgressListener | undefined,
  sources: readonly string[],
): Record<string, DataLoadProgressListener | undefined> {
  if (!listener) return Object.fromEntries(sources.map((s) => [s, undefined]));
  const latest = new Map<string, DataLoadProgress>();
  const report = (source: string, p: DataLoadProgress) => {
    latest.set(source, p);
    const phase: DataLoadPhase = p.phase;
    let loaded = 0;
    let total = 0;
    for (const q of latest.values()) {
      if (q.phase !== phase) continue;
      loaded += q.loaded;
      total += q.total;
    }
    listener({ loaded, total, phase });
  };
  return Object.fromEntries(sources.map((s) => [s, (p: DataLoadProgress) => report(s, p)]));
}
