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

  it.each(['1:999', '115:1', 'patience'])('should refuse "%s", which is not a verse', (ref) => {
    expect(explainRequest(ref, corpus)).toBeUndefined();
  });
});
