/**
 * Parse, check and render an answer in one call. The element imports this module lazily
 * (with the chat stream reader) so the answer code is not in the first-load bundle.
 */
import type { TemplateResult } from 'lit';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { Translate } from '../i18n/ui-language.js';
import { checkAnswer, warmUpAnswerCheck } from '../../data/answer-check/answer-check.js';
import type { CitationStatus, RetrievedVerses, SiteCitationContext } from '../../data/answer-check/citation-check.js';
import { answerTemplate, type SitePassageLabel } from './answer-template.js';
import { parseAnswerMarkdown } from '../../data/answer-check/markdown-subset.js';

export interface AnswerViewOptions {
  readonly corpus: Corpus;
  /** Verses retrieved for this question (hits and context), with those only a suggestion brought. */
  readonly retrieved: RetrievedVerses;
  /** Translation shown; quotes are also checked against English and the Arabic. */
  readonly translation: TextTrackId;
  readonly t: Translate;
  /** True while the answer streams: whole-Quran lookups wait until they are prepared (`deferUnprepared`). */
  readonly streaming?: boolean;
  /** The mosque's passages (count and those retrieved) and how to label one, when the widget has site documents. */
  readonly site?: SiteCitationContext & { readonly passage: (id: number) => SitePassageLabel | undefined };
}

/** A citation in the answer and how its check came out. */
export interface AnswerCitation {
  readonly ref: string;
  readonly status: CitationStatus;
}

export interface AnswerView {
  readonly template: TemplateResult;
  readonly citations: readonly AnswerCitation[];
}

export function answerView(text: string, o: AnswerViewOptions): AnswerView {
  const blocks = parseAnswerMarkdown(text, { surahNamed: (name) => o.corpus.surahNumberForName(name) });
  const tracks: TextTrackId[] = o.translation === 'en' ? ['en'] : [o.translation, 'en'];
  const suggested = o.retrieved.suggested;
  const check = checkAnswer(blocks, {
    corpus: o.corpus,
    retrieved: o.retrieved,
    tracks,
    deferUnprepared: o.streaming === true,
    ...(suggested?.size ? { suggested } : {}),
    ...(o.site ? { site: o.site } : {}),
  });
  const render = { check, corpus: o.corpus, translation: o.translation, t: o.t, ...(o.site ? { sitePassage: o.site.passage } : {}) };
  return { template: answerTemplate(blocks, render), citations: check.list };
}

/**
 * Prepares the whole-Quran lookups of the answer check in idle slices (of at most 8 ms), so the
 * first uncited quote or misquote of an answer does not block the page while it streams.
 */
export function warmUpAnswerChecks(corpus: Corpus): void {
  const idle = (run: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(run, { timeout: 2000 }) : setTimeout(run, 50));
  const step = () => {
    const start = performance.now();
    if (!warmUpAnswerCheck(corpus, () => performance.now() - start > 8)) idle(step);
  };
  idle(step);
}

// The answer's footer and what its buttons do travel in the same lazily loaded chunk: they are needed only once an answer is there.
export { answerFooterTemplate } from './answer-footer.js';
export { answerStyles } from './answer.styles.js';
export { rateAnswer, shareAnswer } from './answer-actions.js';
