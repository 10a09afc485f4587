import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../testing/test-corpus.js';
import { testHashingVector } from '../embed/test-hashing-embedder.js';
import { quantizeVectors } from './int8-quantization.js';
import { createFlatVectorSearch } from './flat-vector-search.js';
import { createVoyVectorSearch, VOY_DIMS } from './voy-vector-search.js';
import { loadVoyInNode } from './voy-wasm-node.js';
import { createVectorSearch } from './create-vector-search.js';
import type { VoyModule } from './voy-wasm.js';

let texts: readonly string[];
let voy: VoyModule;
beforeAll(async () => {
  texts = (await loadTestCorpus()).trackTexts('en');
  voy = await loadVoyInNode();
});

const questions = ['seek help through patience and prayer', 'charity to orphans', 'the day of judgement', 'Moses and Pharaoh'];

function agreement(dims: number, count: number): { overlap: number; scoresEqual: boolean } {
  const q = quantizeVectors(
    texts.slice(0, count).map((t) => testHashingVector(t, dims)),
    dims,
  );
  const flat = createFlatVectorSearch(q);
  const kd = createVoyVectorSearch(voy, q);
  let overlap = 0;
  let scoresEqual = true;
  for (const text of questions) {
    const query = testHashingVector(text, dims);
    const a = flat.search(query, 20);
    const b = kd.search(query, 20);
    const ids = new Set(a.map((h) => h.index));
    overlap += b.filter((h) => ids.has(h.index)).length / 20;
    const byIndex = new Map(a.map((h) => [h.index, h.score]));
    for (const h of b) if (byIndex.has(h.index) && byIndex.get(h.index) !== h.score) scoresEqual = false;
  }
  return { overlap: overlap / questions.length, scoresEqual };
}

describe('when voy and the flat scan search the same 256-d index of all 6,236 verses', () => {
  it('should return the same top 20 with the same scores (voy zero-pads to 768 dims)', () => {
    const { overlap, scoresEqual } = agreement(256, texts.length);
    expect(overlap).toBeGreaterThanOrEqual(0.95);
    expect(scoresEqual).toBe(true);
  });
});

describe('when voy and the flat scan search a 768-d index', () => {
  it('should agree on the top 20', () => {
    expect(agreement(768, 1500).overlap).toBeGreaterThanOrEqual(0.95);
  });
});

describe('when the index has more dims than voy supports', () => {
  it('should refuse instead of silently truncating', () => {
    const q = quantizeVectors([testHashingVector('a', VOY_DIMS + 1)], VOY_DIMS + 1);
    expect(() => createVoyVectorSearch(voy, q)).toThrow('voy-search supports at most 768 dims');
  });
});

describe('when created through the factory', () => {
  it('should default to flat and build voy from wasm bytes', async () => {
    const q = quantizeVectors(
      texts.slice(0, 200).map((t) => testHashingVector(t, 64)),
      64,
    );
    expect((await createVectorSearch(q)).kind).toBe('flat');
    await expect(createVectorSearch(q, { kind: 'voy' })).rejects.toThrow(/needs voyWasm/);
    const search = await createVectorSearch(q, { kind: 'voy', voyWasm: new Uint8Array(0) });
    // voy is instantiated once per realm, so later sources are ignored.
    expect(search.kind).toBe('voy');
    expect(search.search(testHashingVector(texts[10]!, 64), 1)[0]!.index).toBe(10);
  });
});
