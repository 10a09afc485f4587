import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../../data/corpus/corpus.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { explainRequest } from './explain-result.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

describe('when the visitor asks to explain a verse', () => {
  it('should make that verse the one hit, with its same-surah passage, under its canonical reference', () => {
    const request = explainRequest(' 1:2 ', corpus);
    expect(request?.ref).toBe('1:2');
    expect(request?.result.hits.map((h) => h.ref)).toStrictEqual([{ surah: 1, ayah: 2 }]);
    const range = request!.result.passages[0]!.range;
    expect(range.surah).toBe(1);
    expect(range.from).toBeLessThanOrEqual(2);
    expect(range.to).toBeGreaterThanOrEqual(2);
  });

  it('should keep the passage the verse was shown in, and its ±5 verses otherwise', () => {
    const shown = {
      kind: 'verses',
      query: 'q',
      hits: [],
      stage: 'lexical',
      passages: [{ hits: [{ surah: 2, ayah: 275 }], range: { surah: 2, from: 270, to: 281 } }],
    } as const;
    expect(explainRequest('2:275', corpus, shown)!.result.passages[0]!.range).toStrictEqual({ surah: 2, from: 270, to: 281 });
    expect(explainRequest('2:276', corpus, shown)!.result.passages[0]!.range).toStrictEqual(corpus.contextOf({ surah: 2, ayah: 276 }));
  });

  it.each(['1:999', '115:1', 'patience'])('should refuse "%s", which is not a verse', (ref) => {
    expect(explainRequest(ref, corpus)).toBeUndefined();
  });
});
