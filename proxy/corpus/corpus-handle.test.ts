import { describe, expect, it } from 'vitest';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { CorpusManifest } from '../../data/corpus/corpus-types.js';
import { corpusHandle, lazyCorpusHandle } from './corpus-handle.js';

const manifest = { version: 'v1', verseCount: 6236 } as unknown as CorpusManifest;
const corpus = { manifest, version: 'v1' } as unknown as Corpus;

describe('when the routes reach the corpus through a handle', () => {
  it('should give a loaded corpus at once, and pass a handle through', async () => {
    const handle = corpusHandle(corpus);
    expect(handle.manifest).toBe(manifest);
    expect(await handle.whole()).toBe(corpus);
    expect(corpusHandle(handle)).toBe(handle);
  });

  it('should read a lazy corpus on the first call only, and again after a failed read', async () => {
    let reads = 0;
    let fail = true;
    const handle = lazyCorpusHandle(manifest, async () => {
      reads++;
      if (fail) throw new Error('assets unavailable');
      return corpus;
    });
    expect(reads).toBe(0);
    await expect(handle.whole()).rejects.toThrow('assets unavailable');
    fail = false;
    const [a, b] = await Promise.all([handle.whole(), handle.whole()]);
    expect(a).toBe(corpus);
    expect(b).toBe(corpus);
    expect(reads).toBe(2);
  });
});
