/** `npm start` on a fresh clone: build the corpus once, when its manifest is missing. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CORPUS_DIR } from '../../data/corpus/corpus-loader-node.js';
import { sizeSummary } from '../corpus-build/corpus-artefacts.js';
import { writeCorpus } from '../build-corpus.js';

export async function ensureCorpus(dir = DEFAULT_CORPUS_DIR, log: (line: string) => void = console.log): Promise<'built' | 'present'> {
  if (existsSync(join(dir, 'manifest.json'))) return 'present';
  log(`quran-dai: building the corpus into ${dir} (first run only)…`);
  log(sizeSummary(await writeCorpus(dir)));
  return 'built';
}
