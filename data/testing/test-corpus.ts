/** Shared by tests: the built corpus, loaded once per test file with every track. */
import { TRANSLATION_LANGS, TRANSLITERATION_KEY } from '../corpus/corpus-types.js';
import { loadCorpusFromDir } from '../corpus/corpus-loader-node.js';
import type { Corpus } from '../corpus/corpus.js';

let cached: Promise<Corpus> | undefined;

export function loadTestCorpus(): Promise<Corpus> {
  cached ??= loadCorpusFromDir({ tracks: [...TRANSLATION_LANGS, TRANSLITERATION_KEY] });
  return cached;
}
