/**
 * Chunk vectors for the site artefact. Each chunk's embedded text is hashed (with the embedder
 * id); a rebuild reuses the previous artefact's vector for every hash it already has and sends
 * only new or changed chunks to the embedder (embedded as the same text keyword search indexes), so editing one paragraph of the FAQ costs one or
 * two embeddings, not the whole folder.
 */
import { createHash } from 'node:crypto';
import type { Embedder } from '../../data/embed/embedder.js';
import { dequantizeVector, quantizeVectors, type QuantizedVectors } from '../../data/index/int8-quantization.js';
import type { SiteChunk, SiteVectorInfo } from '../../data/site/site-types.js';
import { siteChunkSearchText as chunkSearchText } from '../../data/site/site-search.js';
import type { SiteVectors } from './site-artefacts.js';

export interface PreviousVectors {
  readonly info: SiteVectorInfo;
  readonly vectors: QuantizedVectors;
}

export interface EmbedChunksOptions {
  readonly embedder: Embedder;
  /** What the manifest records about this embedder (everything but the text hashes). */
  readonly info: Omit<SiteVectorInfo, 'textHashes'>;
  /** The artefact being replaced, if any. */
  readonly previous: PreviousVectors | null;
  /** Chunks per embedder call. Default 32. */
  readonly batchSize?: number;
  readonly signal?: AbortSignal;
}

export interface EmbeddedChunks {
  readonly vectors: SiteVectors;
  /** Chunks sent to the embedder. */
  readonly embedded: number;
  /** Chunks whose vector came from the previous build. */
  readonly reused: number;
}

export function chunkTextHash(embedderId: string, chunk: SiteChunk): string {
  return createHash('sha256')
    .update(`${embedderId}\n${chunkSearchText(chunk)}`)
    .digest('hex');
}

export async function embedChunks(chunks: readonly SiteChunk[], opts: EmbedChunksOptions): Promise<EmbeddedChunks> {
  const { embedder, info } = opts;
  const hashes = chunks.map((c) => chunkTextHash(info.id, c));
  const known = new Map<string, Float32Array>();
  const prev = opts.previous;
  if (prev && prev.info.id === info.id && prev.info.dims === info.dims && prev.vectors.dims === info.dims) {
    prev.info.textHashes.forEach((h, i) => {
      if (i < prev.vectors.count) known.set(h, dequantizeVector(prev.vectors, i));
    });
  }
  const out: (Float32Array | undefined)[] = hashes.map((h) => known.get(h));
  const missing = out.flatMap((v, i) => (v ? [] : [i]));
  const batch = opts.batchSize ?? 32;
  for (let at = 0; at < missing.length; at += batch) {
    const ids = missing.slice(at, at + batch);
    const vectors = await embedder.embed(
      ids.map((i) => chunkSearchText(chunks[i]!)),
      'document',
      opts.signal,
    );
    ids.forEach((i, k) => (out[i] = vectors[k]));
  }
  return {
    vectors: { info: { ...info, textHashes: hashes }, vectors: quantizeVectors(out as Float32Array[], info.dims) },
    embedded: missing.length,
    reused: chunks.length - missing.length,
  };
}
