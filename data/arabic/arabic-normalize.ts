/**
 * Arabic search normalisation: Uthmani display text → a plain form that keyword search
 * and users' typed queries agree on. Display always uses the original Uthmani text.
 *
 * Removed: harakat and tanween (U+064B–U+065F, including the open-tanween forms
 * U+0656/U+0657/U+065E that Uthmani fonts use), dagger alef (U+0670), Quranic annotation
 * marks (U+06D6–U+06ED: small waw/ya, small high meem, pause marks, rub el-hizb, sajdah
 * sign, rounded sukun U+06E1…), tatweel (U+0640), extended Arabic marks U+08D3–U+08FF.
 * Unified: alef wasla/hamza/madda forms and Uthmani hamza+alef → ا, ى → ي, ؤ → و, ئ → ي, ة → ه.
 * Rewritten first, where Uthmani letters differ from modern spelling (the rasm, not only marks):
 * the joined vocative (يَٰقَوۡمِ → يا قوم) and ها (هَـٰٓأَنتُمۡ → ها انتم), a ص read as س
 * (يَبۡصُۜطُ → يبسط), ىٰ inside a word (أَدۡرَىٰكَ → ادراك), a small ya inside a word
 * (إِبۡرَٰهِـۧمَ → ابرهيم), وَٰ at a word start (وَٰحِدَة → واحده), a silent وٰ for a long a
 * (ٱلصَّلَوٰة → الصلاه, ٱلرِّبَوٰا → الربا), words written with one lam
 * (ٱلَّيۡل → الليل), and bare or tatweel hamzas get their modern seat (uthmani-hamza.ts:
 * يَسۡـَٔلُونَ → يسالون). Against the modern (Tanzil simple) spelling of all 6,236 verses,
 * verses whose search keys differ fell from 1,004 to 272 (`npm run eval:spelling`, ADR 0007).
 * Letters that Persian and Urdu keyboards type for Arabic ones (ی ک ہ ھ ە ۀ) fold to the Arabic
 * letter, so a question typed on such a keyboard still matches; the Quran text has none of them.
 */

import { seatUthmaniHamza } from './uthmani-hamza.js';

/**
 * Bump when the output changes for any input: search indexes built with an older version are stale.
 * (Stored lexical snapshots are also refused through the analyzer fingerprint in their key.)
 */
export const ARABIC_NORMALIZATION_VERSION = 4;

const MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u08D3-\u08FF\u0640]/g;
// Rub el-hizb (U+06DE) and the sajdah sign (U+06E9) stand alone between words.
const SYMBOLS = /[\u06DE\u06E9]/g;
const ALEF_FORMS = /[\u0622\u0623\u0625\u0671\u0672\u0673\u0675]/g;
const SPACE = '[\\s\\u00A0\\u2000-\\u200F\\u202F]+';
const SPACES = new RegExp(SPACE, 'g');
/** A space before a combining mark is glyph placement inside a word (2:72 has a thin space in فَٱدَّٰرَْٰٔتُمۡ), not a word break. */
const SPACE_IN_WORD = new RegExp(`${SPACE}(?=[\u064B-\u065F\u0670\u06D6-\u06ED])`, 'g');

// Uthmani spellings that differ from modern ones in letters, not only marks. They are keyed on
// Uthmani marks (dagger alef, small ya) that typed text does not have, so queries are untouched.
/** Not inside a word: nothing (letter or mark) right before. */
const WORD_START = '(?<![\\p{L}\\p{M}\\u0640])';
const LETTER_AHEAD = '(?=[\\p{M}\\u0640]*[\\u0621-\\u064A\\u0671])';
/** The vocative يا is joined to its noun (يَٰقَوۡمِ، يَٰٓأَيُّهَا، يَـٰٓـَٔادَمُ); modern text writes it apart (يا قوم). */
const JOINED_VOCATIVE = new RegExp(`${WORD_START}\u064A\u064E?\u0640?\u0670\u0653?`, 'gu');
/** ها before أنتم is joined too (هَٰٓأَنتُمۡ); modern text writes ها أنتم. هَٰذَا and هَٰٓؤُلَآءِ stay joined, as in modern text. */
const JOINED_HA = new RegExp(`${WORD_START}\u0647\u064E?\u0640?\u0670\u0653?(?=\u0623)`, 'gu');
/** A ص with a small high sin is read, and written in modern text, as س (يَبۡصُۜطُ، بَصۜۡطَةٗ: يبسط، بسطة). */
const SAD_READ_AS_SIN = /\u0635(?=[\u064B-\u065F\u06E1]*\u06DC)/g;
/** ىٰ inside a word is a long a (أَدۡرَىٰكَ، هُدَىٰهُمۡ: أدراك، هداهم); at the end it stays ى (موسىٰ). */
const MEDIAL_ALEF_MAQSURA = new RegExp(`\u0649\u0670\u0653?${LETTER_AHEAD}`, 'gu');
/** A small ya inside a word is a written ي in modern text (إِبۡرَٰهِـۧمَ، ٱلنَّبِيِّـۧنَ); at the end it is only a lengthening mark. */
const MEDIAL_SMALL_YA = new RegExp(`[\u06E6\u06E7]${LETTER_AHEAD}`, 'gu');
/**
 * A و with a dagger alef and no vowel of its own is the Uthmani seat of a long a (ٱلصَّلَوٰة،
 * ٱلزَّكَوٰة، ٱلرِّبَوٰا: الصلاة، الزكاة، الربا); a voweled وَٰ is a real waw (ٱلسَّمَٰوَٰت، ٱلصَّوَٰعِق).
 */
const WAW_AS_ALEF = /(?<=[\p{L}\p{M}])\u0648\u0670\u0653?(?:\u0627[\u064B-\u065F\u06E1]*)?/gu;
/** A dagger alef after an initial و is a written alef in modern text (وَٰحِدَة، وَٰسِع: واحدة، واسع). */
const INITIAL_WAW_ALEF = new RegExp(`${WORD_START}\u0648\u064E?\u0670`, 'gu');
/**
 * Words written with one lam where modern text writes two: الليل (ٱلَّيۡل), اللاتي/اللائي (ٱلَّٰتِي)
 * and the dual اللذان/اللذين (ٱلَّذَانِ، ٱلَّذَيۡنِ; a fatha on the ذ, where الذين has a kasra and keeps
 * one lam in modern text too). NFC puts the fatha before the shadda.
 */
const ONE_LAM = new RegExp(`\u0671\u0644[\u064E\u0651]+(?=\u064A[\u06E1\u0652]?\u0644|\u0640?\u0670|\u0630\u064E)`, 'gu');

/** Normalise Arabic (Uthmani or modern) text for search. Idempotent. */
export function normalizeArabic(text: string): string {
  return (
    modernArabicSpelling(text)
      .replace(ALEF_FORMS, 'ا')
      // Uthmani spells madda-alef as hamza + alef (ءَامَنُوا); modern text writes آمنوا.
      .replace(/\u0621+\u0627/g, 'ا')
      .replace(/[\u0649\u06CC\u06D0]/g, 'ي')
      .replace(/\u06A9/g, 'ك')
      .replace(/[\u06C1\u06BE\u06D5\u06C0]/g, 'ه')
      .replace(/\u0624/g, 'و')
      .replace(/\u0626/g, 'ي')
      .replace(/\u0629/g, 'ه')
      .replace(SPACES, ' ')
      .trim()
  );
}

/**
 * Uthmani text in modern spelling without marks (ٱلصَّلَوٰةَ → الصلاة, يَسۡـَٔلُونَ → يسألون), letters
 * otherwise kept (hamza seats, ة, ى): how a reader types the verse, and what a multilingual
 * embedding model has seen. Search keys fold further (`normalizeArabic`).
 */
export function modernArabicSpelling(text: string): string {
  return modernRasm(text)
    .replace(MARKS, '')
    .replace(SYMBOLS, ' ')
    .replace(/\u0671/g, 'ا')
    .replace(/\u0621\u0627/g, 'آ')
    .replace(SPACES, ' ')
    .trim();
}

/**
 * Uthmani text with the letters modern spelling writes differently rewritten (the joined vocative,
 * a ص read as س, ىٰ and a small ya inside a word, وٰ for a long a, the hamza's seat, one lam for
 * two), its marks otherwise kept: the common first step of search keys and of quote checking.
 * Typed text passes unchanged, but for NFC: every rewrite is keyed on Uthmani marks.
 */
export function modernRasm(text: string): string {
  return seatUthmaniHamza(text.normalize('NFC').replace(SPACE_IN_WORD, '').replace(JOINED_VOCATIVE, 'يا ').replace(JOINED_HA, 'ها '))
    .replace(SAD_READ_AS_SIN, 'س')
    .replace(MEDIAL_ALEF_MAQSURA, 'ا')
    .replace(MEDIAL_SMALL_YA, 'ي')
    .replace(WAW_AS_ALEF, 'ا')
    .replace(INITIAL_WAW_ALEF, 'وا')
    .replace(ONE_LAM, 'الل');
}

/** True when the string contains Arabic-script letters. */
export function hasArabicScript(text: string): boolean {
  return /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/.test(text);
}
