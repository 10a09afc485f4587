/**
 * `local` embedder: a sentence-embedding model (transformers.js tokeniser, onnxruntime-web
 * WASM, see local-embedder-session.ts), mean pooled over real tokens and L2-normalised, with
 * the model's query/passage prefixes. Used by the index
 * builder in Node and, through `widget/local-embedding/`, for queries in the browser, so
 * both sides embed with the same code. No `node:` imports here (the browser loads it);
 * directory checks for Node live in `local-embedder-node.ts`.
 */
import { AutoConfig } from '@xenova/transformers';
import type { VectorIndexManifest } from '../index/index-manifest.js';
import type { EmbedTask, Embedder } from './embedder.js';
import { assertIndexMatchesModel, type IndexModelFields } from './local-embedder-compat.js';
import { LocalModelError } from './local-embedder-error.js';
import { floorsForModel } from './local-embedder-floors.js';
import { prefixesForModel, type ModelPrefixes } from './local-embedder-prefixes.js';
import { meanPoolNormalize } from './local-embedder-pooling.js';
import { trackModelProgress, type LocalModelProgressListener } from './local-embedder-progress.js';
import { configureLocalRuntime, openModelSession, type ModelSession } from './local-embedder-session.js';

export interface LocalEmbedderOptions {
  /** Model id = folder under `modelBase`, e.g. `Xenova/multilingual-e5-small`. */
  readonly model: string;
  /** Directory (Node) or URL prefix (browser, e.g. `https://proxy.example/models/`) holding model folders. */
  readonly modelBase: string;
  /** Prefix overrides; default: `prefixesForModel(model)` (E5: `query: ` / `passage: `). */
  readonly prefixes?: Partial<ModelPrefixes>;
  /** Load `onnx/model_quantized.onnx` (true, default) or `onnx/model.onnx` (false). */
  readonly quantized?: boolean;
  /** Browser only: URL prefix of onnxruntime-web's `.wasm` files. Default: leave transformers.js' setting. */
  readonly wasmBase?: string;
  /** Dimension the caller needs (index manifest, `--dims`); a model with another one is refused. */
  readonly expectedDims?: number;
  /** Loading progress (config, tokenizer, weights). */
  readonly onProgress?: LocalModelProgressListener;
  /**
   * Texts per model call. Default 1: int8 models (`model_quantized.onnx`) quantise
   * activations with one scale per tensor, computed over the whole batch (padding included),
   * so a text embedded in a batch gets a slightly different vector than the same text alone,
   * and the browser always embeds a query alone. Larger batches are only exact for float models.
   */
  readonly batchSize?: number;
}

export const DEFAULT_LOCAL_EMBEDDER_OPTIONS = { quantized: true, batchSize: 1 } as const;

/** Files every model folder needs; the weights file depends on `quantized`. */
export function requiredModelFiles(quantized: boolean = true): string[] {
  return ['config.json', 'tokenizer.json', 'tokenizer_config.json', quantized ? 'onnx/model_quantized.onnx' : 'onnx/model.onnx'];
}

/** The actionable message for a model that is not where it should be. */
export function missingModelMessage(modelBase: string, model: string, quantized: boolean = true, detail = ''): string {
  const dir = `${modelBase.replace(/\/+$/, '')}/${model}/`;
  return (
    `local model ${model} not found${detail ? ` (${detail})` : ''}: put the model files in ${dir} ` +
    `(${requiredModelFiles(quantized).join(', ')}) - see README 'Keyless semantic search'`
  );
}

/** Index directory name for a local model, e.g. `local-xenova-multilingual-e5-small-384`. */
export function localIndexId(model: string, dims: number): string {
  const slug = model
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `local-${slug}-${dims}`;
}

/** A unit vector has norm 1; anything further off than float32 noise means a broken model or pooling. */
const NORM_TOLERANCE = 1e-3;

/** Turns transformers.js' "file was not found locally" into the actionable message. */
function asModelError(error: unknown, options: LocalEmbedderOptions, quantized: boolean): Error {
  const text = String(error instanceof Error ? error.message : error);
  if (/not found locally|Could not locate file/i.test(text)) {
    return new LocalModelError('model-missing', missingModelMessage(options.modelBase, options.model, quantized, text), {
      cause: error,
    });
  }
  return error instanceof Error ? error : new Error(text);
}

export class LocalEmbedder implements Embedder {
  readonly id: string;
  readonly model: string;
  readonly dims: number;
  readonly prefixes: ModelPrefixes;
  readonly #options: LocalEmbedderOptions;
  #session: Promise<ModelSession> | undefined;

  /** Use `openLocalEmbedder`, which reads `dims` from the model's config.json. */
  constructor(options: LocalEmbedderOptions, dims: number) {
    this.#options = options;
    this.model = options.model;
    this.dims = dims;
    this.prefixes = prefixesForModel(options.model, options.prefixes);
    this.id = localIndexId(options.model, dims);
  }

  /** Loads tokenizer and weights now (otherwise the first `embed` does). */
  async load(): Promise<void> {
    await this.#loadSession();
  }

  /** Throws `LocalModelError('index-mismatch')` unless `manifest` was built with this model and prefixes. */
  assertServes(manifest: IndexModelFields): void {
    assertIndexMatchesModel(manifest, { model: this.model, dims: this.dims, prefixes: this.prefixes });
  }

  /** Manifest fields that describe how this embedder embeds (the index builder copies them). */
  manifestFields(): Pick<VectorIndexManifest, 'embedder' | 'model' | 'dims' | 'queryTask' | 'documentTask' | 'queryPrefix' | 'documentPrefix' | 'floors'> {
    return {
      floors: floorsForModel(this.model),
      embedder: 'local',
      model: this.model,
      dims: this.dims,
      queryTask: 'query',
      documentTask: 'document',
      queryPrefix: this.prefixes.query,
      documentPrefix: this.prefixes.document,
    };
  }

  async embed(texts: readonly string[], task: EmbedTask, signal?: AbortSignal): Promise<Float32Array[]> {
    signal?.throwIfAborted();
    const session = await this.#loadSession();
    const prefix = task === 'query' ? this.prefixes.query : this.prefixes.document;
    const batchSize = this.#options.batchSize ?? DEFAULT_LOCAL_EMBEDDER_OPTIONS.batchSize;
    const vectors: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += batchSize) {
      signal?.throwIfAborted();
      const batch = texts.slice(start, start + batchSize).map((t) => prefix + t);
      const { states, mask } = await session.run(batch);
      vectors.push(...this.#check(meanPoolNormalize(states, mask), states.hidden, batch.length));
    }
    signal?.throwIfAborted();
    return vectors;
  }

  #check(vectors: Float32Array[], hidden: number, count: number): Float32Array[] {
    if (vectors.length !== count || hidden !== this.dims) {
      throw new LocalModelError(
        'bad-output',
        `model ${this.model} returned ${vectors.length} vectors of ${hidden} dims for ${count} texts; expected ` +
          `${this.dims} dims (config.json hidden_size). Check that the model folder holds a sentence-embedding ` +
          `model whose ONNX output is last_hidden_state`,
      );
    }
    for (const v of vectors) {
      let sq = 0;
      for (const x of v) sq += x * x;
      if (!Number.isFinite(sq) || Math.abs(Math.sqrt(sq) - 1) > NORM_TOLERANCE) {
        throw new LocalModelError('bad-output', `model ${this.model} produced a vector of norm ${Math.sqrt(sq)}; expected 1`);
      }
    }
    return vectors;
  }

  #loadSession(): Promise<ModelSession> {
    this.#session ??= this.#openSession().catch((error: unknown) => {
      this.#session = undefined; // let a later call retry (e.g. after the files are put in place)
      throw error;
    });
    return this.#session;
  }

  async #openSession(): Promise<ModelSession> {
    const { model, modelBase, wasmBase, onProgress } = this.#options;
    const quantized = this.#options.quantized ?? DEFAULT_LOCAL_EMBEDDER_OPTIONS.quantized;
    configureLocalRuntime(modelBase, wasmBase);
    const progress = onProgress ? trackModelProgress(onProgress) : undefined;
    try {
      const session = await openModelSession({ model, quantized, ...(progress ? { progress } : {}) });
      progress?.({ status: 'ready' });
      return session;
    } catch (error) {
      throw asModelError(error, this.#options, quantized);
    }
  }
}

/**
 * Reads the model's config.json (small) to learn its dimension and returns an embedder whose
 * tokenizer and weights load on first use.
 */
export async function openLocalEmbedder(options: LocalEmbedderOptions): Promise<LocalEmbedder> {
  const quantized = options.quantized ?? DEFAULT_LOCAL_EMBEDDER_OPTIONS.quantized;
  configureLocalRuntime(options.modelBase, options.wasmBase);
  let config: { hidden_size?: unknown };
  try {
    config = (await AutoConfig.from_pretrained(options.model, { local_files_only: true })) as { hidden_size?: unknown };
  } catch (error) {
    throw asModelError(error, options, quantized);
  }
  const dims = config.hidden_size;
  if (typeof dims !== 'number' || !Number.isInteger(dims) || dims <= 0) {
    throw new LocalModelError(
      'bad-output',
      `model ${options.model} has no integer hidden_size in config.json; it does not look like a BERT-style ` + `sentence-embedding model`,
    );
  }
  if (options.expectedDims !== undefined && options.expectedDims !== dims) {
    throw new LocalModelError(
      'dims-mismatch',
      `model ${options.model} produces ${dims}-dim vectors but ${options.expectedDims} dims were asked for; ` +
        `use the model the index was built with, or drop the dimension option`,
    );
  }
  return new LocalEmbedder(options, dims);
}
