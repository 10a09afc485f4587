/**
 * Checks a parsed answer: each citation against the corpus and the retrieved verses, and
 * each quotation that claims to be a verse (a quote next to a citation, a block quote with
 * a citation, or Quranic ornate brackets ﴿…﴾) against the corpus text. DOM-free; the
 * renderer reads the verdicts from the returned maps, keyed by node identity.
 */
import type { TextTrackId, VerseRange } from '../../data/corpus/corpus-types.js';
import { formatRange } from '../../data/corpus/verse-range.js';
import { checkCitation, isValidRange, type CitationContext, type CitationCorpus, type CitationStatus } from './citation-check.js';
import { inlineText, type BlockNode, type CitationNode, type InlineNode } from './markdown-subset.js';
import { MIN_QUOTE_WORDS, quoteMatches, wordCount } from './quote-check.js';

export interface AnswerCorpus extends CitationCorpus {
  hasTrack(id: TextTrackId): boolean;
  trackTexts(id: TextTrackId | 'arabic' | 'arabic-search'): readonly string[];
}

export interface AnswerCheckContext extends CitationContext {
  readonly corpus: AnswerCorpus;
  /** Translation tracks a quote may come from (unloaded ones are skipped); Arabic is always checked. */
  readonly tracks: readonly TextTrackId[];
}

/** A quotation that presents itself as scripture, and whether the corpus bears it out. */
export interface QuoteVerdict {
  readonly status: 'verified' | 'mismatch';
  /** The cited verses it was checked against, e.g. `2:153`; `Quran` for an uncited ﴿…﴾ quote. */
  readonly against: string;
}

type QuoteNode = Extract<InlineNode, { type: 'quote' }>;
type BlockquoteNode = Extract<BlockNode, { type: 'blockquote' }>;

export interface AnswerCheck {
  readonly citations: ReadonlyMap<CitationNode, CitationStatus>;
  readonly quotes: ReadonlyMap<QuoteNode | BlockquoteNode, QuoteVerdict>;
  /** Every citation in reading order, for the answer event. */
  readonly list: readonly { readonly ref: string; readonly status: CitationStatus }[];
}

const GAP = /^[\s,.;:—–\-(]{0,4}$/u;

function rangeOf(c: CitationNode): VerseRange {
  return { surah: c.surah, from: c.from, to: c.to };
}

function textsOf(ranges: readonly VerseRange[], ctx: AnswerCheckContext): string[] {
  const valid = ranges.filter((r) => isValidRange(r, ctx.corpus));
  const tracks: ('arabic' | TextTrackId)[] = ['arabic', ...ctx.tracks.filter((t) => ctx.corpus.hasTrack(t))];
  return tracks.map((track) => {
    const all = ctx.corpus.trackTexts(track);
    return valid
      .flatMap((r) => {
        const first = ctx.corpus.indexOf({ surah: r.surah, ayah: r.from });
        return all.slice(first, first + (r.to - r.from) + 1);
      })
      .join(' ');
  });
}

/** Citations right after (or, failing that, right before) a node among its siblings. */
function adjacentCitations(siblings: readonly InlineNode[], at: number): CitationNode[] {
  const collect = (step: 1 | -1): CitationNode[] => {
    const found: CitationNode[] = [];
    for (let i = at + step; i >= 0 && i < siblings.length; i += step) {
      const n = siblings[i]!;
      if (n.type === 'citation') found.push(n);
      else if (n.type === 'text' && GAP.test(n.text)) continue;
      else break;
    }
    return found;
  };
  const after = collect(1);
  return after.length > 0 ? after : collect(-1);
}

export function checkAnswer(blocks: readonly BlockNode[], ctx: AnswerCheckContext): AnswerCheck {
  const citations = new Map<CitationNode, CitationStatus>();
  const quotes = new Map<QuoteNode | BlockquoteNode, QuoteVerdict>();
  const list: { ref: string; status: CitationStatus }[] = [];

  const verdict = (text: string, cited: readonly CitationNode[]): QuoteVerdict => {
    const ranges = cited.map(rangeOf);
    const against = ranges.map(formatRange).join(', ');
    return { status: quoteMatches(text, textsOf(ranges, ctx)) ? 'verified' : 'mismatch', against };
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
        case 'quote': {
          const text = inlineText(node.children);
          const cited = adjacentCitations(nodes, i);
          const ornate = node.mark === '﴿' || node.mark === '﴾';
          if (cited.length > 0 && (ornate || wordCount(text) >= MIN_QUOTE_WORDS)) quotes.set(node, verdict(text, cited));
          else if (ornate && cited.length === 0) {
            const found = quoteMatches(text, [ctx.corpus.trackTexts('arabic').join(' ')]);
            quotes.set(node, { status: found ? 'verified' : 'mismatch', against: 'Quran' });
          }
          walk(node.children);
          return;
        }
        case 'strong':
        case 'em':
        case 'link':
          walk(node.children);
          return;
        default:
          return;
      }
    });
  };

  for (const block of blocks) {
    if (block.type === 'list') block.items.forEach(walk);
    else if (block.type === 'code-block') continue;
    else {
      walk(block.children);
      if (block.type === 'blockquote') {
        const cited = block.children.filter((n): n is CitationNode => n.type === 'citation');
        const hasQuoteCheck = block.children.some((n) => n.type === 'quote' && quotes.has(n));
        const text = inlineText(block.children.filter((n) => n.type !== 'citation')).replace(/[\s—–\-(),]+$/u, '');
        if (cited.length > 0 && !hasQuoteCheck && wordCount(text) >= MIN_QUOTE_WORDS) quotes.set(block, verdict(text, cited));
      }
    }
  }
  return { citations, quotes, list };
}
