import { describe, expect, it } from 'vitest';
import type { Topic } from '../../data/topics/topic-types.js';
import { isThreat, warningVerses } from './warning-verses.js';

const topic = (id: string, verses: string[], care?: 'consolation'): Topic =>
  ({ id, group: 'g', names: {}, questions: {}, translit: [], verses, reviewed: '2026-11-28', ...(care ? { care } : {}) }) as unknown as Topic;

const corpus = {
  keys: ['1:1', '1:2', '1:3', '1:4', '2:1', '2:2', '2:3'],
  english: [
    'Praise be to the Lord.',
    'For them is a painful punishment.',
    'Then drive him on.',
    'Into the Hellfire with them.',
    'Every soul will taste death, and whoever is drawn away from the Fire and admitted to Paradise has attained.',
    'Those are the ones who will have the Fire.',
    'Indeed, with hardship will be ease.',
  ],
};

describe('when the warning verses are built', () => {
  it('should take punishment without mercy as a warning and mercy beside the Fire as none', () => {
    expect(isThreat('For them is a painful punishment.')).toBe(true);
    expect(isThreat('Every soul will taste death, and whoever is drawn away from the Fire and admitted to Paradise has attained.')).toBe(false);
    expect(isThreat('Indeed, with hardship will be ease.')).toBe(false);
  });
  it('should read a verse between two warnings of the same surah as one, never across a surah', () => {
    const out = warningVerses({ topics: [], verses: {} }, [], corpus);
    // 1:3 has no word of the list but sits between 1:2 and 1:4; 2:1 sits between 1:4 and 2:2 of other surahs.
    expect(out).toEqual(['1:2', '1:3', '1:4', '2:2']);
  });
  it('should leave a consolation topic’s verses out of the derived part, never out of the listed ones', () => {
    const topics = [topic('grief', ['2:2', '1:2'], 'consolation'), topic('hell', ['2:3'])];
    const out = warningVerses({ topics: ['hell'], verses: { 'no-prayer-for-the-dead': ['1:2'] } }, topics, corpus);
    expect(out).toEqual(['1:2', '1:3', '1:4', '2:3']);
  });
  it('should name an unknown topic or verse', () => {
    expect(() => warningVerses({ topics: ['nope'], verses: {} }, [], corpus)).toThrow(/no topic "nope"/);
    expect(() => warningVerses({ topics: [], verses: { x: ['9:999'] } }, [], corpus)).toThrow(/names 9:999, which is not a verse/);
  });
});
