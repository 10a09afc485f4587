import { describe, expect, it } from 'vitest';
import { revalidatedSummary } from './revalidated-summary.js';

describe('when export:static lists the files to revalidate', () => {
  it('should name the manifests and the entry, and count the source maps on one line', () => {
    const maps = Array.from({ length: 50 }, (_, i) => `widget/chunks/c${i}-abcdefgh.js.map`);
    expect(revalidatedSummary(['data/corpus/manifest.json', ...maps, 'widget/quran-dai.js'])).toStrictEqual([
      'data/corpus/manifest.json',
      'widget/quran-dai.js',
      '50 source maps (*.js.map: for debugging only, any caching will do)',
    ]);
    expect(revalidatedSummary(['data/corpus/manifest.json'])).toStrictEqual(['data/corpus/manifest.json']);
  });
});
