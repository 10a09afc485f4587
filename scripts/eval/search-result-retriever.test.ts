import { describe, expect, it } from 'vitest';
import type { SearchHit, SearchResult } from '../../data/search/search-result.js';
import { retrieverFromSearch } from './search-result-retriever.js';

const hit = (surah: number, ayah: number): SearchHit => ({ ref: { surah, ayah }, index: 0, score: 1, sources: ['lexical'] });
const result = (kind: SearchResult['kind'], hits: SearchHit[]): SearchResult => ({ kind, query: 'q', hits, passages: [], stage: 'lexical' });

describe('when adapting a SearchResult engine', () => {
  it('should turn hits into verse keys in order and pass the query through', async () => {
    const asked: unknown[] = [];
    const r = retrieverFromSearch('lexical', (q) => {
      asked.push(q);
      return result('verses', [hit(2, 153), hit(2, 155), hit(2, 153)]);
    });
    expect(await r.retrieve({ query: 'patience', lang: 'en' })).toEqual({ verses: ['2:153', '2:155'], abstained: false });
    expect(asked).toEqual([{ query: 'patience', lang: 'en' }]);
  });

  it('should treat kind none as an abstention', async () => {
    const r = retrieverFromSearch('lexical', async () => result('none', []));
    expect(await r.retrieve({ query: 'x' })).toEqual({ verses: [], abstained: true });
  });
});
