/**
 * The verse a misquoted Arabic quotation was meant to be, so the visitor can read it as it really
 * is ("The verse reads: …"), or none when the quotation is no verse at all (a fabrication).
 *
 * Words are compared in the quote-checking form (`arabic/quote-spelling.ts`, letters only). The
 * quote's rarer words vote for where in the Quran it would start (a word at position p of the
 * Quran, i-th in the quote, votes for a start at p - i, by its idf); the best few starts are then
 * aligned word by word (edit distance with free ends, a word one letter away costing half). The
 * best alignment names a verse when it keeps most of the quote, or a run of the verse's words in
 * order beside enough others (an LLM often starts a verse right and then invents its end); else
 * the quotation is no verse. Work is bounded: quote words read, postings per word, starts
 * aligned. DOM-free.
 */
import type { VerseRange } from '../corpus/corpus-types.js';
import { arabicQuoteForm } from '../arabic/quote-spelling.js';
import { normalizeArabic } from '../arabic/arabic-normalize.js';

/** What the correction reads of the corpus (the `Corpus` class satisfies it). */
export interface CorrectionCorpus {
  trackTexts(id: 'arabic' | 'arabic-search'): readonly string[];
  /** One verse's search form, made on first use (so warming up never makes the whole Quran's at once). */
  arabicSearchAt(index: number): string;
  refAt(index: number): { surah: number; ayah: number };
}

export interface QuoteCorrection {
  /** The verse or verses the quotation was meant to be (one surah). */
  readonly range: VerseRange;
  /** Global indexes of those verses. */
  readonly verses: readonly number[];
  /** Share of the quotation the verse keeps (1 = every word). */
  readonly similarity: number;
}

export interface QuoteCorrectionOptions {
  /** A verse is meant when the alignment keeps this share of the quote (1 - cost / words). Default 0.6. */
  readonly minSimilarity: number;
  /** …or when this many of its words run in order in the quote… Default 4. */
  readonly minRun: number;
  /** …and the quote's words found exactly are at least this share of it. Default 0.25. */
  readonly minRunShare: number;
  /**
   * Where the quote cites verses, they are meant when it keeps this share of them (1 - cost /
   * words, against those verses alone) with at least two of their words: the answer says which
   * verse it means, and only a quote that is no longer that verse at all is looked for elsewhere.
   * Default 0.3.
   */
  readonly minCitedSimilarity: number;
}

export const DEFAULT_CORRECTION_OPTIONS: QuoteCorrectionOptions = { minSimilarity: 0.6, minRun: 4, minRunShare: 0.25, minCitedSimilarity: 0.3 };

/** Words of a quote read; a longer quote is corrected from its start. */
const MAX_QUOTE_WORDS = 120;
/** Positions read per word (the commonest words are skipped by their idf anyway). */
const MAX_POSTINGS = 4000;
/** Starts aligned word by word. */
const CANDIDATES = 8;
/** Cited verses a quote is aligned against (a citation of a whole surah is looked for everywhere instead). */
const MAX_CITED_VERSES = 20;

/**
 * The search text's words (already normalised, so the whole Quran is indexed in milliseconds):
 * only where to look. The alignment that decides reads the Uthmani text of the verses found.
 */
interface WordIndex {
  readonly verseOf: Uint16Array;
  readonly postings: ReadonlyMap<string, readonly number[]>;
}

const indexes = new WeakMap<CorrectionCorpus, WordIndex>();
const partials = new WeakMap<CorrectionCorpus, { verseOf: number[]; postings: Map<string, number[]>; next: number }>();

/**
 * Verses of one warm-up step between looks at the clock: deriving a verse's search text costs up to
 * a tenth of a millisecond on a slow phone-class core, so 250 verses overshot an 8 ms slice by 30 ms.
 */
const WARM_UP_SLICE = 20;

/**
 * Builds the correction's word index a slice at a time, so the first misquote of an answer does
 * not pay for it in one long task: the widget calls this while idle. Stops when `timeUp()` says so;
 * true once the index is whole.
 */
export function warmUpCorrection(corpus: CorrectionCorpus, timeUp: () => boolean): boolean {
  if (indexes.has(corpus)) return true;
  const count = corpus.trackTexts('arabic').length;
  let p = partials.get(corpus);
  if (!p) partials.set(corpus, (p = { verseOf: [], postings: new Map(), next: 0 }));
  while (p.next < count) {
    const end = Math.min(count, p.next + WARM_UP_SLICE);
    for (let verse = p.next; verse < end; verse++) {
      for (const w of corpus.arabicSearchAt(verse).split(' ')) {
        if (!w) continue;
        let list = p.postings.get(w);
        if (!list) p.postings.set(w, (list = []));
        list.push(p.verseOf.length);
        p.verseOf.push(verse);
      }
    }
    p.next = end;
    if (p.next < count && timeUp()) return false;
  }
  indexes.set(corpus, { verseOf: Uint16Array.from(p.verseOf), postings: p.postings });
  partials.delete(corpus);
  return true;
}

/** True once the correction's word index is built (`warmUpCorrection`). */
export function correctionPrepared(corpus: CorrectionCorpus): boolean {
  return indexes.has(corpus);
}

function wordIndex(corpus: CorrectionCorpus): WordIndex {
  while (!warmUpCorrection(corpus, () => false));
  return indexes.get(corpus)!;
}

/** The Uthmani words of verses `from..to` in the form quotes are compared in, with the verse of each. */
function uthmaniWords(corpus: CorrectionCorpus, verses: readonly number[]): { words: string[]; verseOf: number[] } {
  const words: string[] = [];
  const verseOf: number[] = [];
  for (const v of verses) {
    for (const word of arabicQuoteForm(corpus.trackTexts('arabic')[v] ?? '').letters.split(' ')) {
      if (!word) continue;
      words.push(word);
      verseOf.push(v);
    }
  }
  return { words, verseOf };
}

/** Cost of aligning two words: 0 equal, 0.5 one letter apart, else 1. */
function wordCost(a: string, b: string): number {
  if (a === b) return 0;
  if (Math.abs(a.length - b.length) > 1) return 1;
  // One substitution, insertion or deletion apart?
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const restA = a.slice(i + (a.length >= b.length ? 1 : 0));
  const restB = b.slice(i + (b.length >= a.length ? 1 : 0));
  return restA === restB ? 0.5 : 1;
}

interface Alignment {
  readonly cost: number;
  /** Text positions the quote's words were aligned to exactly, in order. */
  readonly exact: readonly number[];
  /** Longest run of quote words aligned exactly to consecutive text words. */
  readonly run: number;
}

/** Best alignment of the quote inside `text` (free start and end in text), with the words it matched exactly. */
function align(quote: readonly string[], text: readonly string[]): Alignment {
  const n = quote.length;
  const m = text.length;
  const w = m + 1;
  // cost[i * w + j]: the quote's first i words aligned, ending at text word j; a start anywhere is free.
  const cost = new Float64Array((n + 1) * w);
  const move = new Uint8Array((n + 1) * w); // 1 diagonal, 2 quote word skipped, 3 text word skipped
  for (let i = 1; i <= n; i++) {
    cost[i * w] = i;
    move[i * w] = 2;
    for (let j = 1; j <= m; j++) {
      const sub = cost[(i - 1) * w + j - 1]! + wordCost(quote[i - 1]!, text[j - 1]!);
      const del = cost[(i - 1) * w + j]! + 1;
      const ins = cost[i * w + j - 1]! + 1;
      const k = i * w + j;
      if (sub <= del && sub <= ins) [cost[k], move[k]] = [sub, 1];
      else if (del <= ins) [cost[k], move[k]] = [del, 2];
      else [cost[k], move[k]] = [ins, 3];
    }
  }
  let j = 0;
  for (let x = 1; x <= m; x++) if (cost[n * w + x]! < cost[n * w + j]!) j = x;
  const best = cost[n * w + j]!;
  const exact: number[] = [];
  let run = 0;
  let current = 0;
  for (let i = n; i > 0 && j > 0; ) {
    const mv = move[i * w + j];
    if (mv === 1) {
      if (quote[i - 1] === text[j - 1]) {
        exact.push(j - 1);
        current++;
        run = Math.max(run, current);
      } else current = 0;
      i--;
      j--;
    } else {
      current = 0;
      if (mv === 2) i--;
      else j--;
    }
  }
  return { cost: best, exact: exact.reverse(), run };
}

/** The verse(s) an Arabic quotation was meant to be, or undefined when it matches none closely enough. */
/** The verses whose words the exact matches fall in, trimmed of a verse at either end with a single stray word, in one surah. */
function versesOf(exact: readonly number[], verseAt: (p: number) => number, corpus: CorrectionCorpus, similarity: number): QuoteCorrection {
  const perVerse = new Map<number, number>();
  for (const p of exact) perVerse.set(verseAt(p), (perVerse.get(verseAt(p)) ?? 0) + 1);
  const touched = [...perVerse.keys()].sort((a, b) => a - b);
  while (touched.length > 1 && perVerse.get(touched[0]!)! < 2) touched.shift();
  while (touched.length > 1 && perVerse.get(touched[touched.length - 1]!)! < 2) touched.pop();
  const first = touched[0]!;
  let last = touched[touched.length - 1]!;
  // One surah only: a quote running into the next surah is corrected to its first one's verses.
  const start = corpus.refAt(first);
  while (last > first && corpus.refAt(last).surah !== start.surah) last--;
  const verses = Array.from({ length: last - first + 1 }, (_, k) => first + k);
  return { range: { surah: start.surah, from: start.ayah, to: corpus.refAt(last).ayah }, verses, similarity };
}

/**
 * The verse(s) an Arabic quotation was meant to be, or undefined when it matches none closely enough.
 * @param cited global indexes of the verses the answer cites for it, when it cites any
 */
export function correctQuote(
  quote: string,
  corpus: CorrectionCorpus,
  overrides: Partial<QuoteCorrectionOptions> = {},
  cited: readonly number[] = [],
): QuoteCorrection | undefined {
  const options = { ...DEFAULT_CORRECTION_OPTIONS, ...overrides };
  const q = arabicQuoteForm(quote).letters.split(' ').filter(Boolean).slice(0, MAX_QUOTE_WORDS);
  if (q.length === 0) return undefined;
  let citedMatch: QuoteCorrection | undefined;
  if (cited.length > 0 && cited.length <= MAX_CITED_VERSES) {
    const { words, verseOf: verseOfWord } = uthmaniWords(corpus, cited);
    const a = align(q, words);
    const similarity = 1 - a.cost / q.length;
    if (similarity >= options.minCitedSimilarity && a.exact.length >= 2) citedMatch = versesOf(a.exact, (p) => verseOfWord[p]!, corpus, similarity);
  }
  // A verse elsewhere can keep at most all of the quote: past 1 - margin the cited verse stands,
  // and the whole Quran is not searched (the answer check runs while an answer streams).
  if (citedMatch && citedMatch.similarity + CITED_MARGIN > 1) return citedMatch;
  const found = findQuoted(q, quote, corpus, options);
  // The cited verse is meant unless another verse holds the quotation far better (the answer
  // quoted one verse and cited another on the same theme: a verse asking about the Hour quoted,
  // its neighbour in meaning cited).
  if (citedMatch && !(found && found.similarity >= Math.max(options.minSimilarity, citedMatch.similarity + CITED_MARGIN))) return citedMatch;
  return found;
}

/** How much better (share of the quotation kept) another verse must be than the cited one to be preferred. */
const CITED_MARGIN = 0.25;

/** The verse(s) holding the quotation best anywhere in the Quran, when close enough. */
function findQuoted(q: readonly string[], quote: string, corpus: CorrectionCorpus, options: QuoteCorrectionOptions): QuoteCorrection | undefined {
  const index = wordIndex(corpus);
  const total = index.verseOf.length;
  const votes = new Map<number, number>();
  normalizeArabic(quote)
    .split(/[^\p{L}\p{M}]+/u)
    .filter(Boolean)
    .slice(0, MAX_QUOTE_WORDS)
    .forEach((w, i) => {
      const list = index.postings.get(w);
      if (!list) return;
      const idf = Math.log(total / list.length);
      for (let k = 0; k < list.length && k < MAX_POSTINGS; k++) {
        const start = list[k]! - i;
        votes.set(start, (votes.get(start) ?? 0) + idf);
      }
    });
  if (votes.size === 0) return undefined;
  const starts = [...votes].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, CANDIDATES);
  let best: { alignment: Alignment; verseOf: readonly number[] } | undefined;
  for (const [start] of starts) {
    const first = index.verseOf[Math.max(0, start - Math.ceil(q.length / 2))]!;
    const last = index.verseOf[Math.min(total - 1, Math.max(0, start) + q.length + Math.ceil(q.length / 2))]!;
    const span = uthmaniWords(
      corpus,
      Array.from({ length: last - first + 1 }, (_, k) => first + k),
    );
    const alignment = align(q, span.words);
    if (!best || alignment.cost < best.alignment.cost) best = { alignment, verseOf: span.verseOf };
  }
  const { alignment, verseOf } = best!;
  const similarity = 1 - alignment.cost / q.length;
  // A verse is meant when the quote keeps most of it, or a run of its words in order beside enough others.
  const meant = similarity >= options.minSimilarity || (alignment.run >= options.minRun && alignment.exact.length >= options.minRunShare * q.length);
  if (!meant || alignment.exact.length === 0) return undefined;
  return versesOf(alignment.exact, (p) => verseOf[p]!, corpus, similarity);
}
