/**
 * Does a quotation in an answer match the corpus text of the verse(s) it claims to quote?
 * Arabic is compared letter for letter after folding only true spelling variants (Uthmani and
 * modern spelling of the same verse agree), and vowel for vowel where both write one
 * (`arabic/quote-spelling.ts`, ADR 0029): a changed letter, word or case ending is a misquote.
 * A translation is compared word for word, ignoring case, punctuation, accents and the bracketed
 * clarifications translators add ("[Allah]"). An excerpt is accepted (`…` splits it). DOM-free.
 */
import { hasArabicScript } from '../arabic/arabic-normalize.js';
import { arabicQuoteForm, NO_VOWEL, vowelsAgree } from '../arabic/quote-spelling.js';

/** Quotes shorter than this many words are ordinary quoted terms, not verse quotes. */
export const MIN_QUOTE_WORDS = 3;

const CJK = /[\u3040-\u30FF\u3400-\u9FFF\uF900-\uFAFF]/;

/** Chinese and Japanese text is compared without spaces. */
export function isCjk(text: string): boolean {
  return CJK.test(text);
}

/**
 * Longest run of combining marks (and tatweel) kept, and longest word, before a text is
 * normalised. The Quran has at most 8 marks in a row and no word over 30 letters (a Chinese
 * verse is one "word", and Chinese is compared without spaces anyway), so real text is
 * unchanged; a hostile quote made of one endless word or mark run would otherwise make the
 * Unicode and Arabic normalisers rescan it once per character.
 */
const MAX_MARK_RUN = 16;
const MAX_WORD = 64;
const WIDE_SPACE_RUN = /[\s\u00A0\u2000-\u200F\u202F]+/g;
const LONG_MARK_RUN = new RegExp(`[\\p{M}\\u0640]{${MAX_MARK_RUN + 1},}`, 'gu');
const LONG_WORD = new RegExp(`[^ ]{${MAX_WORD}}`, 'gu');

function boundRuns(text: string): string {
  return text
    .replace(WIDE_SPACE_RUN, ' ')
    .replace(LONG_MARK_RUN, (run) => run.slice(0, MAX_MARK_RUN))
    .replace(LONG_WORD, '$& ');
}

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
 * `text` with bracketed insertions ("[Allah]", "(i.e. …)") replaced by a space, as
 * `text.replace(/\[[^\]]*\]|\([^)]*\)/g, ' ')` would, in one pass: that pattern rescans to
 * the end of the text from every `[` that is never closed.
 */
function dropBracketed(text: string): string {
  let out = '';
  let from = 0;
  let nextSquare = -2;
  let nextRound = -2;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch !== '[' && ch !== '(') continue;
    if (ch === '[' && nextSquare !== -1 && nextSquare <= i) nextSquare = text.indexOf(']', i + 1);
    if (ch === '(' && nextRound !== -1 && nextRound <= i) nextRound = text.indexOf(')', i + 1);
    const close = ch === '[' ? nextSquare : nextRound;
    if (close === -1) continue;
    out += `${text.slice(from, i)} `;
    from = close + 1;
    i = close;
  }
  return out + text.slice(from);
}

/**
 * A text as it is compared: its normalised words and, for Arabic, the vowel written on each letter
 * (`vowels` runs beside `text`, NO_VOWEL where none is written).
 */
export interface QuoteForm {
  readonly text: string;
  readonly vowels?: string;
}

/** Normalised forms of a text: with bracketed insertions kept (brackets dropped) and removed; Arabic has one. */
export function quoteForms(text: string): QuoteForm[] {
  const bounded = boundRuns(text);
  if (hasArabicScript(bounded)) {
    const form = arabicQuoteForm(bounded);
    return [{ text: form.letters, vowels: form.vowels }];
  }
  const kept = foldLatin(bounded);
  const removed = foldLatin(dropBracketed(bounded));
  const forms = kept === removed ? [kept] : [kept, removed];
  return (CJK.test(text) ? forms.map((f) => f.replace(/\s+/g, '')) : forms).map((f) => ({ text: f }));
}

export function wordCount(text: string): number {
  if (CJK.test(text)) return text.replace(/[^\p{L}]/gu, '').length >= 4 ? MIN_QUOTE_WORDS : 0;
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Texts prepared once for looking quotes up in: their normalised forms, padded for whole-word matches. */
export interface QuoteHaystack {
  readonly texts: readonly QuoteForm[];
}

/** A form padded for whole-word matches (Chinese has no words to pad). */
function padded(form: QuoteForm): QuoteForm {
  if (CJK.test(form.text)) return form;
  return form.vowels === undefined ? { text: ` ${form.text} ` } : { text: ` ${form.text} `, vowels: `${NO_VOWEL}${form.vowels}${NO_VOWEL}` };
}

/** A haystack from normalised forms (as `quoteForms` returns them). */
export function quoteHaystack(forms: readonly QuoteForm[]): QuoteHaystack {
  return { texts: forms.map(padded) };
}

/**
 * Excerpts one quote may be cut into (`…`). Each is looked up in every text of the haystack
 * (the whole Quran for an uncited ﴿…﴾ quote): a hostile quote of hundreds of excerpts would
 * freeze the page, and no real quotation of a verse has more than a few.
 */
export const MAX_QUOTE_EXCERPTS = 6;

/**
 * `verbatim`: the quote is a run of the text. `shortened`: its excerpts (split by `…`) occur in
 * that order, but what was left out may change the meaning ("There shall be … compulsion in …
 * the religion" from "no compulsion"), so it is not vouched for. `absent`: not in the text, or
 * not in that order. `too-long`: more excerpts than MAX_QUOTE_EXCERPTS, not looked up.
 */
export type QuoteMatch = 'verbatim' | 'shortened' | 'absent' | 'too-long';

/** Where a quote stands against the haystack: the excerpts must occur in order, on word boundaries, in one text. */
export function quoteMatchIn(quote: string, haystack: QuoteHaystack): QuoteMatch {
  const excerpts = quote.split(/…|\.\s*\.\s*\./).filter((f) => /[\p{L}\p{N}]/u.test(f));
  if (excerpts.length === 0) return 'absent';
  // Latin words inside an Arabic quotation («يا أيها <aya_end> الذين») are not the verse's.
  if (hasArabicScript(quote) && /[A-Za-z]/.test(quote)) return 'absent';
  if (excerpts.length > MAX_QUOTE_EXCERPTS) return 'too-long';
  const forms = excerpts.map((e) =>
    quoteForms(e)
      .filter((f) => f.text !== '')
      .map(padded),
  );
  const found = haystack.texts.some((text) => inOrder(forms, text));
  return !found ? 'absent' : excerpts.length === 1 ? 'verbatim' : 'shortened';
}

/**
 * Occurrences of one excerpt tried before giving up on a text: its letters may recur with other
 * vowels (a phrase repeated in the Quran), and a hostile quote must not make this quadratic.
 */
const MAX_OCCURRENCES = 32;

/** Where `form` ends in `text` at or after `from` (its vowels agreeing), or -1. */
function endOf(form: QuoteForm, text: QuoteForm, from: number): number {
  let at = text.text.indexOf(form.text, from);
  for (let tries = 0; at !== -1 && tries < MAX_OCCURRENCES; tries++) {
    if (form.vowels === undefined || text.vowels === undefined || vowelsAgree(form.vowels, text.vowels, at)) return at + form.text.length;
    at = text.text.indexOf(form.text, at + 1);
  }
  return -1;
}

/** Each excerpt (any of its forms) found after the end of the one before it. */
function inOrder(excerpts: readonly (readonly QuoteForm[])[], text: QuoteForm): boolean {
  let from = 0;
  for (const forms of excerpts) {
    let next = -1;
    for (const form of forms) {
      // The excerpts share their padding space, so the next one may start on the same space.
      const end = endOf(form, text, Math.max(0, from - 1));
      if (end !== -1 && (next === -1 || end < next)) next = end;
    }
    if (next === -1) return false;
    from = next;
  }
  return true;
}

/** True when the quote is a run of one of the texts, or its excerpts occur in one of them in order. */
export function quoteMatches(quote: string, texts: readonly string[]): boolean {
  const match = quoteMatchIn(quote, quoteHaystack(texts.flatMap((t) => quoteForms(t))));
  return match === 'verbatim' || match === 'shortened';
}
