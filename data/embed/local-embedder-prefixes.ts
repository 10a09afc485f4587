/**
 * The text prefixes a sentence-embedding model was trained with. E5 models expect
 * `query: ` on questions and `passage: ` on documents; without them retrieval quality drops.
 * Models not listed use no prefix unless the caller overrides.
 */
export interface ModelPrefixes {
  /** Prepended to a visitor's question. */
  readonly query: string;
  /** Prepended to each verse text when the index is built. */
  readonly document: string;
}

export const NO_PREFIXES: ModelPrefixes = { query: '', document: '' };
const E5_PREFIXES: ModelPrefixes = { query: 'query: ', document: 'passage: ' };

/** Known models, keyed by model id (the folder name under the models directory). */
export const KNOWN_MODEL_PREFIXES: Readonly<Record<string, ModelPrefixes>> = {
  'Xenova/multilingual-e5-small': E5_PREFIXES,
  'Xenova/multilingual-e5-base': E5_PREFIXES,
  'Xenova/multilingual-e5-large': E5_PREFIXES,
  'Xenova/e5-small-v2': E5_PREFIXES,
  'Xenova/e5-base-v2': E5_PREFIXES,
  'Xenova/paraphrase-multilingual-MiniLM-L12-v2': NO_PREFIXES,
  'Xenova/all-MiniLM-L6-v2': NO_PREFIXES,
  'Xenova/bge-small-en-v1.5': {
    query: 'Represent this sentence for searching relevant passages: ',
    document: '',
  },
};

/** `intfloat/multilingual-e5-small`, `someone/e5-base-v2-onnx`, ...: E5 family by name. */
const E5_NAME = /(^|\/)(multilingual-)?e5-/i;

/** True for models of the E5 family (known by id or recognised by name). */
export function isE5Model(modelId: string): boolean {
  return KNOWN_MODEL_PREFIXES[modelId] === E5_PREFIXES || E5_NAME.test(modelId);
}

/** Prefixes for `modelId`: the known table, then the E5 name rule, then none; `override` wins per field. */
export function prefixesForModel(modelId: string, override: Partial<ModelPrefixes> = {}): ModelPrefixes {
  const known = KNOWN_MODEL_PREFIXES[modelId] ?? (isE5Model(modelId) ? E5_PREFIXES : NO_PREFIXES);
  return { query: override.query ?? known.query, document: override.document ?? known.document };
}
