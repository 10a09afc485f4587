/**
 * Query embedding in the visitor's browser for an index built with a local model
 * (`manifest.embedder === 'local'`, WidgetConfig `queryEmbedding: 'browser'`).
 *
 * Importing this module costs nothing: transformers.js and onnxruntime-web are pulled in by a
 * dynamic `import()` on the first `load()`/`embed()`, so a widget whose index is not local
 * never downloads a model runtime. Model files come from `modelBase` (the proxy's `/models/`),
 * the runtime's WASM from `wasmBase` (the proxy's `/runtime/ort/`); nothing from third parties.
 * transformers.js keeps the model files in the browser's Cache API after the first load.
 */
import type { IndexModelFields } from '../../data/embed/local-embedder-compat.js';
import type { LocalModelProgressListener } from '../../data/embed/local-embedder-progress.js';
import type { LocalEmbedder } from '../../data/embed/local-embedder.js';

export interface BrowserQueryEmbedderOptions {
  /** URL prefix of the model folders, e.g. `https://proxy.example/models/` (see `proxyModelBase`). */
  readonly modelBase: string;
  /** URL prefix of onnxruntime-web's `.wasm` files, e.g. `https://proxy.example/runtime/ort/` (see `proxyWasmBase`). */
  readonly wasmBase: string;
  /** Manifest of the `local` index the query will search: model, dims and prefixes come from it. */
  readonly manifest: IndexModelFields;
  /** Model folder to load instead of `manifest.model`; refused unless it matches the index. */
  readonly model?: string;
  /** Download progress of config, tokenizer and weights (one bar), then `phase: 'ready'`. */
  readonly onProgress?: LocalModelProgressListener;
}

export interface BrowserQueryEmbedder {
  /** Model the index was built with. */
  readonly model: string;
  /** Length of every vector `embed` returns (`manifest.dims`). */
  readonly dims: number;
  /**
   * Downloads (or reads from the browser cache) the runtime and model, once; later calls
   * share the same promise. Rejects with `LocalModelError` (`model-missing`, `dims-mismatch`,
   * `index-mismatch`) whose message says what to fix; a failed load may be retried.
   */
  load(): Promise<void>;
  /** Unit-length query vector (`dims` numbers), with the index's query prefix applied. */
  embed(text: string, signal?: AbortSignal): Promise<Float32Array>;
}

/** True when queries for this index must be embedded in the browser. */
export function needsBrowserQueryEmbedding(manifest: Pick<IndexModelFields, 'embedder'>): boolean {
  return manifest.embedder === 'local';
}

export function createBrowserQueryEmbedder(options: BrowserQueryEmbedderOptions): BrowserQueryEmbedder {
  const { manifest } = options;
  let loading: Promise<LocalEmbedder> | undefined;

  const open = async (): Promise<LocalEmbedder> => {
    const { openLocalEmbedder } = await import('../../data/embed/local-embedder.js');
    const embedder = await openLocalEmbedder({
      model: options.model ?? manifest.model,
      modelBase: options.modelBase,
      wasmBase: options.wasmBase,
      // The index is the source of truth for how its verses were embedded.
      prefixes: { query: manifest.queryPrefix, document: manifest.documentPrefix },
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    embedder.assertServes(manifest);
    await embedder.load();
    return embedder;
  };

  const ready = (): Promise<LocalEmbedder> => {
    loading ??= open().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };

  return {
    model: manifest.model,
    dims: manifest.dims,
    async load() {
      await ready();
    },
    async embed(text, signal) {
      signal?.throwIfAborted();
      const embedder = await ready();
      const [vector] = await embedder.embed([text], 'query', signal);
      if (!vector) throw new Error('the local model returned no vector');
      return vector;
    },
  };
}
