import { describe, expect, it } from 'vitest';
import { TopicIndex } from './topic-index.js';
import { SAMPLE_TOPICS } from '../testing/sample-topics.js';

const index = new TopicIndex(SAMPLE_TOPICS, 'v1');

describe('when matching a question by keywords', () => {
  it('should find the topic whose names and questions hold the words, in English', () => {
    const [best] = index.matchText('Is it ok to drink a beer?', 'en');
    expect(best?.topic.id).toBe('intoxicants');
    expect(best?.via).toBe('keywords');
    expect(best?.coverage).toBeGreaterThan(0.4);
  });

  it('should match in the language the question is written in', () => {
    expect(index.matchText('ما معنى الحياة وما الهدف منها')[0]?.topic.id).toBe('purpose-of-life');
    expect(index.matchText('Hayatın amacı ne?', 'tr')[0]?.topic.id).toBe('purpose-of-life');
  });

  it('should match a transliterated Arabic term in a Latin-script question', () => {
    expect(index.matchText('what about khamr', 'en')[0]?.topic.id).toBe('intoxicants');
  });

  it('should find nothing for a question that shares no word with any topic', () => {
    expect(index.matchText('Who built the pyramids of Giza?', 'en')).toEqual([]);
  });
});

describe('when matching a question by meaning', () => {
  const dims = 3;
  // Topic 0 owns two vectors, topic 1 one; the best vector of a topic is its score.
  const vectors = { dims, vectors: new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1]), owners: new Uint16Array([0, 0, 1]) };

  it('should rank topics by their best vector', () => {
    const out = index.matchVector(new Float32Array([0, 0.6, 0.8]), vectors);
    expect(out.map((m) => [m.topic.id, Number(m.score.toFixed(2))])).toEqual([
      ['purpose-of-life', 0.8],
      ['intoxicants', 0.6],
    ]);
  });

  it('should refuse a query vector of another size, saying why', () => {
    expect(() => index.matchVector(new Float32Array(4), vectors)).toThrow(/4 dimensions but the topic vectors have 3/);
  });
});

describe('when looking topics up', () => {
  it('should give each topic by id and position, and its version', () => {
    expect(index.get('purpose-of-life')?.verses[0]).toBe('51:56');
    expect(index.indexOf('intoxicants')).toBe(0);
    expect(index.get('nothing')).toBeUndefined();
    expect(index.version).toBe('v1');
  });
});

describe('when a question is Urdu or Arabic typed in Latin letters', () => {
  it('should meet the topic by its Roman Urdu and Arabizi words', () => {
    const [alcohol, purpose] = SAMPLE_TOPICS;
    const typed = new TopicIndex([
      { ...alcohol!, romanized: { ur: ['sharab', 'nasha', 'kya sharab peena haram hai'], ar: ['5amr', 'el 5amra', 'shu 7okm el 5amr'] } },
      purpose!,
    ]);
    expect(typed.matchTextOnTrack('kya sharab peena haram hai', 'en', 1).map((m) => m.topic.id)).toEqual(['intoxicants']);
    expect(typed.matchTextOnTrack('shu 7okm el 5amr', 'en', 1).map((m) => m.topic.id)).toEqual(['intoxicants']);
    // Without those words the Latin-script question meets nothing of the topic.
    expect(new TopicIndex(SAMPLE_TOPICS).matchTextOnTrack('shu 7okm el 5amr', 'en', 1)).toEqual([]);
  });
});

describe('when an Arabic question asks about backbiting (الغيبة), not the unseen (الغيب)', () => {
  it('should meet the topic of backbiting in the built topic index', async () => {
    const { loadTopicsFromDir } = await import('./topic-loader-node.js');
    const built = await loadTopicsFromDir();
    expect(built.matchTextOnTrack('ما حكم الغيبة؟', 'arabic-search', 1).map((m) => m.topic.id)).toEqual(['backbiting-and-gossip']);
  });
});

describe('when the index counts the consolation topics of each verse', () => {
  it('should count only topics that console, once per topic', () => {
    const t = (id: string, verses: string[], care?: 'consolation') => ({ ...SAMPLE_TOPICS[0]!, id, verses, ...(care ? { care } : {}) });
    const index = new TopicIndex([t('grief', ['2:155', '94:5'], 'consolation'), t('ease', ['94:5', '94:6'], 'consolation'), t('fasting', ['2:183', '94:5'])]);
    expect(Object.fromEntries(index.consolingTopics)).toStrictEqual({ '2:155': 1, '94:5': 2, '94:6': 1 });
  });
});
