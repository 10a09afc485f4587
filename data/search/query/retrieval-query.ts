/**
 * The text to search for a question asked inside a conversation. A follow-up such as
 * "what about forgiveness?" or "why did he do that?" does not say what it is about, so the
 * previous question(s) of the visitor are prepended. Assistant turns are never used: they are
 * long, and model output is untrusted. A question that stands alone is searched as it is.
 */
import type { ChatTurn } from '../../contracts/chat-request.js';

/** How many earlier user turns a chain of follow-ups may pull in. */
export const MAX_CONTEXT_TURNS = 2;
/** A question this short (in words) that refers back with a pronoun is a follow-up. */
export const MAX_ANAPHORIC_WORDS = 8;

/** Openings that continue the previous question, in the supported languages. */
const FOLLOW_UP_OPENINGS = new RegExp(
  '^(?:' +
    [
      'and',
      'but',
      'also',
      'so',
      'then',
      'what about',
      'how about',
      'what else',
      'anything else',
      'tell me more',
      'more about',
      'more on',
      'and what',
      'same for',
      'what if',
      'in that case',
      'et',
      'mais',
      'et pour',
      "qu'en est-il",
      'y',
      'pero',
      'y que',
      'bagaimana dengan',
      'lalu',
      'dan',
      've',
      'peki',
      'och',
      'men',
      'و',
      'وماذا',
      'ماذا عن',
      'وما',
      'وكيف',
      'وهل',
      'اور',
      'а',
      'и',
      'а как',
      'а что',
    ]
      .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('|') +
    ')(?=[\\s,?!]|$)',
  'iu',
);
/** Pronouns that point back at something said before. */
const ANAPHORA =
  /(?:^|[\s,])(?:it|its|this|that|these|those|they|them|their|he|him|his|she|her|ce|cela|ça|il|elle|ils|eso|esto|ello|él|ella|itu|ini|dia|bu|şu|o|det|den|han|hon|это|он|она|они|هذا|ذلك|هو|هي|هم|یہ|وہ)(?=[\s,?!.]|$)/iu;
/** A question that names verses or a surah is never a follow-up. */
const NAMES_ITS_TARGET = /\d+\s*[:/]\s*\d+|\b(?:surah|surat|sura)\b|سور[هة]/iu;

/** True when `question` needs the earlier question(s) to be understood. */
export function isFollowUp(question: string): boolean {
  const q = question.trim();
  if (!q || NAMES_ITS_TARGET.test(q)) return false;
  if (FOLLOW_UP_OPENINGS.test(q)) return true;
  return q.split(/\s+/).length <= MAX_ANAPHORIC_WORDS && ANAPHORA.test(q);
}

/**
 * The text to search for `question`, given the turns before it (oldest first).
 * @example retrievalQuery('what about forgiveness?', [{ role: 'user', content: 'What does the Quran say about patience?' }, ...])
 *   // → 'What does the Quran say about patience? what about forgiveness?'
 */
export function retrievalQuery(question: string, history: readonly ChatTurn[]): string {
  const q = question.trim();
  if (!isFollowUp(q)) return q;
  const earlier: string[] = [];
  for (let i = history.length - 1; i >= 0 && earlier.length < MAX_CONTEXT_TURNS; i--) {
    const turn = history[i]!;
    if (turn.role !== 'user') continue;
    const text = turn.content.trim();
    if (!text) continue;
    earlier.unshift(text);
    // Stop at the question that started the thread: it says what the follow-ups are about.
    if (!isFollowUp(text)) break;
  }
  return [...earlier, q].join(' ');
}
