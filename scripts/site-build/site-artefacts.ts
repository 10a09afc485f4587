/**
 * Pure transform: chunks (and their vectors, when an embedder is configured) → the site
 * artefact's content-hashed files and manifest, like the corpus's: the same input always
 * gives byte-identical files, and the version changes whenever any byte does.
 */
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import type { SiteChunk, SiteChunkFile, SiteDocumentInfo, SiteManifest, SiteManifestFile, SitePart, SiteVectorInfo } from '../../data/site/site-types.js';
import { encodeVectorFile } from '../../data/index/vector-file.js';
import type { QuantizedVectors } from '../../data/index/int8-quantization.js';

export interface BuiltSiteFile {
  readonly part: SitePart;
  readonly path: string;
  readonly bytes: Uint8Array;
}

export interface BuiltSite {
  readonly files: readonly BuiltSiteFile[];
  readonly manifest: SiteManifest;
  readonly manifestBytes: Uint8Array;
}

export interface SiteVectors {
  readonly info: SiteVectorInfo;
  readonly vectors: QuantizedVectors;
}

const encoder = new TextEncoder();
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function hashedFile(part: SitePart, base: string, ext: string, bytes: Uint8Array): BuiltSiteFile {
  return { part, path: `${base}.${sha256(bytes).slice(0, 10)}.${ext}`, bytes };
}

export function buildSiteArtefact(documents: readonly SiteDocumentInfo[], chunks: readonly SiteChunk[], vectors: SiteVectors | null): BuiltSite {
  if (vectors && vectors.vectors.count !== chunks.length) throw new RangeError(`${vectors.vectors.count} vectors for ${chunks.length} chunks`);
  const chunkFile: SiteChunkFile = { chunks };
  const files: BuiltSiteFile[] = [hashedFile('chunks', 'chunks', 'json', encoder.encode(JSON.stringify(chunkFile)))];
  if (vectors) files.push(hashedFile('vectors', 'vectors', 'bin', encodeVectorFile(vectors.vectors)));
  const entries: SiteManifestFile[] = files.map((f) => ({
    part: f.part,
    path: f.path,
    bytes: f.bytes.length,
    gzipBytes: gzipSync(f.bytes, { level: 9 }).length,
    sha256: sha256(f.bytes),
  }));
  const info = vectors ? vectors.info : null;
  const version = sha256(
    encoder.encode([...files.map((f) => `${f.path}:${sha256(f.bytes)}`), JSON.stringify(documents), JSON.stringify(info)].join('\n')),
  ).slice(0, 16);
  const manifest: SiteManifest = { schema: 1, version, chunkCount: chunks.length, documents, files: entries, vectors: info };
  return { files, manifest, manifestBytes: encoder.encode(JSON.stringify(manifest, null, 2) + '\n') };
}

export function siteSummary(built: BuiltSite): string {
  const m = built.manifest;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return [
    `site ${m.version}: ${m.documents.length} documents, ${m.chunkCount} chunks${m.vectors ? `, vectors by ${m.vectors.id} (${m.vectors.dims} dims)` : ', keyword search only (no embedder configured)'}`,
    ...m.files.map((f) => `  ${f.path.padEnd(36)} ${kb(f.bytes).padStart(10)} ${kb(f.gzipBytes).padStart(10)} gz`),
  ].join('\n');
}
