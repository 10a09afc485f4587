/**
 * The verse index for an OpenAI-compatible embeddings server (the bundled multilingual-e5-small,
 * or the site owner's): built once (resumable, with progress) when it is missing or was built
 * from another corpus, then reused. `npm start`, the eval and the tests all go through here, so
 * they embed verses the same way.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Corpus } from '../../data/corpus/corpus.js';
import { floorsForModel } from '../../data/embed/local-embedder-floors.js';
import { openServerEmbedder } from '../../data/embed/openai-compatible-manifest.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { parseVectorIndexManifest } from '../../data/index/vector-index-manifest-parser.js';
import { indexIdFor, runIndexBuild } from './index-build-run.js';
import type { ProgressState } from './progress-bar.js';
import type { VerseTextOptions } from './verse-text-template.js';
import type { Embedder } from '../../data/embed/embedder.js';
import { parseTopicVectorManifest, TOPIC_VECTORS_MANIFEST } from '../../data/index/topic-vector-file.js';
import type { TopicIndex } from '../../data/topics/topic-index.js';
import { buildTopicVectors, topicVectorRecipe } from './topic-vector-build.js';
import { copyPrebuiltIndex, prebuiltIndexManifest } from './prebuilt-index.js';

/**
 * What each verse is embedded as: its English and its Arabic in one text, so English, Arabic and
 * other-language questions all find it (chosen on Task A train and QUQA, ADR 0012).
 */
export const SERVER_INDEX_VERSE_TEXT: VerseTextOptions = { contextual: false, language: 'en+ar' };

export interface EnsureServerIndexOptions {
  readonly server: { readonly baseURL: string; readonly model: string; readonly inputType: boolean; readonly apiKey?: string | undefined };
  readonly corpus: Corpus;
  readonly outRoot: string;
  readonly onProgress?: (state: ProgressState) => void;
  readonly log?: (line: string) => void;
  /** Build the index when it is missing or stale. Default true; false fails with the command that builds it. */
  readonly build?: boolean;
  /** The topic index whose vectors go beside the verse index (made when missing or from another topic version). */
  readonly topics?: TopicIndex;
  /** Where shipped indexes are looked for before building one. Default `data/prebuilt/index`. */
  readonly prebuiltRoot?: string;
}

export interface ServerIndex {
  readonly dir: string;
  readonly manifest: VectorIndexManifest;
  readonly built: boolean;
}

export async function ensureServerIndex(options: EnsureServerIndexOptions): Promise<ServerIndex> {
  const { server, corpus } = options;
  const { embedder, prompts } = await openServerEmbedder(server);
  const dir = join(options.outRoot, indexIdFor(embedder, SERVER_INDEX_VERSE_TEXT));
  const existing = readManifest(dir);
  const found = prebuiltIndexManifest(indexIdFor(embedder, SERVER_INDEX_VERSE_TEXT), corpus.version, options.prebuiltRoot);
  const prebuilt = found?.model === server.model ? found : undefined;
  // A shipped index of another version (a new format, e.g. smaller vectors) replaces an older copy.
  if (existing && existing.corpusVersion === corpus.version && (!prebuilt || prebuilt.version === existing.version)) {
    await ensureTopicVectors(options, embedder, dir, existing.id);
    return { dir, manifest: existing, built: false };
  }
  if (prebuilt) {
    await copyPrebuiltIndex(prebuilt, options.outRoot, options.prebuiltRoot);
    options.log?.(`quran-dai: using the verse index shipped with quran-dai for ${server.model} (${dir})`);
    await ensureTopicVectors(options, embedder, dir, prebuilt.id);
    return { dir, manifest: prebuilt, built: false };
  }
  if (options.build === false) {
    throw new Error(
      `no verse index for ${server.model} in ${dir}${existing ? ' for this corpus' : ''}: build it with npm run model:e5 (the bundled model) or npm start (EMBEDDINGS_BASE_URL)`,
    );
  }
  options.log?.(
    existing
      ? `quran-dai: the verse index in ${dir} was built from another corpus; rebuilding it…`
      : `quran-dai: embedding the 6,236 verses with ${server.model} into ${dir} (once; an interrupted build resumes)…`,
  );
  const result = await runIndexBuild({
    corpus,
    embedder,
    embedderKind: 'openai-compatible',
    outRoot: options.outRoot,
    contextual: SERVER_INDEX_VERSE_TEXT.contextual,
    verseText: SERVER_INDEX_VERSE_TEXT.language ?? 'en+ar',
    batchSize: 32,
    ...prompts,
    floors: floorsForModel(server.model),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  await ensureTopicVectors(options, embedder, result.dir, result.manifest.id);
  return { dir: result.dir, manifest: result.manifest, built: true };
}

/** How the topic vectors beside a server's index are made: a classifier that also learns from the topics' verses. */
const SERVER_TOPIC_VECTOR_RECIPE = topicVectorRecipe('classifier', true);

/** The topic vectors beside the index, made when missing, from another topic index, or the older way. */
async function ensureTopicVectors(options: EnsureServerIndexOptions, embedder: Embedder, dir: string, indexId: string): Promise<void> {
  const { topics } = options;
  if (!topics) return;
  const path = join(dir, TOPIC_VECTORS_MANIFEST);
  if (existsSync(path)) {
    try {
      const made = parseTopicVectorManifest(JSON.parse(readFileSync(path, 'utf8')));
      if (made.topicsVersion === topics.vectorsVersion && made.recipe === SERVER_TOPIC_VECTOR_RECIPE) return;
      if (made.topicsVersion === topics.vectorsVersion)
        options.log?.(
          `quran-dai: the topic vectors in ${dir} were made the older way (${made.recipe ?? 'unrecorded'}); making them again (${SERVER_TOPIC_VECTOR_RECIPE})`,
        );
    } catch {
      // unreadable: make them again
    }
  }
  if (options.build === false)
    throw new Error(`no topic vectors for topic index ${topics.vectorsVersion} in ${dir}: make them with npm run model:e5 or npm start`);
  options.log?.(`quran-dai: embedding the ${topics.topics.length} topics' names, questions and verses into ${dir}…`);
  const started = Date.now();
  const onProgress = options.onProgress;
  await buildTopicVectors({
    topics,
    embedder,
    dir,
    indexId,
    verseText: englishVerseText(options.corpus),
    ...(onProgress ? { onProgress: (done, total) => onProgress({ done, total, label: 'topic texts', elapsedMs: Date.now() - started }) } : {}),
  });
}

/** A verse's English translation, which the topic classifier learns each topic's verses from. */
export function englishVerseText(corpus: Corpus): (ref: string) => string {
  return (ref) => {
    const range = corpus.parseRef(ref);
    const text = corpus.verse({ surah: range.surah, ayah: range.from }, 'en').translation;
    if (!text) throw new Error(`the corpus has no English text for ${ref}: load it with its English track (the topic classifier learns from it)`);
    return text;
  };
}

function readManifest(dir: string): VectorIndexManifest | undefined {
  const path = join(dir, 'manifest.json');
  if (!existsSync(path)) return undefined;
  try {
    return parseVectorIndexManifest(JSON.parse(readFileSync(path, 'utf8')));
  } catch {
    return undefined; // unreadable: build it again
  }
}
