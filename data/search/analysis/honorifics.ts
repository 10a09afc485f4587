/**
 * Honorific phrases that follow names in questions ("Musa, peace be upon him", "محمد صلى الله
 * عليه وسلم", "الله سبحانه وتعالى"). They are courtesy, not topic, and their words (peace,
 * Allah, upon) would pull in unrelated verses, so queries drop them before analysis.
 */
import { normalizeArabic } from '../../arabic/arabic-normalize.js';

/** On normalised Arabic (ى → ي, ة → ه, hamza forms → ا). */
const ARABIC_HONORIFICS = [
  /صلي\s+الله\s+عليه\s+و\s*سلم/g,
  /عليه(?:ما|م|ا)?\s+(?:الصلاه\s+و\s*)?السلام/g,
  /رضي\s+الله\s+عن(?:ه|ها|هم|هما)/g,
  /سبحانه\s+و\s*تعالي/g,
  /عز\s+و\s*جل/g,
  /جل\s+جلاله/g,
  /تبارك\s+و\s*تعالي/g,
  /(?<=الله\s+)تعالي/g,
  /(?:^|\s)سيد(?:نا|تنا)(?=\s|$)/g,
  /[ﷺﷻ]/g,
];

/** On lowercased Latin text. */
const LATIN_HONORIFICS = [
  /\(?\b(?:peace|blessings?)(?: and (?:peace|blessings?))? (?:of allah )?(?:be )?upon (?:him|her|them)\)?/g,
  /\bsall?all?ahu? ['‘’]?alayhi? wa ?sall?am\b/g,
  /\bsubhanahu wa ?ta['‘’]?ala\b/g,
  /\b(?:azza|aza) wa ?jall?\b/g,
  /\brad(?:i|hi)y?allahu? ['‘’]?anh(?:u|a|um)\b/g,
  /\(\s*(?:pbuh|saw|saws|swt|as|ra)\s*\)|\b(?:pbuh|saws|swt)\b/g,
];

/** Arabic query without honorifics (returned normalised). */
export function stripArabicHonorifics(query: string): string {
  let q = normalizeArabic(query);
  for (const p of ARABIC_HONORIFICS) q = q.replace(p, ' ');
  return q.replace(/\s+/g, ' ').trim();
}

/** Latin-script query without honorifics (returned lowercased). */
export function stripLatinHonorifics(query: string): string {
  let q = query.toLowerCase();
  for (const p of LATIN_HONORIFICS) q = q.replace(p, ' ');
  return q.replace(/\s+/g, ' ').trim();
}
