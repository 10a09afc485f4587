/**
 * Page entry of the Chromium search benchmark (bundled by esbuild): loads the corpus and
 * the indexes over HTTP like the widget does, then runs the same `runSearchBench` as Node.
 */
import { Corpus } from '../../data/corpus/corpus.js';
import { decodeJson, manifestEntry, parseManifest, parseSurahFile, parseVerseTextFile } from '../../data/corpus/corpus-parts.js';
import type { CorpusPart } from '../../data/corpus/corpus-types.js';
import { runSearchBench, type SearchBenchReport } from './search-bench-core.js';
import { parseTopicFile, parseTopicManifest } from '../../data/topics/topic-file-parser.js';
import { TopicIndex } from '../../data/topics/topic-index.js';

export interface PageBenchConfig {
  readonly indexIds: readonly string[];
  readonly queries: readonly string[];
  readonly runs: number;
}

async function bytesOf(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

async function loadCorpus(): Promise<Corpus> {
  const manifest = parseManifest(decodeJson(await bytesOf('/corpus/manifest.json')));
  const read = async (part: CorpusPart) => decodeJson(await bytesOf(`/corpus/${manifestEntry(manifest, part).path}`));
  const [surahs, arabic, en] = await Promise.all([read('surahs'), read('arabic'), read('translation-en')]);
  return new Corpus({
    manifest,
    surahs: parseSurahFile(surahs),
    arabic: parseVerseTextFile(arabic),
    tracks: { en: parseVerseTextFile(en) },
  });
}

/** The built topic index, as the widget reads it (absent: keyword search is timed without it). */
async function loadTopics(): Promise<TopicIndex | undefined> {
  const res = await fetch('/topics/manifest.json');
  if (!res.ok) return undefined;
  const manifest = parseTopicManifest(await res.json());
  const file = parseTopicFile(decodeJson(await bytesOf(`/topics/${manifest.file.path}`)), manifest.count);
  return TopicIndex.fromFile(file, manifest.version);
}

async function runInPage(config: PageBenchConfig): Promise<SearchBenchReport> {
  const corpus = await loadCorpus();
  const topics = await loadTopics();
  const indexes = await Promise.all(
    config.indexIds.map(async (id) => {
      const manifest = decodeJson(await bytesOf(`/index/${id}/manifest.json`)) as { files: Array<{ path: string }> };
      const files = await Promise.all(manifest.files.map(async (f) => [f.path, await bytesOf(`/index/${id}/${f.path}`)] as const));
      return { manifest, bytes: new Map(files) };
    }),
  );
  return runSearchBench({
    runtime: `chromium ${navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?'}`,
    indexes,
    voyWasm: () => fetch('/voy.wasm'),
    corpus,
    queries: config.queries,
    runs: config.runs,
    ...(topics ? { topics } : {}),
  });
}

(globalThis as unknown as { runSearchBenchInPage: typeof runInPage }).runSearchBenchInPage = runInPage;
