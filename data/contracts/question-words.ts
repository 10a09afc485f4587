/**
 * Whether a question has words: a letter or a digit in any script that a reader can see. Some
 * letters draw nothing (the Hangul fillers U+115F, U+1160, U+3164, U+FFA0, and the Arabic tatweel
 * U+0640, which only stretches the letters beside it), so a question of them alone is as empty as
 * one of spaces: the widget, the search and the proxy all ask this, so none of them sends it on.
 */
const INVISIBLE_LETTERS = /[\u115F\u1160\u3164\uFFA0\u0640]/gu;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

export function hasWords(text: string): boolean {
  return LETTER_OR_DIGIT.test(text.replace(INVISIBLE_LETTERS, ''));
}
