/**
 * Turns transformers.js `progress_callback` events (one stream per file) into one overall
 * loading progress a UI can show as a single bar.
 */
export interface LocalModelProgress {
  /** `loading` while files arrive; `ready` once the model can embed. */
  readonly phase: 'loading' | 'ready';
  /** File currently reported, relative to the model folder, e.g. `onnx/model_quantized.onnx`. */
  readonly file?: string;
  /** Bytes received so far over all files that have started. */
  readonly loadedBytes: number;
  /** Sum of the sizes of the files that have started (grows as new files start). */
  readonly totalBytes: number;
  /** loadedBytes / totalBytes in 0..1 (0 before any size is known, 1 when ready). */
  readonly fraction: number;
}

export type LocalModelProgressListener = (progress: LocalModelProgress) => void;

/** The subset of transformers.js progress events this tracker reads. */
interface TransformersProgressEvent {
  readonly status?: string;
  readonly file?: string;
  readonly loaded?: number;
  readonly total?: number;
}

/** Returns a `progress_callback` for transformers.js that reports to `listener`. */
export function trackModelProgress(listener: LocalModelProgressListener): (event: unknown) => void {
  const files = new Map<string, { loaded: number; total: number }>();
  const totals = (): { loadedBytes: number; totalBytes: number } => {
    let loadedBytes = 0;
    let totalBytes = 0;
    for (const f of files.values()) {
      loadedBytes += f.loaded;
      totalBytes += f.total;
    }
    return { loadedBytes, totalBytes };
  };
  return (raw: unknown) => {
    if (typeof raw !== 'object' || raw === null) return;
    const event = raw as TransformersProgressEvent;
    if (event.status === 'progress' && event.file !== undefined) {
      const total = Number.isFinite(event.total) ? Number(event.total) : 0;
      const loaded = Number.isFinite(event.loaded) ? Math.min(Number(event.loaded), total || Infinity) : 0;
      files.set(event.file, { loaded, total });
      const t = totals();
      listener({ phase: 'loading', file: event.file, ...t, fraction: t.totalBytes > 0 ? t.loadedBytes / t.totalBytes : 0 });
    } else if (event.status === 'ready') {
      listener({ phase: 'ready', ...totals(), fraction: 1 });
    }
  };
}
