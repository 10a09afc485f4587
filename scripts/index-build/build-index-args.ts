/**
 * Pure parsing of `npm run build:index -- …` flags and env into a build configuration,
 * with errors that say what to set.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_GEMINI_EMBEDDER_OPTIONS, GeminiEmbedder } from '../../data/embed/gemini-embedder.js';
import type { Embedder } from '../../data/embed/embedder.js';
import { TestHashingEmbedder } from '../../data/embed/test-hashing-embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';

export const BUILD_INDEX_USAGE = `usage: npm run build:index -- --embedder <gemini|test-hashing|local> [--dims 768] [--contextual] [--out data/dist/index]
  local: --model <id> [--model-dir DIR]: a transformers.js model in DIR/<id>/ (default DIR: env MODELS_DIR, else data/models); dims come from the model
  env for gemini: GEMINI_API_KEY (required), GEMINI_BASE_URL (optional, default Google's v1beta URL),
                  GEMINI_EMBED_MODEL (optional, default ${DEFAULT_GEMINI_EMBEDDER_OPTIONS.model})`;

export type BuildEmbedderKind = Extract<VectorIndexManifest['embedder'], 'gemini' | 'test-hashing' | 'local'>;

export interface BuildIndexConfig {
  readonly embedderKind: BuildEmbedderKind;
  readonly dims: number;
  readonly contextual: boolean;
  readonly outRoot: string | undefined;
  readonly batchSize: number;
  readonly gemini?: { readonly apiKey: string; readonly baseURL: string | undefined; readonly model: string };
  /** `--embedder local` (H-local): opened with `openLocalEmbedderFromDir` in build-index.ts. */
  readonly local?: { readonly model: string; readonly modelDir: string | undefined };
}

export class BuildIndexArgsError extends Error {
  override readonly name = 'BuildIndexArgsError';
  constructor(message: string) {
    super(`${message}\n${BUILD_INDEX_USAGE}`);
  }
}

export function parseBuildIndexArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): BuildIndexConfig {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        embedder: { type: 'string' },
        dims: { type: 'string', default: '768' },
        contextual: { type: 'boolean', default: false },
        out: { type: 'string' },
        'batch-size': { type: 'string', default: '100' },
        model: { type: 'string' },
        'model-dir': { type: 'string' },
      },
    }));
  } catch (error) {
    throw new BuildIndexArgsError((error as Error).message);
  }
  const kind = values.embedder;
  if (kind !== 'gemini' && kind !== 'test-hashing' && kind !== 'local') throw new BuildIndexArgsError(`--embedder must be gemini, test-hashing or local, got ${kind ?? 'nothing'}`);
  const dims = Number(values.dims);
  if (!Number.isInteger(dims) || dims < 1 || dims > 3072) throw new BuildIndexArgsError(`--dims must be an integer in 1..3072, got ${values.dims}`);
  const batchSize = Number(values['batch-size']);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100) throw new BuildIndexArgsError(`--batch-size must be an integer in 1..100, got ${values['batch-size']}`);
  const base = { embedderKind: kind, dims, contextual: values.contextual ?? false, outRoot: values.out, batchSize } as const;
  if (kind === 'test-hashing') return base;
  if (kind === 'local') {
    if (!values.model) throw new BuildIndexArgsError('--model is required with --embedder local, e.g. --model Xenova/multilingual-e5-small');
    return { ...base, local: { model: values.model, modelDir: values['model-dir'] } };
  }
  const apiKey = env.GEMINI_API_KEY?.trim();
  if (!apiKey) throw new BuildIndexArgsError('GEMINI_API_KEY is not set: export your Gemini API key (https://aistudio.google.com/apikey), or use --embedder test-hashing for a test-only index');
  const baseURL = env.GEMINI_BASE_URL?.trim() || undefined;
  if (baseURL && !/^https?:\/\//.test(baseURL)) throw new BuildIndexArgsError(`GEMINI_BASE_URL must be an http(s) URL, got ${baseURL}`);
  return { ...base, gemini: { apiKey, baseURL, model: env.GEMINI_EMBED_MODEL?.trim() || DEFAULT_GEMINI_EMBEDDER_OPTIONS.model } };
}

/**
 * Builds wait out quota limits instead of failing: up to 8 retries per batch and up to a
 * minute per wait (Google's RetryInfo usually asks for 10-60 s). A failed build resumes anyway.
 */
export const BUILD_RETRY = { maxRetries: 8, maxRetryDelayMs: 60_000 } as const;

/** The embedder and the task names recorded in the manifest. */
export function embedderFor(config: BuildIndexConfig, overrides: { retryDelayMs?: number; maxRetries?: number; maxRetryDelayMs?: number } = {}): {
  embedder: Embedder;
  queryTask: string;
  documentTask: string;
} {
  if (config.embedderKind === 'test-hashing') return { embedder: new TestHashingEmbedder({ dims: config.dims }), queryTask: 'none', documentTask: 'none' };
  if (config.embedderKind === 'local') throw new Error('local models load asynchronously: use openLocalEmbedderFromDir (see build-index.ts)');
  const g = config.gemini!;
  const embedder = new GeminiEmbedder({
    apiKey: g.apiKey,
    baseURL: g.baseURL,
    model: g.model,
    dims: config.dims,
    batchSize: config.batchSize,
    ...BUILD_RETRY,
    ...overrides,
  });
  return { embedder, queryTask: embedder.options.queryTask, documentTask: embedder.options.documentTask };
}
