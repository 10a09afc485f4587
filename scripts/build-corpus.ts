/**
 * `npm run build:corpus [-- --out DIR]`: quran-json (+ ruku boundaries from quran-meta) → data/dist/corpus (hashed files +
 * manifest.json). Stale files from earlier builds are removed.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_CORPUS_DIR } from '../data/corpus/corpus-loader-node.js';
import { readQuranJson } from './corpus-build/quran-json-source.js';
import { buildCorpus, sizeSummary } from './corpus-build/corpus-artefacts.js';
import { readRukuStarts } from './corpus-build/ruku-source.js';

export async function writeCorpus(outDir: string): Promise<ReturnType<typeof buildCorpus>> {
  const src = await readQuranJson();
  const built = buildCorpus(src, readRukuStarts(src.surahs.map((s) => s.arabic.length)));
  await mkdir(outDir, { recursive: true });
  const keep = new Set(['manifest.json', ...built.files.map((f) => f.path)]);
  for (const name of await readdir(outDir)) if (!keep.has(name)) await rm(join(outDir, name), { recursive: true });
  for (const f of built.files) await writeFile(join(outDir, f.path), f.bytes);
  await writeFile(join(outDir, 'manifest.json'), built.manifestBytes);
  return built;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const built = await writeCorpus(values.out ?? DEFAULT_CORPUS_DIR);
  console.log(sizeSummary(built));
}
