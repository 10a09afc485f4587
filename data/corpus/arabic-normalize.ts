/**
 * Arabic search normalisation: Uthmani display text → a plain form that keyword search
 * and users' typed queries agree on. Display always uses the original Uthmani text.
 *
 * Removed: harakat and tanween (U+064B–U+065F, including the open-tanween forms
 * U+0656/U+0657/U+065E that Uthmani fonts use), dagger alef (U+0670), Quranic annotation
 * marks (U+06D6–U+06ED: small waw/ya, small high meem, pause marks, rub el-hizb, sajdah
 * sign, rounded sukun U+06E1…), tatweel (U+0640), extended Arabic marks U+08D3–U+08FF.
 * Unified: alef wasla/hamza/madda forms and Uthmani hamza+alef → ا, ى → ي, ؤ → و, ئ → ي, ة → ه.
 * Letters that Persian and Urdu keyboards type for Arabic ones (ی ک ہ ھ ە ۀ) fold to the Arabic
 * letter, so a question typed on such a keyboard still matches; the Quran text has none of them.
 */

/** Bump when the output changes for any input: search indexes built with an older version are stale. */
export const ARABIC_NORMALIZATION_VERSION = 2;

const MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u08D3-\u08FF\u0640]/g;
// Rub el-hizb (U+06DE) and the sajdah sign (U+06E9) stand alone between words.
const SYMBOLS = /[\u06DE\u06E9]/g;
const ALEF_FORMS = /[\u0622\u0623\u0625\u0671\u0672\u0673\u0675]/g;
const SPACES = /[\s\u00A0\u2000-\u200F\u202F]+/g;

/** Normalise Arabic (Uthmani or modern) text for search. Idempotent. */
export function normalizeArabic(text: string): string {
  return text
    .normalize('NFC')
    .replace(MARKS, '')
    .replace(SYMBOLS, ' ')
    .replace(ALEF_FORMS, 'ا')
    // Uthmani spells madda-alef as hamza + alef (ءَامَنُوا); modern text writes آمنوا.
    .replace(/\u0621\u0627/g, 'ا')
    .replace(/[\u0649\u06CC\u06D0]/g, 'ي')
    .replace(/\u06A9/g, 'ك')
    .replace(/[\u06C1\u06BE\u06D5\u06C0]/g, 'ه')
    .replace(/\u0624/g, 'و')
    .replace(/\u0626/g, 'ي')
    .replace(/\u0629/g, 'ه')
    .replace(SPACES, ' ')
    .trim();
}

/** True when the string contains Arabic-script letters. */
export function hasArabicScript(text: string): boolean {
  return /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/.test(text);
}
