/**
 * The corpus text that quotes in answers are checked against, normalised once per verse and
 * kept for the life of the corpus. An answer is checked again on every streamed chunk, and
 * an uncited ﴿…﴾ quote is looked up in the whole Quran: normalising 6,236 verses for each
 * such quote took about half a second, and an answer can hold hundreds of quotes.
 */
import type { TextTrackId } from '../corpus/corpus-types.js';
import { arabicQuoteForm, NO_VOWEL } from '../arabic/quote-spelling.js';
import { normalizeArabic } from '../arabic/arabic-normalize.js';
import { isCjk, quoteForms, quoteHaystack, type QuoteForm, type QuoteHaystack } from './quote-check.js';

/** What the haystacks read from the corpus (the `Corpus` class satisfies it). */
export interface HaystackCorpus {
  trackTexts(id: TextTrackId | 'arabic' | 'arabic-search'): readonly string[];
  /** One verse's search form, made on first use (so warming up never makes the whole Quran's at once). */
  arabicSearchAt(index: number): string;
}

export type QuoteTrack = 'arabic' | TextTrackId;

/** A verse's forms with bracketed insertions kept and removed (the same form when it has none). */
interface VerseForms {
  readonly kept: QuoteForm;
  readonly removed: QuoteForm;
}

export class VerseHaystacks {
  readonly #corpus: HaystackCorpus;
  readonly #forms = new Map<QuoteTrack, (VerseForms | undefined)[]>();
  #quranSkeleton: QuranSkeleton | undefined;
  /** The skeleton being built a slice at a time (`warmUp`), until it is whole. */
  #partial: { parts: string[]; starts: number[]; length: number } | undefined;

  /**
   * Builds the whole Quran's skeleton a slice at a time, so the first uncited quote of an answer
   * does not pay for it in one long task: the widget calls this while idle. Stops when `timeUp()`
   * says so (checked every few hundred verses); true once the skeleton is whole.
   */
  /** True once the whole Quran's skeleton is built (`warmUp`). */
  get prepared(): boolean {
    return this.#quranSkeleton !== undefined;
  }

  warmUp(timeUp: () => boolean): boolean {
    if (this.#quranSkeleton) return true;
    const count = this.#corpus.trackTexts('arabic').length;
    const p = (this.#partial ??= { parts: [' '], starts: [], length: 1 });
    while (p.starts.length < count) {
      const end = Math.min(count, p.starts.length + WARM_UP_SLICE);
      for (let i = p.starts.length; i < end; i++) {
        p.starts.push(p.length);
        const part = `${arabicSkeleton(this.#corpus.arabicSearchAt(i))} `;
        p.parts.push(part);
        p.length += part.length;
      }
      if (p.starts.length < count && timeUp()) return false;
    }
    this.#quranSkeleton = { text: p.parts.join(''), starts: p.starts };
    this.#partial = undefined;
    return true;
  }

  constructor(corpus: HaystackCorpus) {
    this.#corpus = corpus;
  }

  /** The verses at `indexes` (global, in reading order) in each track, one text per track and form. */
  of(tracks: readonly QuoteTrack[], indexes: readonly number[]): QuoteHaystack {
    const texts: QuoteForm[] = [];
    for (const track of tracks) {
      const forms = indexes.map((i) => this.#formsOf(track, i));
      // Chinese is compared without spaces, across verse boundaries too.
      const separator = forms.some((f) => isCjk(f.kept.text)) ? '' : ' ';
      const kept = joinForms(
        forms.map((f) => f.kept),
        separator,
      );
      const removed = joinForms(
        forms.map((f) => f.removed),
        separator,
      );
      texts.push(kept);
      if (removed.text !== kept.text) texts.push(removed);
    }
    return quoteHaystack(texts);
  }

  /**
   * Where in the Quran an Arabic quote that cites nothing (﴿…﴾) may be: runs of verses around the
   * places where three of its words occur, by their consonant skeleton. The skeletons come
   * from the search text, already normalised, so the whole Quran is searched in milliseconds; the
   * verdict is then reached on the Uthmani text of those verses alone (`of`), the part of the
   * corpus checked against its sha256 on every read. An edited search text can only hide a verse
   * from this look-up (the quote is then flagged), never vouch for a quote.
   */
  quranCandidates(quote: string): number[][] {
    while (!this.warmUp(() => false));
    const skeletons = this.#quranSkeleton!;
    const first = quote.split(/…|\.\s*\.\s*\./).find((f) => /[\p{L}\p{N}]/u.test(f)) ?? '';
    const words = arabicSkeleton(normalizeArabic(first)).split(' ').filter(Boolean);
    if (words.length === 0) return [];
    // Three words at the start, the middle and the end: a word whose skeleton differs between the
    // two spellings hides only the anchors it is in.
    const middle = Math.max(0, Math.floor(words.length / 2) - 1);
    const anchors = [
      { at: 0, words: words.slice(0, ANCHOR_WORDS) },
      { at: middle, words: words.slice(middle, middle + ANCHOR_WORDS) },
      { at: Math.max(0, words.length - ANCHOR_WORDS), words: words.slice(-ANCHOR_WORDS) },
    ];
    const runs = new Map<number, number[]>();
    const last = skeletons.starts.length - 1;
    for (const anchor of anchors) {
      const needle = ` ${anchor.words.join(' ')} `;
      let found = 0;
      for (let at = skeletons.text.indexOf(needle); at !== -1 && found < MAX_ANCHOR_HITS; at = skeletons.text.indexOf(needle, at + 1), found++) {
        const verse = verseAt(skeletons.starts, at + 1);
        const from = Math.max(0, verse - (anchor.at > 0 ? CANDIDATE_TAIL : 0));
        if (runs.has(from)) continue;
        const to = Math.min(last, verseAt(skeletons.starts, at + needle.length - 1) + CANDIDATE_TAIL);
        runs.set(
          from,
          Array.from({ length: to - from + 1 }, (_, k) => from + k),
        );
      }
    }
    return [...runs.values()];
  }

  #formsOf(track: QuoteTrack, index: number): VerseForms {
    let cache = this.#forms.get(track);
    if (!cache) this.#forms.set(track, (cache = []));
    let forms = cache[index];
    if (!forms) {
      forms = track === 'arabic' ? arabicForms(this.#corpus.trackTexts('arabic')[index] ?? '') : translationForms(this.#corpus.trackTexts(track)[index] ?? '');
      cache[index] = forms;
    }
    return forms;
  }
}

/** Words of one anchor a quote is looked for by. */
const ANCHOR_WORDS = 3;
/** Places one anchor is looked at (a phrase the Quran repeats is found in each). */
const MAX_ANCHOR_HITS = 16;
/** Verses around an anchor's: before it, for a quote that starts earlier; after, for what a shortened quote skips. */
const CANDIDATE_TAIL = 3;

/** The whole Quran as one consonant skeleton, and where each verse starts in it. */
interface QuranSkeleton {
  readonly text: string;
  readonly starts: readonly number[];
}

/**
 * The consonant skeleton of normalised Arabic: alef, waw, ya and hamza left out on both sides, so
 * Uthmani and modern spelling of a verse meet. Only for finding where to look; never a verdict.
 */
function arabicSkeleton(normalised: string): string {
  return normalised
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/[اويءى]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * Verses of one warm-up step between looks at the clock: deriving a verse's search text costs up to
 * a tenth of a millisecond on a slow phone-class core, so 250 verses overshot an 8 ms slice by 30 ms.
 */
const WARM_UP_SLICE = 20;

/** The verse whose skeleton holds position `at` (binary search of the starts). */
function verseAt(starts: readonly number[], at: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Forms joined into one text; Arabic vowels stay beside their letters. */
function joinForms(forms: readonly QuoteForm[], separator: string): QuoteForm {
  const text = forms.map((f) => f.text).join(separator);
  if (forms.length === 0 || forms.some((f) => f.vowels === undefined)) return { text };
  return { text, vowels: forms.map((f) => f.vowels).join(NO_VOWEL.repeat(separator.length)) };
}

/**
 * The verse's Uthmani text itself, the part of the corpus checked against its sha256 on every
 * read, in the form quotes are compared in (not the search track, which is not part of a verdict).
 */
function arabicForms(uthmani: string): VerseForms {
  const form = arabicQuoteForm(uthmani);
  const kept = { text: form.letters, vowels: form.vowels };
  return { kept, removed: kept };
}

function translationForms(text: string): VerseForms {
  const [kept = { text: '' }, removed = kept] = quoteForms(text);
  return { kept, removed };
}

const byCorpus = new WeakMap<HaystackCorpus, VerseHaystacks>();

/** The haystacks of a corpus, made on first use. */
export function verseHaystacksOf(corpus: HaystackCorpus): VerseHaystacks {
  let haystacks = byCorpus.get(corpus);
  if (!haystacks) byCorpus.set(corpus, (haystacks = new VerseHaystacks(corpus)));
  return haystacks;
}
