/**
 * The topic index's vectors for one embedder, beside that embedder's verse index
 * (`data/dist/index/<id>/topics.json` + `topic-vectors.<hash>.bin`, a vector file like the
 * verses'). Kept apart from the verse vectors so that editing a topic re-embeds a few thousand
 * short texts, not the 6,236 verses. Each topic owns a run of consecutive vectors, in the order
 * of `topicIds`: the mean of its names and example questions embedded as queries (cosine
 * scoring), or, for a classifier trained on those texts, its weights, with one bias per topic
 * in the manifest (probability scoring).
 */
import { sha256Hex } from '../corpus/content-hash.js';
import type { TopicIndex, TopicVectors } from '../topics/topic-index.js';
import type { VectorIndexFile } from './index-manifest.js';
import { dequantizeVector } from './int8-quantization.js';
import { decodeVectorFile } from './vector-file.js';

export const TOPIC_VECTORS_MANIFEST = 'topics.json';

export interface TopicVectorManifest {
  readonly schema: 1;
  /** Version of the topic index the vectors were made from; another version is not used. */
  readonly topicsVersion: string;
  /** The verse index (embedder) they belong to. */
  readonly indexId: string;
  readonly dims: number;
  readonly count: number;
  readonly topicIds: readonly string[];
  /** Vectors of each topic, in `topicIds` order; they sum to `count`. */
  readonly counts: readonly number[];
  readonly file: VectorIndexFile;
  /** `probability`: the vectors are a classifier's weights and `bias` holds one number per vector. Absent = `cosine`. */
  readonly scoring?: 'cosine' | 'probability';
  readonly bias?: readonly number[];
  /** With a classifier: the unit mean of the topic texts, and the least cosine a question needs to it to be scored at all. */
  readonly center?: readonly number[];
  readonly centerFloor?: number;
  /**
   * How they were made (`topic-vector-build.ts`): a site's own vectors are made again when the
   * project changes how, even if the topics did not change. Absent in vectors made before it was
   * recorded.
   */
  readonly recipe?: string;
}

export class TopicVectorError extends Error {
  override readonly name = 'TopicVectorError';
}

const isNumbers = (x: unknown): x is number[] => Array.isArray(x) && x.every((n) => typeof n === 'number' && Number.isFinite(n));

export function parseTopicVectorManifest(json: unknown): TopicVectorManifest {
  const m = json as Partial<TopicVectorManifest> | null;
  const ok =
    m &&
    m.schema === 1 &&
    typeof m.topicsVersion === 'string' &&
    typeof m.indexId === 'string' &&
    Number.isInteger(m.dims) &&
    Number.isInteger(m.count) &&
    Array.isArray(m.topicIds) &&
    Array.isArray(m.counts) &&
    m.topicIds.length === m.counts.length &&
    m.counts.reduce((a, b) => a + b, 0) === m.count &&
    typeof m.file?.path === 'string' &&
    typeof m.file.sha256 === 'string' &&
    (m.scoring === undefined || m.scoring === 'cosine' || m.scoring === 'probability') &&
    (m.scoring !== 'probability' || (isNumbers(m.bias) && m.bias.length === m.count)) &&
    (m.center === undefined || (isNumbers(m.center) && m.center.length === m.dims && typeof m.centerFloor === 'number' && Number.isFinite(m.centerFloor))) &&
    (m.recipe === undefined || typeof m.recipe === 'string');
  if (!ok) throw new TopicVectorError('the topic vector manifest is not one this code reads; rebuild it with npm run build:index');
  return m as TopicVectorManifest;
}

/**
 * The topic vectors as the search uses them, or a reason they cannot be: made from another
 * topic index version, or bytes that do not match the manifest. Topics are then matched by
 * keywords alone; nothing else changes.
 */
export async function parseTopicVectors(
  manifest: TopicVectorManifest,
  bytes: Uint8Array,
  topics: TopicIndex,
): Promise<{ readonly vectors: TopicVectors } | { readonly refused: string }> {
  if (topics.vectorsVersion !== manifest.topicsVersion) {
    return {
      refused: `topic vectors were made from topic index ${manifest.topicsVersion} but the topic index is ${topics.vectorsVersion ?? 'unversioned'}; rebuild them with npm run build:topic-products`,
    };
  }
  if (bytes.byteLength !== manifest.file.bytes || (await sha256Hex(bytes)) !== manifest.file.sha256) {
    return { refused: `${manifest.file.path} does not match its manifest; download or rebuild it` };
  }
  const q = decodeVectorFile(bytes);
  if (q.dims !== manifest.dims || q.count !== manifest.count)
    return { refused: `${manifest.file.path} holds ${q.count} x ${q.dims}, the manifest says ${manifest.count} x ${manifest.dims}` };
  const owners = new Uint16Array(q.count);
  let v = 0;
  manifest.topicIds.forEach((id, i) => {
    const topic = topics.indexOf(id);
    for (let j = 0; j < manifest.counts[i]!; j++, v++) owners[v] = topic ?? NO_TOPIC;
  });
  const vectors = new Float32Array(q.count * q.dims);
  for (let i = 0; i < q.count; i++) vectors.set(dequantizeVector(q, i), i * q.dims);
  const classifier =
    manifest.scoring === 'probability' && manifest.bias
      ? {
          bias: Float32Array.from(manifest.bias),
          ...(manifest.center && manifest.centerFloor !== undefined ? { center: Float32Array.from(manifest.center), centerFloor: manifest.centerFloor } : {}),
        }
      : {};
  return { vectors: { dims: q.dims, vectors, owners, ...classifier } };
}

/** Owner of a vector whose topic is not in the loaded index (never matched). */
export const NO_TOPIC = 0xffff;
