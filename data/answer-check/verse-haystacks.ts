/**
 * The corpus text that quotes in answers are checked against, normalised once per verse and
 * kept for the life of the corpus. An answer is checked again on every streamed chunk, and
 * an uncited ﴿…﴾ quote is looked up in the whole Quran: normalising 6,236 verses for each
 * such quote took about half a second, and an answer can hold hundreds of quotes.
 */
import type { TextTrackId } from '../corpus/corpus-types.js';
import { arabicSkeleton, isCjk, quoteForms, quoteHaystack, type QuoteHaystack } from './quote-check.js';

/** What the haystacks read from the corpus (the `Corpus` class satisfies it). */
export interface HaystackCorpus {
  trackTexts(id: TextTrackId | 'arabic' | 'arabic-search'): readonly string[];
}

export type QuoteTrack = 'arabic' | TextTrackId;

/** A verse's forms with bracketed insertions kept and removed (the same string when it has none). */
interface VerseForms {
  readonly kept: string;
  readonly removed: string;
}

export class VerseHaystacks {
  readonly #corpus: HaystackCorpus;
  readonly #forms = new Map<QuoteTrack, (VerseForms | undefined)[]>();
  #quran: QuoteHaystack | undefined;

  constructor(corpus: HaystackCorpus) {
    this.#corpus = corpus;
  }

  /** The verses at `indexes` (global, in reading order) in each track, one text per track and form. */
  of(tracks: readonly QuoteTrack[], indexes: readonly number[]): QuoteHaystack {
    const texts: string[] = [];
    for (const track of tracks) {
      const forms = indexes.map((i) => this.#formsOf(track, i));
      // Chinese is compared without spaces, across verse boundaries too.
      const separator = forms.some((f) => isCjk(f.kept)) ? '' : ' ';
      const kept = forms.map((f) => f.kept).join(separator);
      const removed = forms.map((f) => f.removed).join(separator);
      texts.push(kept);
      if (removed !== kept) texts.push(removed);
    }
    return quoteHaystack(texts);
  }

  /** The whole Quran in Arabic, for a ﴿…﴾ quote that cites nothing. */
  quran(): QuoteHaystack {
    this.#quran ??= this.of(['arabic'], [...this.#corpus.trackTexts('arabic').keys()]);
    return this.#quran;
  }

  #formsOf(track: QuoteTrack, index: number): VerseForms {
    let cache = this.#forms.get(track);
    if (!cache) this.#forms.set(track, (cache = []));
    let forms = cache[index];
    if (!forms) {
      forms = track === 'arabic' ? arabicForms(this.#corpus.trackTexts('arabic-search')[index] ?? '') : translationForms(this.#corpus.trackTexts(track)[index] ?? '');
      cache[index] = forms;
    }
    return forms;
  }
}

/** The corpus ships its Arabic normalised for search; the skeleton of that is the Uthmani text's. */
function arabicForms(normalised: string): VerseForms {
  const skeleton = arabicSkeleton(normalised);
  return { kept: skeleton, removed: skeleton };
}

function translationForms(text: string): VerseForms {
  const [kept = '', removed = kept] = quoteForms(text);
  return { kept, removed };
}

const byCorpus = new WeakMap<HaystackCorpus, VerseHaystacks>();

/** The haystacks of a corpus, made on first use. */
export function verseHaystacksOf(corpus: HaystackCorpus): VerseHaystacks {
  let haystacks = byCorpus.get(corpus);
  if (!haystacks) byCorpus.set(corpus, (haystacks = new VerseHaystacks(corpus)));
  return haystacks;
}
