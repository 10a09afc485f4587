/**
 * The topic index's example questions in one language as a verse dataset: each question's gold
 * is its topic's verses. Thousands of visitor-style questions per language, for checking what
 * the topics do not decide (a keyword analyser, a fusion weight): search them with topics off
 * (`--engine-options '{"topicWeight":0}'`), since the topics would find their own questions.
 * Broad gold (every verse of the topic) and the project's own questions: for comparing settings,
 * not for reporting how well visitors are served.
 */
import { TOPIC_LANGS, type Topic, type TopicLang } from '../../data/topics/topic-types.js';
import type { VerseDatasetLine } from './verse-dataset.js';

export function topicQuestionDataset(topics: readonly Pick<Topic, 'id' | 'questions' | 'verses'>[], lang: TopicLang): VerseDatasetLine[] {
  if (!TOPIC_LANGS.includes(lang)) throw new RangeError(`no topic questions in "${lang}"; the languages are ${TOPIC_LANGS.join(', ')}`);
  return topics.flatMap((t) => t.questions[lang].map((query, i) => ({ id: `${t.id}-${i + 1}`, query, lang, relevant: t.verses })));
}
