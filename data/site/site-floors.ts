/**
 * Cosine floors for site passages, per embedder (scores of different models are not
 * comparable). Site passages are longer and plainer than verses, and a wrong mosque fact is
 * worse than none, so the strict floor comes first and a lower one applies only when nothing
 * passes, as the docs system did with Gemini (0.6, then 0.4). Tuned on the questions written
 * for the demo documents (site-search-questions.ts), not on the Quran sets.
 */
import type { SiteVectorInfo } from './site-types.js';
import { DEFAULT_INDEX_FLOORS } from '../index/vector-index-floors.js';

export type SiteFloors = SiteVectorInfo['floors'];

/**
 * multilingual-e5-small (the bundled model), measured over the site questions: the answering
 * passage scores 0.825-0.926 (13 of 15 at 0.848 or more), the best passage for an off-topic
 * question 0.806-0.840. At 0.85 no off-topic question keeps a passage and 13 answerable ones
 * keep theirs; the 0.83 fallback, used only when nothing reaches 0.85, brings back "Is there
 * a lift for wheelchairs?" (0.837) at the cost of "Who is Allah?" finding the Introduction to
 * Islam class (0.836). E5 cosines sit in a narrow high band, so these are far above the others'.
 */
const E5_SMALL_SITE_FLOORS: SiteFloors = { primary: 0.85, fallback: 0.83 };

/** Known models, keyed by model id. */
export const SITE_MODEL_FLOORS: Readonly<Record<string, SiteFloors>> = {
  'multilingual-e5-small': E5_SMALL_SITE_FLOORS,
  'intfloat/multilingual-e5-small': E5_SMALL_SITE_FLOORS,
  'Xenova/multilingual-e5-small': E5_SMALL_SITE_FLOORS,
};

export function siteFloorsFor(embedder: SiteVectorInfo['embedder'], model: string): SiteFloors {
  // By kind, the verse index's defaults (Gemini 0.6 then 0.4, as the docs system used).
  return SITE_MODEL_FLOORS[model] ?? DEFAULT_INDEX_FLOORS[embedder];
}
