/**
 * `npm run build:topics [-- --out DIR] [--stats]`: data/topics/source/*.json → data/dist/topics
 * (a content-hashed topic file + manifest.json). Any bad entry (unknown reference, duplicate id,
 * missing language, unreviewed topic) fails the build and is named. `--stats` (npm run
 * topics:stats) prints one JSON object of counts instead of the size line.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_TOPICS_DIR } from '../data/topics/topic-loader-node.js';
import { buildTopicArtefacts, topicStats } from './topics-build/topic-artefacts.js';
import { readCheckedTopicSources } from './topics-build/read-topic-sources.js';
import { warningVerses, type WarningVerseSource } from './topics-build/warning-verses.js';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { isMainModule } from './main-module.js';

export const TOPIC_SOURCE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'topics', 'source');
export const WARNING_VERSES_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', 'data', 'topics', 'care', 'warning-verses.json');

/** The warning verses from their source and the corpus's English translation. */
async function readWarningVerses(topics: Parameters<typeof warningVerses>[1]): Promise<string[]> {
  const source = JSON.parse(await readFile(WARNING_VERSES_FILE, 'utf8')) as WarningVerseSource;
  const corpus = await loadCorpusFromDir({ tracks: ['en'] });
  const keys = corpus.trackTexts('en').map((_, i) => {
    const r = corpus.refAt(i);
    return `${r.surah}:${r.ayah}`;
  });
  return warningVerses(source, topics, { keys, english: corpus.trackTexts('en') });
}

export async function writeTopics(sourceDir: string, outDir: string) {
  const topics = await readCheckedTopicSources(sourceDir);
  const built = buildTopicArtefacts(topics, await readWarningVerses(topics));
  await mkdir(outDir, { recursive: true });
  const kept = ['manifest.json', built.file.path, ...built.languageFiles.map((f) => f.path)];
  // A file's brotli copy (npm run build:precompress) stays with it; the bytes behind a hashed name never change.
  const keep = new Set(kept.flatMap((name) => [name, `${name}.br`]));
  for (const name of await readdir(outDir)) if (!keep.has(name)) await rm(join(outDir, name), { recursive: true });
  await writeFile(join(outDir, built.file.path), built.file.bytes);
  for (const f of built.languageFiles) await writeFile(join(outDir, f.path), f.bytes);
  await writeFile(join(outDir, 'manifest.json'), built.manifestBytes);
  return { built, topics };
}

if (isMainModule(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, source: { type: 'string' }, stats: { type: 'boolean' } } });
  try {
    const { built, topics } = await writeTopics(values.source ?? TOPIC_SOURCE_DIR, values.out ?? DEFAULT_TOPICS_DIR);
    if (values.stats) console.log(JSON.stringify(topicStats(topics)));
    else {
      const perLanguage = Object.values(built.manifest.languages ?? {}).map((f) => f.gzipBytes / 1024);
      console.log(
        `topics: ${built.manifest.count} topics, ${built.file.path} ${(built.file.bytes.length / 1024).toFixed(1)} KB, ${(built.manifest.file.gzipBytes / 1024).toFixed(1)} KB gzip; ` +
          `a visitor's language file ${Math.min(...perLanguage).toFixed(1)}-${Math.max(...perLanguage).toFixed(1)} KB gzip`,
      );
    }
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
