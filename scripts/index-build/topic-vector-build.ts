/**
 * Embeds the topic index for one embedder: each topic's names and example questions in every
 * language, as queries (a visitor's question is compared with them short text to short text),
 * written beside that embedder's verse index as `topics.json` + `topic-vectors.<hash>.bin`.
 *
 * By default (`classifier`) the texts train a linear classifier (topic-classifier.ts): one
 * weight vector and bias per topic, and a question's score for a topic is its probability. On
 * visitors' questions written apart from the index it finds the fitting topic more often than
 * each topic's mean vector (ADR 0025). `centroid` keeps the mean vector of each topic (cosine
 * scoring; a topic question left out finds its topic more often by the mean than by the nearest
 * single text: 0.78 vs 0.70 top-1 over the first 30 topics); `texts` keeps every text's vector,
 * for measuring.
 *
 * Given `verseText`, the classifier also learns each topic from its verses' own words (embedded
 * as queries too): a question that echoes a verse more than any example question still finds
 * the verse's topic (islamqa dev Recall@20 0.170 -> 0.182, QUQA MAP@20 0.176 -> 0.184; the
 * visitor questions unchanged; EVAL.md).
 */
import { createHash } from 'node:crypto';
import { readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Embedder } from '../../data/embed/embedder.js';
import { quantizeVectors } from '../../data/index/int8-quantization.js';
import { TOPIC_VECTORS_MANIFEST, type TopicVectorManifest } from '../../data/index/topic-vector-file.js';
import { encodeVectorFile } from '../../data/index/vector-file.js';
import type { TopicIndex } from '../../data/topics/topic-index.js';
import { TOPIC_LANGS, type Topic } from '../../data/topics/topic-types.js';
import { trainTopicClassifier } from './topic-classifier.js';

/** The texts of a topic that are embedded, de-duplicated: every name and alias, every question. */
export function topicTexts(topic: Topic): string[] {
  const texts = new Set<string>();
  for (const lang of TOPIC_LANGS) {
    for (const name of topic.names[lang]) texts.add(name);
    for (const q of topic.questions[lang]) texts.add(q);
  }
  return [...texts];
}

export interface TopicVectorBuildOptions {
  readonly topics: TopicIndex;
  readonly embedder: Embedder;
  /** The verse index directory the vectors go beside. */
  readonly dir: string;
  readonly indexId: string;
  readonly batchSize?: number;
  /** `classifier` (default): weights and a bias per topic; `centroid`: one mean vector per topic; `texts`: one per name and question. */
  readonly representation?: 'classifier' | 'centroid' | 'texts';
  /** A verse's text (`S:A` in, e.g. its English translation out): the classifier learns each topic's verses too. */
  readonly verseText?: (ref: string) => string;
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * Bump when the way topic vectors are made changes (the classifier's training, its examples):
 * vectors a site made with an older recipe are then made again at start.
 */
export const TOPIC_VECTOR_RECIPE_VERSION = 1;

/** The recipe a manifest records, e.g. `classifier+verses/1` (the one `npm start` makes). */
export function topicVectorRecipe(representation: 'classifier' | 'centroid' | 'texts', withVerses: boolean): string {
  return `${representation}${withVerses ? '+verses' : ''}/${TOPIC_VECTOR_RECIPE_VERSION}`;
}

export async function buildTopicVectors(options: TopicVectorBuildOptions): Promise<TopicVectorManifest> {
  const { topics, embedder } = options;
  if (!topics.vectorsVersion) throw new Error('the topic index has no version; load it from data/dist/topics (npm run build:topics)');
  const perTopic = topics.topics.map(topicTexts);
  const texts = perTopic.flat();
  const representation = options.representation ?? 'classifier';
  const verses = representation === 'classifier' && options.verseText ? topicVerseTexts(topics.topics, options.verseText) : { texts: [], examples: [] };
  const vectors = await embedQueries(embedder, [...texts, ...verses.texts], options.batchSize ?? 64, options.onProgress);
  const counts = perTopic.map((t) => t.length);
  const labels = counts.flatMap((n, topic) => Array<number>(n).fill(topic));
  const classifier =
    representation === 'classifier'
      ? trainTopicClassifier(
          [...vectors.slice(0, texts.length), ...verses.examples.map((e) => vectors[texts.length + e.text]!)],
          [...labels, ...verses.examples.map((e) => e.topic)],
          counts.length,
        )
      : undefined;
  const kept = classifier ? classifier.weights : representation === 'centroid' ? centroids(vectors, counts, embedder.dims) : vectors;
  const bytes = encodeVectorFile(quantizeVectors(kept, embedder.dims));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const path = `topic-vectors.${sha256.slice(0, 10)}.bin`;
  const manifest: TopicVectorManifest = {
    schema: 1,
    topicsVersion: topics.vectorsVersion,
    indexId: options.indexId,
    dims: embedder.dims,
    count: kept.length,
    topicIds: topics.topics.map((t) => t.id),
    counts: representation === 'texts' ? counts : counts.map(() => 1),
    file: { path, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length, sha256 },
    ...(classifier
      ? { scoring: 'probability' as const, bias: Array.from(classifier.bias), center: Array.from(classifier.center), centerFloor: classifier.centerFloor }
      : {}),
    recipe: topicVectorRecipe(representation, verses.texts.length > 0),
  };
  for (const name of await readdir(options.dir)) if (name.startsWith('topic-vectors.') && name !== path) await rm(join(options.dir, name));
  await writeFile(join(options.dir, path), bytes);
  await writeFile(join(options.dir, TOPIC_VECTORS_MANIFEST), JSON.stringify(manifest, null, 2) + '\n');
  return manifest;
}

/** Each verse of a topic once as a text, and one training example (text, topic) per topic it is in. */
export function topicVerseTexts(
  topics: readonly Topic[],
  verseText: (ref: string) => string,
): { texts: string[]; examples: { text: number; topic: number }[] } {
  const at = new Map<string, number>();
  const examples: { text: number; topic: number }[] = [];
  topics.forEach((topic, t) => {
    for (const ref of topic.verses) {
      if (!at.has(ref)) at.set(ref, at.size);
      examples.push({ text: at.get(ref)!, topic: t });
    }
  });
  return { texts: [...at.keys()].map(verseText), examples };
}

async function embedQueries(
  embedder: Embedder,
  texts: readonly string[],
  batch: number,
  onProgress: ((done: number, total: number) => void) | undefined,
): Promise<Float32Array[]> {
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += batch) {
    const out = await embedder.embed(texts.slice(i, i + batch), 'query');
    if (out.length !== Math.min(batch, texts.length - i))
      throw new Error(`the embedder returned ${out.length} vectors for ${Math.min(batch, texts.length - i)} topic texts`);
    for (const v of out) {
      if (v.length !== embedder.dims) throw new Error(`a topic text got a ${v.length}-dimensional vector, expected ${embedder.dims}`);
      vectors.push(v);
    }
    onProgress?.(vectors.length, texts.length);
  }
  return vectors;
}

/** The unit-length mean of each run of `counts[i]` consecutive vectors. */
export function centroids(vectors: readonly Float32Array[], counts: readonly number[], dims: number): Float32Array[] {
  const out: Float32Array[] = [];
  let v = 0;
  for (const count of counts) {
    const sum = new Float32Array(dims);
    for (let j = 0; j < count; j++, v++) for (let d = 0; d < dims; d++) sum[d]! += vectors[v]![d]!;
    const norm = Math.hypot(...sum) || 1;
    out.push(sum.map((x) => x / norm));
  }
  return out;
}
