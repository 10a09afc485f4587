/**
 * The mosque's own documents as a searchable artefact (`data/dist/site/`): chunks with their
 * document title, heading path and anchor, a manifest with sha256 per file like the corpus's,
 * and optional chunk vectors. Site passages are the mosque's words, never scripture.
 */

/** One passage of a site document, as searched, shown and cited (`[site:N]`, N = `id`). */
export interface SiteChunk {
  /** Position in the artefact, 0..; the number the answer cites as `[site:N]`. */
  readonly id: number;
  /** Document slug (from its file name), unique in the artefact, e.g. `opening-times`. */
  readonly doc: string;
  /** Document title (first `#` heading, PDF title, or the file name). */
  readonly title: string;
  /** Headings above the passage, outermost first (empty before the first heading). */
  readonly headings: readonly string[];
  /**
   * Fragment for a link to the passage: the slug of its nearest heading as most site
   * generators write it (`jumuah-friday-prayer`), or empty for the top of the document.
   */
  readonly anchor: string;
  /** Stable identity across rebuilds: `doc#anchor~n` (n counts chunks under one heading). */
  readonly key: string;
  readonly text: string;
}

export interface SiteDocumentInfo {
  readonly doc: string;
  readonly title: string;
  /** Source file name relative to the source folder, e.g. `visitors-faq.md`. */
  readonly source: string;
}

export type SitePart = 'chunks' | 'vectors';

export interface SiteManifestFile {
  readonly part: SitePart;
  /** Content-hashed file name relative to the manifest. */
  readonly path: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly sha256: string;
}

/** How chunk vectors were made, so queries are embedded the same way. */
export interface SiteVectorInfo {
  /** Embedder id, e.g. `multilingual-e5-small`. */
  readonly id: string;
  readonly embedder: 'gemini' | 'openai-compatible' | 'local' | 'test-hashing';
  readonly model: string;
  readonly dims: number;
  /** Cosine floors for this embedder: strict first, the lower one when nothing passes. */
  readonly floors: { readonly primary: number; readonly fallback: number };
  /** sha256 (hex) of each chunk's embedded text, in chunk order: what a rebuild reuses. */
  readonly textHashes: readonly string[];
}

export interface SiteManifest {
  readonly schema: 1;
  /** Content hash over every file: changes whenever any chunk or vector changes. */
  readonly version: string;
  readonly chunkCount: number;
  readonly documents: readonly SiteDocumentInfo[];
  readonly files: readonly SiteManifestFile[];
  readonly vectors: SiteVectorInfo | null;
}

/** The chunks file. */
export interface SiteChunkFile {
  readonly chunks: readonly SiteChunk[];
}
