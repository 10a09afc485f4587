/**
 * Cosine floors for site passages, per embedder (scores of different models are not
 * comparable). Site passages are longer and plainer than verses, and a wrong mosque fact is
 * worse than none, so the strict floor comes first and a lower one applies only when nothing
 * passes, as the docs system did with Gemini (0.6, then 0.4). Set from site-eval questions
 * over demo/site-docs (scripts/site-eval.ts), not from the Quran sets.
 */
import type { SiteVectorInfo } from './site-types.js';

export type SiteFloors = SiteVectorInfo['floors'];

/** By embedder kind; `modelFloors` wins for a model listed there. */
export const SITE_FLOORS: Readonly<Record<SiteVectorInfo['embedder'], SiteFloors>> = {
  gemini: { primary: 0.6, fallback: 0.4 },
  'openai-compatible': { primary: 0.3, fallback: 0.2 },
  local: { primary: 0.8, fallback: 0.75 },
  'test-hashing': { primary: 0.3, fallback: 0.2 },
};

/** Known models: E5 cosines sit in a narrow high band, so its floors are far above the others'. */
export const SITE_MODEL_FLOORS: Readonly<Record<string, SiteFloors>> = {
  'multilingual-e5-small': { primary: 0.82, fallback: 0.8 },
  'intfloat/multilingual-e5-small': { primary: 0.82, fallback: 0.8 },
  'Xenova/multilingual-e5-small': { primary: 0.82, fallback: 0.8 },
};

export function siteFloorsFor(embedder: SiteVectorInfo['embedder'], model: string): SiteFloors {
  return SITE_MODEL_FLOORS[model] ?? SITE_FLOORS[embedder];
}
