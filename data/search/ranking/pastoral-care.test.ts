import { describe, expect, it } from 'vitest';
import type { Topic } from '../../topics/topic-types.js';
import type { TopicMatch } from '../../topics/topic-index.js';
import { pastoralCare, type PastoralCareOptions } from './pastoral-care.js';
import { holdBack } from './hold-back.js';

const topic = (id: string, verses: string[], care?: 'consolation'): Topic => ({ id, verses, ...(care ? { care } : {}) }) as unknown as Topic;
const grief = topic('losing-a-loved-one', ['2:155', '2:156', '9:84', '3:185'], 'consolation');
const funeral = topic('funeral-and-praying-for-the-dead', ['59:10', '9:84', '9:113'], undefined);
const alcohol = topic('intoxicants', ['5:90', '5:91']);
const warnings = new Set(['9:84', '9:113', '4:56']);
const OPTIONS: PastoralCareOptions = {
  minProbability: 0.2,
  minCoverage: 0.5,
  minDistressLogOdds: 0,
  topics: 2,
  maxVerses: 12,
  clearRanks: 10,
  keywordBoost: 0.6,
  bySharedConsolation: false,
};
const meaning = (t: Topic, index: number, score: number): TopicMatch => ({ topic: t, index, score, via: 'meaning' });
const keyword = (t: Topic, index: number, coverage: number): TopicMatch => ({ topic: t, index, score: coverage, coverage, via: 'keywords' });

describe('when a question meets the topics of distress', () => {
  it('should meet it with care when the consolation topics hold enough of the classifier’s probability', () => {
    const care = pastoralCare([], [meaning(funeral, 1, 0.5), meaning(grief, 0, 0.3), meaning(alcohol, 2, 0.2)], 'probability', warnings, OPTIONS);
    expect(care?.topics.map((t) => t.topic.id)).toEqual(['losing-a-loved-one']);
    // The consolation list never carries a warning verse.
    expect(care?.verses).toEqual(['2:155', '2:156', '3:185']);
    // The funeral topic leads, so the visitor asks about it: its warning verses may stay.
    expect([...care!.askedAbout]).toEqual(['9:84', '9:113']);
  });
  it('should put first the verses that most consolation topics hold, the topics’ own order after that', () => {
    const shared = new Map([
      ['3:185', 4],
      ['2:156', 2],
      ['2:155', 2],
    ]);
    const ordered = { ...OPTIONS, bySharedConsolation: true };
    expect(pastoralCare([], [meaning(grief, 0, 0.6)], 'probability', warnings, ordered, -Infinity, shared)?.verses).toEqual(['3:185', '2:155', '2:156']);
    expect(pastoralCare([], [meaning(grief, 0, 0.6)], 'probability', warnings, OPTIONS, -Infinity, shared)?.verses).toEqual(['2:155', '2:156', '3:185']);
  });
  it('should not let a topic the question meets less strongly than consolation excuse its warnings', () => {
    const care = pastoralCare([], [meaning(grief, 0, 0.6), meaning(funeral, 1, 0.3)], 'probability', warnings, OPTIONS);
    expect(care?.askedAbout.size).toBe(0);
  });
  it('should leave other questions alone', () => {
    expect(pastoralCare([], [meaning(alcohol, 2, 0.9), meaning(grief, 0, 0.05)], 'probability', warnings, OPTIONS)).toBeUndefined();
    expect(pastoralCare([keyword(alcohol, 2, 1)], [], 'cosine', warnings, OPTIONS)).toBeUndefined();
  });
  it('should meet it by keywords alone when a consolation topic’s words cover the question best', () => {
    expect(pastoralCare([keyword(grief, 0, 0.7), keyword(alcohol, 2, 0.3)], [], 'cosine', warnings, OPTIONS)?.topics.map((t) => t.topic.id)).toEqual([
      'losing-a-loved-one',
    ]);
    expect(pastoralCare([keyword(funeral, 1, 0.8), keyword(grief, 0, 0.7)], [], 'cosine', warnings, OPTIONS)).toBeUndefined();
  });
  it('should meet it when its words together read as distress, though a topic of rulings covers them best', () => {
    // "My mother passed away, how do I cope?": the funeral topic's words cover more than grief's.
    const care = pastoralCare([keyword(funeral, 1, 0.8), keyword(grief, 0, 0.4)], [], 'cosine', warnings, OPTIONS, 2.5);
    expect(care?.topics.map((t) => t.topic.id)).toEqual(['losing-a-loved-one']);
    expect(care?.verses).toEqual(['2:155', '2:156', '3:185']);
    // Words that read as distress ask about no ruling: the funeral topic's warnings are not excused.
    expect(care?.askedAbout.size).toBe(0);
    expect(pastoralCare([keyword(funeral, 1, 0.8), keyword(grief, 0, 0.4)], [], 'cosine', warnings, OPTIONS, -1.5)).toBeUndefined();
    // Words read as distress still need a consolation topic to offer verses from.
    expect(pastoralCare([keyword(alcohol, 2, 0.9)], [], 'cosine', warnings, OPTIONS, 5)).toBeUndefined();
  });
});

describe('when warning verses are held back', () => {
  it('should move them just below the first ranks and keep every other verse in order', () => {
    const ranked = ['a', 'W1', 'b', 'c', 'W2', 'd', 'e'];
    expect(holdBack(ranked, (x) => x.startsWith('W'), 3)).toEqual(['a', 'b', 'c', 'W1', 'W2', 'd', 'e']);
    expect(holdBack(ranked, (x) => x.startsWith('W'), 10)).toEqual(['a', 'b', 'c', 'd', 'e', 'W1', 'W2']);
    expect(holdBack(ranked, () => false, 3)).toEqual(ranked);
  });
});
