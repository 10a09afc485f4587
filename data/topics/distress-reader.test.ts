import { describe, expect, it } from 'vitest';
import { analyzerForTrack } from '../search/index/lexical-indexes.js';
import { DistressReader } from './distress-reader.js';
import { TOPIC_LANGS, type Topic, type TopicLang } from './topic-types.js';

const inEnglish = (texts: string[]) => Object.fromEntries(TOPIC_LANGS.map((l) => [l, l === 'en' ? texts : []])) as Record<TopicLang, string[]>;
const topic = (id: string, names: string[], questions: string[], care?: 'consolation'): Topic =>
  ({ id, names: inEnglish(names), questions: inEnglish(questions), verses: [], ...(care ? { care } : {}) }) as unknown as Topic;

const TOPICS = [
  topic('losing-a-loved-one', ['grief', 'losing a loved one'], ['my mother died and I cannot stop crying', 'how do I cope with grief']),
  topic('anxiety', ['anxiety', 'worry'], ['I am anxious and cannot sleep', 'how do I stop worrying']),
  topic('funeral-prayer', ['funeral prayer'], ['how is the funeral prayer for the dead performed', 'may I pray for my father who died']),
  topic('alcohol', ['alcohol', 'intoxicants'], ['is alcohol forbidden', 'may I sell wine']),
  topic('lot', ['people of Lot'], ['what happened to the people of Lot']),
].map((t, i) => (i < 2 ? { ...t, care: 'consolation' as const } : t));

describe('when a question is read for distress', () => {
  const reader = new DistressReader(TOPICS, 'en', analyzerForTrack('en'));
  it("should read words the consolation topics use as distress, though a ruling's topic shares some", () => {
    expect(reader.logOdds('my father died, I cannot stop crying')).toBeGreaterThan(0);
    expect(reader.logOdds('so anxious, I cannot sleep')).toBeGreaterThan(0);
  });
  it('should read a ruling or a story as not', () => {
    expect(reader.logOdds('how is the funeral prayer performed')).toBeLessThan(0);
    expect(reader.logOdds('is wine forbidden')).toBeLessThan(0);
  });
  it('should take words the index never uses as no evidence: the odds stay the prior (eight texts of consolation, nine others)', () => {
    expect(reader.logOdds('zzz qqq')).toBeCloseTo(Math.log(8 / 9), 10);
  });
  it('should read nothing as distress when no topic consoles', () => {
    const none = new DistressReader(TOPICS.slice(2), 'en', analyzerForTrack('en'));
    expect(none.logOdds('my mother died, I cannot stop crying')).toBe(Number.NEGATIVE_INFINITY);
  });
});
