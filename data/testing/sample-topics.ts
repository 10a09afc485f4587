/**
 * Two small hand-written topics for the topic tests: every language filled, as the build demands.
 * Not the shipped index: the tests of the shipped index read data/dist/topics.
 */
import { TOPIC_LANGS, type Topic, type TopicLang, type TopicSource } from '../topics/topic-types.js';

const everyLang = (en: readonly string[], others: Partial<Record<TopicLang, readonly string[]>> = {}): Record<TopicLang, readonly string[]> =>
  Object.fromEntries(TOPIC_LANGS.map((l) => [l, others[l] ?? en])) as Record<TopicLang, readonly string[]>;

export const INTOXICANTS_SOURCE: TopicSource = {
  id: 'intoxicants',
  names: everyLang(['Intoxicants and alcohol', 'alcohol', 'wine', 'beer', 'getting drunk'], {
    ar: ['الخمر والمسكرات', 'الخمر', 'المسكرات'],
    tr: ['İçki ve sarhoşluk', 'alkol', 'içki'],
  }),
  translit: ['khamr', 'muskir'],
  questions: everyLang(['Is drinking alcohol forbidden?', 'Can a Muslim drink beer?', 'Why is wine haram?'], {
    ar: ['هل شرب الخمر حرام؟'],
    tr: ['İslam’da alkol içmek haram mı?'],
  }),
  verses: ['5:90-91', '2:219', '4:43'],
  reviewed: '2026-11-24',
};

export const PURPOSE_SOURCE: TopicSource = {
  id: 'purpose-of-life',
  names: everyLang(['The purpose of life', 'meaning of life', 'why we exist'], {
    ar: ['الغاية من الحياة', 'معنى الحياة'],
    tr: ['Hayatın amacı', 'yaşamın anlamı'],
  }),
  translit: ['ibadah'],
  questions: everyLang(['What is the purpose of life?', 'Why did God create us?', 'What is the point of living?'], {
    ar: ['ما الهدف من الحياة؟'],
    tr: ['Hayatın amacı nedir?'],
  }),
  verses: ['51:56', '67:2', '23:115'],
  reviewed: '2026-11-24',
};

/** The same two topics as the build writes them (ranges expanded). */
export const SAMPLE_TOPICS: readonly Topic[] = [
  { ...INTOXICANTS_SOURCE, group: 'sample', verses: ['5:90', '5:91', '2:219', '4:43'] },
  { ...PURPOSE_SOURCE, group: 'sample', verses: ['51:56', '67:2', '23:115'] },
];
