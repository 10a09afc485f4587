/**
 * `npm run build:corpus [-- --out DIR]`: quran-json (+ ruku boundaries from quran-meta, + the verse explanations in
 * data/sources/explanations) → data/dist/corpus (hashed files + manifest.json), each text named and credited from
 * data/sources/sources.json. Stale files from earlier builds are removed.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_CORPUS_DIR } from '../data/corpus/corpus-loader-node.js';
import { readQuranJson } from './corpus-build/quran-json-source.js';
import { buildCorpus, sizeSummary } from './corpus-build/corpus-artefacts.js';
import { readRukuStarts } from './corpus-build/ruku-source.js';
import { EXPLANATION_FILES, EXPLANATION_SOURCE_DIR, readTanzilExplanation } from './corpus-build/tanzil-explanation-source.js';
import { readTafsirTerms } from './corpus-build/tafsir-terms.js';
import { parseTextSources } from '../data/sources/text-sources.js';
import { isMainModule } from './main-module.js';

/** The machine-readable list of every text served, with its terms. */
export const SOURCES_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'sources', 'sources.json');

export async function writeCorpus(outDir: string): Promise<ReturnType<typeof buildCorpus>> {
  const src = await readQuranJson();
  const sources = parseTextSources(JSON.parse(await readFile(SOURCES_FILE, 'utf8')));
  const verseCounts = src.surahs.map((s) => s.arabic.length);
  const explanations = {
    ar: await readTanzilExplanation(EXPLANATION_FILES.ar, verseCounts),
    id: await readTanzilExplanation(EXPLANATION_FILES.id, verseCounts),
  };
  const searchTerms = { ar: await readTafsirTerms(verseCounts, EXPLANATION_SOURCE_DIR) };
  const built = buildCorpus(src, readRukuStarts(verseCounts), sources, explanations, searchTerms);
  await mkdir(outDir, { recursive: true });
  const kept = ['manifest.json', ...built.files.map((f) => f.path)];
  // A file's brotli copy (npm run build:precompress) stays with it; the bytes behind a hashed name never change.
  const keep = new Set(kept.flatMap((name) => [name, `${name}.br`]));
  for (const name of await readdir(outDir)) if (!keep.has(name)) await rm(join(outDir, name), { recursive: true });
  for (const f of built.files) await writeFile(join(outDir, f.path), f.bytes);
  await writeFile(join(outDir, 'manifest.json'), built.manifestBytes);
  return built;
}

if (isMainModule(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const built = await writeCorpus(values.out ?? DEFAULT_CORPUS_DIR);
  console.log(sizeSummary(built));
}
