/**
 * Renders a checked answer tree to Lit templates. Only text bindings and a fixed set of
 * elements are produced, so model output can never become markup or script. Citations link
 * to quran.com with a preview of the verse taken from the corpus (never from the answer);
 * invalid citations and mismatched quotes are flagged visibly. Each block takes its direction
 * from its own text (`dir="auto"`): the model answers in the question's language, which may
 * be Urdu under an English interface.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { formatRange, quranComUrl } from '../../data/corpus/verse-range.js';
import type { Translate } from '../i18n/ui-language.js';
import { trackDir, trackLang } from '../verses/track-language.js';
import type { AnswerCheck, QuoteVerdict } from '../../data/answer-check/answer-check.js';
import type { QuoteCorrection } from '../../data/answer-check/quote-correction.js';
import { paragraphPieces } from './paragraph-pieces.js';
import { textChunks } from './text-chunks.js';
import type { BlockNode, CitationNode, InlineNode, SiteCitationNode } from '../../data/answer-check/markdown-subset.js';

/** How a cited site passage is shown: where it sits and, when the site owner gave a base URL, its link. */
export interface SitePassageLabel {
  /** `Opening times › Jumu'ah (Friday prayer)` */
  readonly label: string;
  readonly href?: string;
}

export interface AnswerRenderContext {
  readonly check: AnswerCheck;
  readonly corpus: Corpus;
  readonly translation: TextTrackId;
  readonly t: Translate;
  /** The mosque's passage behind `[site:N]`, when the widget has site documents. */
  readonly sitePassage?: (id: number) => SitePassageLabel | undefined;
}

const CLOSE: Readonly<Record<string, string>> = { '"': '"', '“': '”', '«': '»', '﴿': '﴾', '﴾': '﴿' };

function previewTemplate(c: CitationNode, ctx: AnswerRenderContext): TemplateResult {
  const first = ctx.corpus.verse({ surah: c.surah, ayah: c.from }, ctx.translation);
  const more = c.to > c.from;
  return html`<span class="citation__preview" part="citation-preview" role="tooltip">
    <span class="citation__preview-arabic" dir="rtl" lang="ar">${first.arabic}${more ? ' …' : ''}</span>
    ${
      first.translation === undefined
        ? nothing
        : html`<span class="citation__preview-translation" lang=${trackLang(ctx.translation)} dir=${trackDir(ctx.translation)}>${first.translation}${more ? ' …' : ''}</span>`
    }
  </span>`;
}

/** A citation is written left to right (`dir="ltr"`, isolated): in an Arabic or Urdu sentence `2:153-157` would otherwise be drawn `157-2:153`. */
function citationTemplate(c: CitationNode, ctx: AnswerRenderContext): TemplateResult {
  const status = ctx.check.citations.get(c) ?? 'invalid';
  const range = { surah: c.surah, from: c.from, to: c.to };
  const label = formatRange(range);
  if (status === 'invalid') {
    return html`<span class="citation citation--invalid" part="citation citation-invalid" data-ref=${label} data-status="invalid" title=${ctx.t('citationInvalidLong', { ref: label })}
      ><bdi dir="ltr">[${label}]</bdi> <span class="flag" part="citation-flag">${ctx.t('citationInvalid')}</span></span
    >`;
  }
  const notRetrieved = status === 'not-retrieved';
  const suggested = status === 'suggested';
  const flagged = notRetrieved || suggested;
  return html`<span class="citation-wrap"
    ><a class="citation citation--${status}" part=${notRetrieved ? 'citation citation-not-retrieved' : suggested ? 'citation citation-verified citation-suggested' : 'citation citation-verified'}
      data-ref=${label} data-status=${status} href=${quranComUrl(range)} dir="ltr" target="_blank" rel="noopener noreferrer">[${label}]</a
    >${flagged ? html` <span class="flag" part="citation-flag">${ctx.t(notRetrieved ? 'citationNotRetrieved' : 'citationSuggested')}</span>` : nothing}${previewTemplate(c, ctx)}</span
  >`;
}

/**
 * A `[site:N]` citation: the mosque's words, styled apart from verse citations and never
 * linked to quran.com. A verified one links to the document when the site owner gave a base URL.
 */
function siteCitationTemplate(c: SiteCitationNode, ctx: AnswerRenderContext): TemplateResult {
  const status = ctx.check.siteCitations.get(c) ?? 'invalid';
  const label = `site:${c.id}`;
  const passage = status === 'invalid' ? undefined : ctx.sitePassage?.(c.id);
  const flag =
    status === 'verified'
      ? nothing
      : html` <span class="flag" part="citation-flag">${ctx.t(status === 'invalid' ? 'siteCitationInvalid' : 'siteCitationNotRetrieved')}</span>`;
  const body = passage?.href
    ? html`<a class="citation citation--site citation--${status}" part=${`citation site-citation site-citation-${status}`} data-site=${c.id} data-status=${status} href=${passage.href} title=${passage.label} target="_blank" rel="noopener noreferrer">[${label}]</a>`
    : html`<span class="citation citation--site citation--${status}" part=${`citation site-citation site-citation-${status}`} data-site=${c.id} data-status=${status} title=${passage?.label ?? ''}>[${label}]</span>`;
  return html`<span class="citation-wrap">${body}${flag}</span>`;
}

function inlineTemplate(nodes: readonly InlineNode[], ctx: AnswerRenderContext): unknown[] {
  return nodes.map((n) => {
    switch (n.type) {
      case 'text':
        return textChunks(n.text);
      case 'strong':
        return html`<strong>${inlineTemplate(n.children, ctx)}</strong>`;
      case 'em':
        return html`<em>${inlineTemplate(n.children, ctx)}</em>`;
      case 'code':
        return html`<code>${n.text}</code>`;
      case 'link':
        // A link to a verse that does not exist keeps its words, unlinked and flagged like a citation.
        return ctx.check.verseLinks.get(n) === 'invalid'
          ? html`${inlineTemplate(n.children, ctx)} <span class="flag" part="citation-flag">${ctx.t('citationInvalid')}</span>`
          : html`<a href=${n.href} target="_blank" rel="noopener noreferrer nofollow" part="answer-link">${inlineTemplate(n.children, ctx)}</a>`;
      case 'citation':
        return citationTemplate(n, ctx);
      case 'site-citation':
        return siteCitationTemplate(n, ctx);
      case 'quote': {
        const verdict = ctx.check.quotes.get(n);
        const body = html`${n.mark}${inlineTemplate(n.children, ctx)}${CLOSE[n.mark]}`;
        if (!verdict) return body;
        return html`<span class="quote quote--${verdict.status}" part="quote quote-${verdict.status}">${body}</span>${quoteFlag(verdict, ctx)}`;
      }
    }
  });
}

/** The flag after a quote that is not verified: it does not match, or it was not checked. */
function quoteFlag(verdict: QuoteVerdict, ctx: AnswerRenderContext): TemplateResult | typeof nothing {
  if (verdict.status === 'verified') return nothing;
  const text =
    verdict.status === 'mismatch'
      ? ctx.t('quoteMismatch', { ref: verdict.against })
      : verdict.status === 'shortened'
        ? ctx.t('quoteShortened')
        : verdict.status === 'not-found'
          ? ctx.t('quoteNotFound')
          : ctx.t('quoteUnchecked');
  return html` <span class="flag" part="quote-flag">${text}</span>${verdict.correction ? correctionTemplate(verdict.correction, ctx) : nothing}`;
}

/** Verses of a correction shown in full; a longer one ends with "…" (the link opens the rest). */
const MAX_CORRECTION_VERSES = 3;

/**
 * Beside a misquote: the verse it was meant to be, as it really reads (from the corpus, never
 * from the answer), with its link.
 */
function correctionTemplate(correction: QuoteCorrection, ctx: AnswerRenderContext): TemplateResult {
  const label = formatRange(correction.range);
  const shown = correction.verses.slice(0, MAX_CORRECTION_VERSES).map((i) => ctx.corpus.trackTexts('arabic')[i] ?? '');
  const more = correction.verses.length > MAX_CORRECTION_VERSES;
  return html`<span class="quote-correction" part="quote-correction" role="note" data-ref=${label}
    >${ctx.t('quoteReads', { ref: label })} <q class="quote-correction__text" dir="rtl" lang="ar">${shown.join(' ')}${more ? ' …' : ''}</q>
    <a href=${quranComUrl(correction.range)} dir="ltr" target="_blank" rel="noopener noreferrer">[${label}]</a></span
  >`;
}

function blockTemplate(block: BlockNode, ctx: AnswerRenderContext): TemplateResult {
  switch (block.type) {
    case 'paragraph':
      // Always as a list of pieces, so a paragraph that grows past one piece keeps the DOM of its first.
      return html`${paragraphPieces(block.children).map((piece) => html`<p dir="auto">${inlineTemplate(piece, ctx)}</p>`)}`;
    case 'heading':
      return html`<p class="answer__heading" dir="auto"><strong>${inlineTemplate(block.children, ctx)}</strong></p>`;
    case 'list':
      return block.ordered
        ? html`<ol>${block.items.map((item) => html`<li dir="auto">${inlineTemplate(item, ctx)}</li>`)}</ol>`
        : html`<ul>${block.items.map((item) => html`<li dir="auto">${inlineTemplate(item, ctx)}</li>`)}</ul>`;
    case 'code-block':
      return html`<pre><code>${block.text}</code></pre>`;
    case 'blockquote': {
      const verdict = ctx.check.quotes.get(block);
      return html`<blockquote dir="auto" class=${verdict && verdict.status !== 'verified' ? `quote--${verdict.status}` : ''} part=${verdict ? `quote quote-${verdict.status}` : 'answer-blockquote'}>
        ${inlineTemplate(block.children, ctx)}
        ${verdict ? quoteFlag(verdict, ctx) : nothing}
      </blockquote>`;
    }
    case 'cut':
      return html`<p class="answer__cut" part="answer-cut" role="note">${ctx.t('answerCut')}</p>`;
  }
}

export function answerTemplate(blocks: readonly BlockNode[], ctx: AnswerRenderContext): TemplateResult {
  return html`${blocks.map((b) => blockTemplate(b, ctx))}`;
}
