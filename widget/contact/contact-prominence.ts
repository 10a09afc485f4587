/**
 * @module
 * When the site owner's contact link is put forward rather than shown quietly: the search
 * found nothing, the Da'i said the verses do not cover the question, or the question asks
 * for a ruling. The prompt already tells the model to send rulings to a local scholar; this
 * makes that the site owner's own link.
 *
 * The ruling check is deliberately small: a few unambiguous words in the widget's languages
 * (halal, haram, fatwa, "is it permissible/allowed"…). It misses rulings asked in other
 * words; those still get the quiet link under the answer. Every pattern is linear-time.
 * With no written answer (search mode, or a proxy without an LLM) the link still comes forward
 * under the verses for a ruling question: the visitor has only verses and needs a person.
 */
import { NOT_COVERED_SENTENCE } from '../../data/contracts/not-covered-sentence.js';
import type { SearchKind } from '../../data/search/search-result.js';

export interface ContactSituation {
  readonly question: string;
  readonly answer: string;
  /** The search's kind; `none` when it found nothing. */
  readonly searchKind: SearchKind | undefined;
}

/** Words that ask for a ruling (fiqh), per language; `\b` (ASCII-only in JS) guards only the Latin-script words. */
const RULING_WORDS =
  /\b(?:halal|haram|fatwa|permissible|impermissible|is it (?:allowed|forbidden|sinful)|mubah|makruh|licite|illicite|est-il permis|permitido|prohibido|caiz|bolehkah|fetva|tillåtet|förbjudet)\b|günah mı|разрешено|запрещено|харам|халяль|حلال|حرام|فتوى|فتوی|يجوز|جائز|ناجائز|ما حكم|کا حکم|হালাল|হারাম|ফতোয়া|教法|是否允许|哈拉姆/i;

export function asksForRuling(question: string): boolean {
  return RULING_WORDS.test(question);
}

export function contactProminent(s: ContactSituation): boolean {
  return s.searchKind === 'none' || s.answer.toLowerCase().includes(NOT_COVERED_SENTENCE.toLowerCase()) || asksForRuling(s.question);
}
