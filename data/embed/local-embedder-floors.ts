/**
 * Starting similarity floors per local model, written into the index manifest. Cosine
 * scales differ a lot between models: E5 scores cluster high (0.7-0.9 even for weak matches)
 * while paraphrase/MiniLM models spread lower, so one `local` default would silently drop
 * every semantic result for some models. These are NOT tuned on our eval set (no model
 * weights are available in CI) except multilingual-e5-small's, measured with the model
 * `npm run model:e5` installs; run `npm run eval:floors` with your model and adjust.
 */
import type { VectorIndexManifest } from '../index/index-manifest.js';
import { isE5Model } from './local-embedder-prefixes.js';

export type LocalModelFloors = VectorIndexManifest['floors'];

const E5_FLOORS: LocalModelFloors = { primary: 0.8, fallback: 0.75 };
/**
 * multilingual-e5-small, set from data (`npm run eval:floors`, ADR 0012): at 0.80, 97% of
 * answerable Task A questions and every islamqa question keep their best verse, and 17% of our
 * off-topic questions lose the vector list. A stricter 0.82 would drop 60% of off-topic ones but
 * cost recall (islamqa Recall@20 0.0902 → 0.0872). Its cosines sit in a narrow band (0.78-0.89).
 */
const E5_SMALL_FLOORS: LocalModelFloors = { primary: 0.8, fallback: 0.78 };
const PARAPHRASE_FLOORS: LocalModelFloors = { primary: 0.45, fallback: 0.3 };

/** Known models, keyed by model id. */
export const KNOWN_MODEL_FLOORS: Readonly<Record<string, LocalModelFloors>> = {
  'Xenova/multilingual-e5-small': E5_SMALL_FLOORS,
  'intfloat/multilingual-e5-small': E5_SMALL_FLOORS,
  'multilingual-e5-small': E5_SMALL_FLOORS,
  'Xenova/multilingual-e5-base': E5_FLOORS,
  'Xenova/multilingual-e5-large': E5_FLOORS,
  'Xenova/e5-small-v2': E5_FLOORS,
  'Xenova/e5-base-v2': E5_FLOORS,
  'Xenova/paraphrase-multilingual-MiniLM-L12-v2': PARAPHRASE_FLOORS,
  'Xenova/all-MiniLM-L6-v2': PARAPHRASE_FLOORS,
  'Xenova/bge-small-en-v1.5': { primary: 0.6, fallback: 0.5 },
};

/** For models we know nothing about: permissive, so semantic results are not silently lost. */
export const UNKNOWN_MODEL_FLOORS: LocalModelFloors = { primary: 0.3, fallback: 0.2 };

export function floorsForModel(modelId: string): LocalModelFloors {
  return KNOWN_MODEL_FLOORS[modelId] ?? (isE5Model(modelId) ? E5_FLOORS : UNKNOWN_MODEL_FLOORS);
}
