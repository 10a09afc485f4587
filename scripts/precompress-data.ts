/**
 * `npm run build:precompress [-- dir…]`: brotli copies (quality 11) of the content-hashed data
 * files the proxy serves, made once so that no visitor's request pays for compression
 * (scripts/precompress). Without arguments: the built corpus, the topic index and every vector
 * index under data/dist/index. `npm start` runs it in the background after the proxy starts.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CORPUS_DIR } from '../data/corpus/corpus-loader-node.js';
import { DEFAULT_INDEX_ROOT } from '../data/index/vector-index-loader-node.js';
import { DEFAULT_TOPICS_DIR } from '../data/topics/topic-loader-node.js';
import { precompressDirs, type PrecompressReport } from './precompress/precompress-files.js';
import { isMainModule } from './main-module.js';

/** The folders `npm start` serves data from: the corpus, the topics, each index. */
export function defaultDataDirs(corpusDir = DEFAULT_CORPUS_DIR, topicsDir = DEFAULT_TOPICS_DIR, indexRoot = DEFAULT_INDEX_ROOT): string[] {
  let indexes: string[] = [];
  try {
    indexes = readdirSync(indexRoot, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => join(indexRoot, d.name));
  } catch {
    // no index built yet
  }
  return [corpusDir, topicsDir, ...indexes];
}

export function formatPrecompressReport(r: PrecompressReport): string {
  return `quran-dai: brotli copies of the data files: ${r.written.length} made, ${r.present.length} already there, ${r.incompressible.length} left as they are (brotli would not shrink them)`;
}

if (isMainModule(import.meta.url)) {
  const dirs = process.argv.slice(2);
  precompressDirs(dirs.length ? dirs : defaultDataDirs()).then(
    (r) => console.log(formatPrecompressReport(r)),
    (e: unknown) => {
      console.error(`build:precompress failed: ${(e as Error).message}`);
      process.exit(1);
    },
  );
}
