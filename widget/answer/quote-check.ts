/**
 * Does a quotation in an answer match the corpus text of the verse(s) it claims to quote?
 * Comparison ignores case, punctuation, diacritics, Arabic vowel marks and the bracketed
 * clarifications translators add ("[Allah]"), and accepts an excerpt (`…` splits it).
 * DOM-free.
 */
import { hasArabicScript, normalizeArabic } from '../../data/corpus/arabic-normalize.js';

/** Quotes shorter than this many words are ordinary quoted terms, not verse quotes. */
export const MIN_QUOTE_WORDS = 3;

const CJK = /[\u3040-\u30FF\u3400-\u9FFF\uF900-\uFAFF]/;

function foldLatin(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`ʼʻ]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Arabic is compared as a consonant skeleton: Uthmani spelling drops or swaps long vowels
 * that modern spelling writes (ٱلصَّـٰبِرِينَ → الصبرين vs الصابرين, ٱلصَّلَوٰة vs الصلاة),
 * so alef, waw, ya and hamza are left out on both sides.
 */
function foldArabic(text: string): string {
  return normalizeArabic(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/[اويءى]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Normalised forms of a text: with bracketed insertions kept (brackets dropped) and removed. */
export function quoteForms(text: string): string[] {
  const fold = hasArabicScript(text) ? foldArabic : foldLatin;
  const kept = fold(text);
  const removed = fold(text.replace(/\[[^\]]*\]|\([^)]*\)/g, ' '));
  const forms = kept === removed ? [kept] : [kept, removed];
  return CJK.test(text) ? forms.map((f) => f.replace(/\s+/g, '')) : forms;
}

export function wordCount(text: string): number {
  if (CJK.test(text)) return text.replace(/[^\p{L}]/gu, '').length >= 4 ? MIN_QUOTE_WORDS : 0;
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** True when every excerpt of the quote appears, on word boundaries, in one of the texts. */
export function quoteMatches(quote: string, texts: readonly string[]): boolean {
  const fragments = quote.split(/…|\.\s*\.\s*\./).filter((f) => /[\p{L}\p{N}]/u.test(f));
  if (fragments.length === 0) return false;
  const haystacks = texts.flatMap((t) => quoteForms(t)).map((t) => (CJK.test(t) ? t : ` ${t} `));
  return fragments.every((fragment) =>
    quoteForms(fragment).some((form) => form !== '' && haystacks.some((h) => h.includes(CJK.test(form) ? form : ` ${form} `))),
  );
}
