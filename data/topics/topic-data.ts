/**
 * The topic index as the widget hands it around (page → search worker): the verified topic file
 * and, when the vector index has them, the verified topic vectors. Plain structured-clone data.
 */
import type { TopicVectorManifest } from '../index/topic-vector-file.js';
import { parseTopicVectors } from '../index/topic-vector-file.js';
import { TopicIndex, type TopicVectors } from './topic-index.js';
import type { TopicFile } from './topic-types.js';

export interface TopicData {
  readonly version: string;
  readonly file: TopicFile;
  /** Topic vectors of the loaded vector index, or null (keywords only). */
  readonly vectors: { readonly manifest: TopicVectorManifest; readonly bytes: Uint8Array } | null;
}

export interface UsableTopics {
  readonly index: TopicIndex;
  readonly vectors: TopicVectors | undefined;
}

/** The index and its vectors; vectors that do not fit the topic version are left out, with the reason on `warn`. */
export async function usableTopics(data: TopicData, warn: (message: string) => void): Promise<UsableTopics> {
  const index = TopicIndex.fromFile(data.file, data.version);
  if (!data.vectors) return { index, vectors: undefined };
  const parsed = await parseTopicVectors(data.vectors.manifest, data.vectors.bytes, index);
  if ('refused' in parsed) {
    warn(parsed.refused);
    return { index, vectors: undefined };
  }
  return { index, vectors: parsed.vectors };
}
