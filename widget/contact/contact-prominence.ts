/**
 * @module
 * When the site owner's contact link is put forward rather than shown quietly: the search
 * found nothing, the Da'i said the verses do not cover the question, or the question asks
 * for a ruling. The prompt already tells the model to send rulings to a local scholar; this
 * makes that the site owner's own link.
 *
 * The ruling check reads the ways a ruling is asked in each of the widget's eleven languages
 * (and Urdu or Arabic typed in Latin letters): halal, haram, fatwa, "is … allowed/a sin",
 * "what is the ruling on", hukum, caiz mi, можно ли, 可以吗… It misses rulings asked in other
 * words; those still get the quiet link under the answer. Every pattern is linear-time (the one
 * gap, between "is" and "allowed", is bounded).
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
const RULING_WORDS = new RegExp(
  [
    // English: "Is interest on a bank loan allowed?", "Is it a sin to…", "ruling on…"
    String.raw`\b(?:halal|haram|fatwa|permissible|impermissible|mubah|makruh|is it (?:allowed|forbidden|sinful|a sin|permitted|lawful|unlawful)|ruling on)\b`,
    String.raw`\b(?:is|are)\b[^?.!]{1,80}\b(?:allowed|permitted|forbidden|prohibited|lawful|unlawful|sinful|a sin)\b`,
    // Indonesian, Turkish, French, Spanish, Swedish; Roman Urdu and Arabizi
    String.raw`\b(?:hukum|hukumnya|bolehkah|boleh(?:kah)? (?:tidak|gak|nggak)|diperbolehkan|dibolehkan|diharamkan|dosakah|berdosa|caiz|câiz|helal mi|haram mı|hükmü|fetva|licite|illicite|est-il permis|est-ce permis|permis de|interdit de|es permitido|está permitido|se permite|prohibido|es pecado|lícito|tillåtet|förbjudet|är det synd|jaiz|najaiz|gunah|gunaah|7aram|7alal)\b`,
    'günah mı|günah mıdır',
    // Russian, Arabic, Urdu, Bengali, Chinese
    'можно ли|разрешено|запрещено|дозволено|грех ли|это грех|харам|халяль',
    'حلال|حرام|فتوى|فتوی|يجوز|جائز|ناجائز|ما حكم|ما الحكم|هل يحل|کا حکم|گناہ',
    'হালাল|হারাম|ফতোয়া|জায়েজ|জায়েয|বৈধ কি|গুনাহ',
    '教法|是否允许|可以[^？?。!！]{0,24}吗|允许[^？?。!！]{0,24}吗|合法吗|哈拉姆|禁止吗|是罪吗',
  ].join('|'),
  'iu',
);

export function asksForRuling(question: string): boolean {
  return RULING_WORDS.test(question);
}

export function contactProminent(s: ContactSituation): boolean {
  return s.searchKind === 'none' || s.answer.toLowerCase().includes(NOT_COVERED_SENTENCE.toLowerCase()) || asksForRuling(s.question);
}
