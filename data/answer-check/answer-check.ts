/**
 * Checks a parsed answer: each citation against the corpus and the retrieved verses (each
 * `[site:N]` against the site passages and those retrieved), and
 * each quotation that claims to be a verse (a quote next to a citation, a block quote with
 * a citation, or Quranic ornate brackets ﴿…﴾) against the corpus text. DOM-free; the
 * renderer reads the verdicts from the returned maps, keyed by node identity.
 */
import type { TextTrackId, VerseRange } from '../corpus/corpus-types.js';
import { formatRange } from '../corpus/verse-range.js';
import {
  checkCitation,
  checkSiteCitation,
  isValidRange,
  type CitationContext,
  type CitationCorpus,
  type CitationStatus,
  type SiteCitationContext,
} from './citation-check.js';
import { inlineText, type BlockNode, type CitationNode, type InlineNode, type SiteCitationNode } from './markdown-subset.js';
import { MIN_QUOTE_WORDS, quoteMatchIn, wordCount, type QuoteMatch } from './quote-check.js';
import { verseHaystacksOf, type QuoteTrack, type VerseHaystacks } from './verse-haystacks.js';
import { correctionPrepared, correctQuote, warmUpCorrection, type CorrectionCorpus, type QuoteCorrection } from './quote-correction.js';
import { hasArabicScript } from '../arabic/arabic-normalize.js';

export interface AnswerCorpus extends CitationCorpus, CorrectionCorpus {
  hasTrack(id: TextTrackId): boolean;
  trackTexts(id: TextTrackId | 'arabic' | 'arabic-search'): readonly string[];
}

export interface AnswerCheckContext extends CitationContext {
  readonly corpus: AnswerCorpus;
  /** Translation tracks a quote may come from (unloaded ones are skipped); Arabic is always checked. */
  readonly tracks: readonly TextTrackId[];
  /** The mosque's passages, when the widget has site documents; without it every `[site:N]` is invalid. */
  readonly site?: SiteCitationContext;
  /**
   * While the answer streams: the whole-Quran lookups (an uncited ﴿…﴾ quote, a misquote's
   * correction) wait until they are prepared (`warmUpAnswerCheck`, run while idle), so no pass
   * builds them in one long task; meanwhile such a quote is "not checked" and a misquote has no
   * correction yet. The finished answer is always checked in full.
   */
  readonly deferUnprepared?: boolean;
}

/**
 * Quotes checked against the corpus in one answer, and the most verses one quote is checked
 * against. A real answer quotes a few verses; without a limit a hostile answer of thousands
 * of quotes, or one quote citing thousands of verses, would freeze the page each time it is
 * checked (on every streamed chunk). Quotes past a limit are flagged as not checked, never
 * shown as verified.
 */
export const MAX_CHECKED_QUOTES = 50;
export const MAX_VERSES_PER_QUOTE = 300;

/** A quotation that presents itself as scripture, and whether the corpus bears it out. */
export interface QuoteVerdict {
  /**
   * `shortened`: its excerpts (split by `…`) are in the verses in that order, but what was left
   * out may change the meaning, so it is not vouched for. `unchecked`: past MAX_CHECKED_QUOTES,
   * MAX_VERSES_PER_QUOTE or MAX_QUOTE_EXCERPTS, so not compared at all. `not-found`: a block
   * quote that cites nothing and is not the text of any verse the visitor was shown.
   */
  readonly status: 'verified' | 'shortened' | 'mismatch' | 'unchecked' | 'not-found';
  /** The cited verses it was checked against, e.g. `2:153`; `Quran` for an uncited ﴿…﴾ quote. */
  readonly against: string;
  /**
   * For an Arabic quote that is not the text it claims to be: the verse it was meant to be, whose
   * real text the visitor is shown beside the flag; absent when it is no verse at all.
   */
  readonly correction?: QuoteCorrection;
}

type QuoteNode = Extract<InlineNode, { type: 'quote' }>;
type LinkNode = Extract<InlineNode, { type: 'link' }>;
type BlockquoteNode = Extract<BlockNode, { type: 'blockquote' }>;

export interface AnswerCheck {
  readonly citations: ReadonlyMap<CitationNode, CitationStatus>;
  readonly siteCitations: ReadonlyMap<SiteCitationNode, CitationStatus>;
  readonly quotes: ReadonlyMap<QuoteNode | BlockquoteNode, QuoteVerdict>;
  /** Links to a verse page on quran.com (`/2/153`, `/2:153-157`): one to a verse that does not exist is not linked. */
  readonly verseLinks: ReadonlyMap<LinkNode, CitationStatus>;
  /** Every citation in reading order, for the answer event (`2:153`, `site:3`). */
  readonly list: readonly { readonly ref: string; readonly status: CitationStatus }[];
}

const GAP = /^[\s,.;:—–\-(]{0,4}$/u;

const STATUS: Readonly<Record<QuoteMatch, QuoteVerdict['status']>> = {
  verbatim: 'verified',
  shortened: 'shortened',
  absent: 'mismatch',
  'too-long': 'unchecked',
};

/**
 * Lookups already made, per corpus. A streamed answer is checked again on every chunk: without
 * this, each chunk would look every earlier quote up again (quadratic over a long answer).
 */
const matchesByCorpus = new WeakMap<VerseHaystacks, Map<string, QuoteMatch>>();
const correctionsByCorpus = new WeakMap<VerseHaystacks, Map<string, QuoteCorrection | null>>();
const MAX_REMEMBERED_MATCHES = 1000;

function remembered<T>(byCorpus: WeakMap<VerseHaystacks, Map<string, T>>, haystacks: VerseHaystacks): Map<string, T> {
  let matches = byCorpus.get(haystacks);
  if (!matches || matches.size >= MAX_REMEMBERED_MATCHES) byCorpus.set(haystacks, (matches = new Map()));
  return matches;
}

/**
 * Corrections shown in one answer: each is looked for in the whole Quran's word index and shows a
 * verse's whole text, and a hostile answer of many misquotes must not freeze the page (the rest
 * are flagged without one).
 */
export const MAX_CORRECTED_QUOTES = 10;

/** quran.com's verse pages: `/2`, `/2/153`, `/2/153-157`, `/2:153`. */
const VERSE_PATH = /^\/(\d{1,4})(?:[/:](\d{1,4})(?:-(\d{1,4}))?)?\/?$/;

/** The verses a quran.com link points at, or undefined for another page of the site. */
function verseLinkRange(href: string): VerseRange | undefined {
  const m = VERSE_PATH.exec(new URL(href).pathname);
  if (!m) return undefined;
  const from = m[2] === undefined ? 1 : Number(m[2]);
  return { surah: Number(m[1]), from, to: m[3] === undefined ? from : Number(m[3]) };
}

function rangeOf(c: CitationNode): VerseRange {
  return { surah: c.surah, from: c.from, to: c.to };
}

/** Global indexes of the verses of the valid ranges, in citation order, each once; undefined past `limit`. */
function versesOf(ranges: readonly VerseRange[], ctx: AnswerCheckContext, limit: number): number[] | undefined {
  const verses = new Set<number>();
  for (const r of ranges) {
    if (!isValidRange(r, ctx.corpus)) continue;
    const first = ctx.corpus.indexOf({ surah: r.surah, ayah: r.from });
    for (let k = 0; k <= r.to - r.from; k++) {
      verses.add(first + k);
      if (verses.size > limit) return undefined;
    }
  }
  return [...verses];
}

/**
 * A few words that introduce a quotation after its citation, in the same sentence: "[2:153]
 * Allah says, "…"". No sentence ends inside it, so "[2:153]. You asked, "…"" (the visitor's own
 * words) is not taken for a quotation of the verse.
 */
const LEAD_IN = /^[^.!?؟。\n]{1,60}[:,،：]\s*$/u;
const MAX_LEAD_IN_WORDS = 6;

function isLeadIn(text: string): boolean {
  return LEAD_IN.test(text) && text.trim().split(/\s+/).length <= MAX_LEAD_IN_WORDS;
}

/** Citations right after (or, failing that, right before, across a short lead-in) a node among its siblings. */
function adjacentCitations(siblings: readonly InlineNode[], at: number): CitationNode[] {
  const collect = (step: 1 | -1): CitationNode[] => {
    const found: CitationNode[] = [];
    for (let i = at + step; i >= 0 && i < siblings.length; i += step) {
      const n = siblings[i]!;
      if (n.type === 'citation') found.push(n);
      else if (n.type === 'text' && GAP.test(n.text)) continue;
      else if (n.type === 'text' && step === -1 && i === at - 1 && isLeadIn(n.text)) continue;
      else break;
    }
    return found;
  };
  const after = collect(1);
  return after.length > 0 ? after : collect(-1);
}

const QUOTE_TAIL = /[\s—–\-(),]/u;

/**
 * A block quote's text without the dash, brackets and spaces before its citation. Trimmed
 * one character at a time from the end: `/[\s…]+$/` would retry from every character of a
 * long run of spaces in the middle, which is quadratic.
 */
function trimQuoteTail(text: string): string {
  let end = text.length;
  while (end > 0 && QUOTE_TAIL.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}

export function checkAnswer(blocks: readonly BlockNode[], ctx: AnswerCheckContext): AnswerCheck {
  const citations = new Map<CitationNode, CitationStatus>();
  const siteCitations = new Map<SiteCitationNode, CitationStatus>();
  const quotes = new Map<QuoteNode | BlockquoteNode, QuoteVerdict>();
  const verseLinks = new Map<LinkNode, CitationStatus>();
  const list: { ref: string; status: CitationStatus }[] = [];

  const haystacks = verseHaystacksOf(ctx.corpus);
  const rememberedMatches = remembered(matchesByCorpus, haystacks);
  const rememberedCorrections = remembered(correctionsByCorpus, haystacks);
  let corrected = 0;
  /** The verse an Arabic misquote was meant to be (remembered across chunks), within the answer's limit. */
  const withCorrection = (text: string, v: QuoteVerdict, cited: readonly number[] = []): QuoteVerdict => {
    if ((v.status !== 'mismatch' && v.status !== 'not-found') || !hasArabicScript(text)) return v;
    if (ctx.deferUnprepared && !correctionPrepared(ctx.corpus)) return v;
    // Each correction shown is a verse's whole text in the page: at most MAX_CORRECTED_QUOTES an answer.
    if (corrected >= MAX_CORRECTED_QUOTES) return v;
    corrected++;
    const key = `${cited.join()}\u0000${text}`;
    let c = rememberedCorrections.get(key);
    if (c === undefined) rememberedCorrections.set(key, (c = correctQuote(text, ctx.corpus, {}, cited) ?? null));
    return c ? { ...v, correction: c } : v;
  };
  const tracks: QuoteTrack[] = ['arabic', ...ctx.tracks.filter((t) => ctx.corpus.hasTrack(t))];
  let checked = 0;
  const match = (text: string, key: string, haystack: () => Parameters<typeof quoteMatchIn>[1]): QuoteMatch => {
    const k = `${key}\u0000${text}`;
    let m = rememberedMatches.get(k);
    if (m === undefined) rememberedMatches.set(k, (m = quoteMatchIn(text, haystack())));
    return m;
  };
  const verdict = (text: string, cited: readonly CitationNode[]): QuoteVerdict => {
    const ranges = cited.map(rangeOf);
    const against = ranges.map(formatRange).join(', ');
    const verses = checked < MAX_CHECKED_QUOTES ? versesOf(ranges, ctx, MAX_VERSES_PER_QUOTE) : undefined;
    if (!verses) return { status: 'unchecked', against };
    checked++;
    return withCorrection(text, { status: STATUS[match(text, `${tracks.join()}:${verses.join()}`, () => haystacks.of(tracks, verses))], against }, verses);
  };
  // A block quote looks like scripture whether or not it cites a verse: one that cites nothing
  // is looked for in the verses the visitor was shown (hits and context, a few dozen).
  const shown = [...ctx.retrieved].sort((a, b) => a - b);
  const shownVerdict = (text: string): QuoteVerdict => {
    if (checked >= MAX_CHECKED_QUOTES || shown.length > MAX_VERSES_PER_QUOTE) return { status: 'unchecked', against: '' };
    checked++;
    const m = match(text, `shown:${tracks.join()}:${shown.join()}`, () => haystacks.of(tracks, shown));
    return withCorrection(text, {
      status: m === 'verbatim' ? 'verified' : m === 'shortened' ? 'shortened' : m === 'too-long' ? 'unchecked' : 'not-found',
      against: '',
    });
  };
  /** An uncited quote against the whole Quran: the best of its candidate runs of verses. */
  const quranMatch = (text: string): QuoteMatch => {
    const k = `quran\u0000${text}`;
    let m = rememberedMatches.get(k);
    if (m === undefined) {
      m = 'absent';
      for (const run of haystacks.quranCandidates(text)) {
        const found = quoteMatchIn(text, haystacks.of(['arabic'], run));
        if (found === 'verbatim' || found === 'too-long') {
          m = found;
          break;
        }
        if (found === 'shortened') m = found;
      }
      rememberedMatches.set(k, m);
    }
    return m;
  };
  const quranVerdict = (text: string): QuoteVerdict => {
    if (checked >= MAX_CHECKED_QUOTES) return { status: 'unchecked', against: 'Quran' };
    if (ctx.deferUnprepared && !haystacks.prepared) return { status: 'unchecked', against: 'Quran' };
    checked++;
    return withCorrection(text, { status: STATUS[quranMatch(text)], against: 'Quran' });
  };

  const walk = (nodes: readonly InlineNode[]): void => {
    nodes.forEach((node, i) => {
      switch (node.type) {
        case 'citation': {
          const status = checkCitation(rangeOf(node), ctx);
          citations.set(node, status);
          list.push({ ref: formatRange(rangeOf(node)), status });
          return;
        }
        case 'site-citation': {
          const status = checkSiteCitation(node.id, ctx.site);
          siteCitations.set(node, status);
          list.push({ ref: `site:${node.id}`, status });
          return;
        }
        case 'quote': {
          const text = inlineText(node.children);
          const cited = adjacentCitations(nodes, i);
          const ornate = node.mark === '﴿' || node.mark === '﴾';
          if (cited.length > 0 && (ornate || wordCount(text) >= MIN_QUOTE_WORDS)) quotes.set(node, verdict(text, cited));
          else if (ornate && cited.length === 0) quotes.set(node, quranVerdict(text));
          walk(node.children);
          return;
        }
        case 'link': {
          const range = verseLinkRange(node.href);
          // A whole surah (`/2`) is checked as its first verse: it exists when the surah does.
          if (range) verseLinks.set(node, isValidRange(range, ctx.corpus) ? checkCitation(range, ctx) : 'invalid');
          walk(node.children);
          return;
        }
        case 'strong':
        case 'em':
          walk(node.children);
          return;
        default:
          return;
      }
    });
  };

  for (const block of blocks) {
    if (block.type === 'list') block.items.forEach(walk);
    else if (block.type === 'code-block' || block.type === 'cut') continue;
    else {
      walk(block.children);
      if (block.type === 'blockquote') {
        const cited = block.children.filter((n): n is CitationNode => n.type === 'citation');
        const hasQuoteCheck = block.children.some((n) => n.type === 'quote' && quotes.has(n));
        const text = trimQuoteTail(inlineText(block.children.filter((n) => n.type !== 'citation')));
        if (!hasQuoteCheck && wordCount(text) >= MIN_QUOTE_WORDS) quotes.set(block, cited.length > 0 ? verdict(text, cited) : shownVerdict(text));
      }
    }
  }
  return { citations, siteCitations, quotes, verseLinks, list };
}

/**
 * Prepares, a slice at a time, what checking an answer against the whole Quran needs (the
 * skeleton uncited quotes are looked up in, the word index misquotes are corrected from), so the
 * first such quote does not block the page: the widget calls this while idle until it says true.
 */
export function warmUpAnswerCheck(corpus: AnswerCorpus, timeUp: () => boolean): boolean {
  return verseHaystacksOf(corpus).warmUp(timeUp) && warmUpCorrection(corpus, timeUp);
}
