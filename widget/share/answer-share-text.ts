/**
 * @module
 * What sharing an answer hands to the Web Share API or the clipboard: the question, the
 * answer's text with its references, a quran.com link per checked citation, and a link back
 * to this page that asks the same question again. The answer text is the model's, already
 * shown to the visitor; verse text is never taken from it.
 */
import type { VerseRef } from '../../data/corpus/corpus-types.js';
import { formatRef, quranComUrl } from '../../data/corpus/verse-range.js';
import { sharedQuestionUrl } from './shared-question-url.js';

export interface ShareableAnswer {
  readonly question: string;
  /** The answer as plain text (markdown marks removed), with its `[S:A]` references. */
  readonly answerText: string;
  /** Checked citations, in the order the answer cites them. */
  readonly citations: readonly VerseRef[];
  /** The page the widget is on. */
  readonly pageUrl: string;
}

/** The payload for `navigator.share` and, joined, for the clipboard. */
export interface SharePayload {
  readonly title: string;
  readonly text: string;
  readonly url: string;
}

export function answerSharePayload(answer: ShareableAnswer): SharePayload {
  const seen = new Set<string>();
  const links: string[] = [];
  for (const ref of answer.citations) {
    const key = formatRef(ref);
    if (seen.has(key)) continue;
    seen.add(key);
    links.push(`${key} ${quranComUrl(ref)}`);
  }
  const text = [answer.question, '', answer.answerText.trim(), ...(links.length ? ['', ...links] : [])].join('\n');
  return { title: answer.question, text, url: sharedQuestionUrl(answer.pageUrl, answer.question) };
}

/** One text for the clipboard when the browser cannot share. */
export function shareClipboardText(payload: SharePayload): string {
  return `${payload.text}\n\n${payload.url}`;
}
