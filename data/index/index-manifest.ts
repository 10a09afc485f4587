/**
 * Manifest of a vector index in `data/dist/index/<embedder-id>/manifest.json`.
 * It records everything needed to embed a query the same way the verses were embedded,
 * and the per-embedder similarity floors (scores of different models are not comparable).
 */
export interface VectorIndexFile {
  readonly path: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly sha256: string;
}

export type VectorQuantization = 'int8-per-vector' | 'int4-centered' | 'int4-centered-staged';

export interface VectorIndexManifest {
  readonly schema: 1;
  /** Directory name, e.g. `gemini-embedding-001-768`. */
  readonly id: string;
  /** Content hash of the vector files; changes when any vector changes. */
  readonly version: string;
  /** Who embeds queries: Gemini or an OpenAI-compatible server through the proxy, the browser (`local`), or the test-only hashing embedder. */
  readonly embedder: 'gemini' | 'openai-compatible' | 'local' | 'test-hashing';
  readonly model: string;
  readonly dims: number;
  readonly count: number;
  /**
   * `int8-per-vector` (file version 1), `int4-centered` (version 2, half the bytes;
   * int4-quantization.ts) or `int4-centered-staged`: the same 4-bit codes as two files, the signs
   * (version 3, searchable alone, a quarter of the bytes) then the magnitudes (version 4).
   */
  readonly quantization: VectorQuantization;
  /**
   * Provider task types (Gemini; `input_type` for OpenAI-compatible servers that apply the model's
   * prompts themselves; `none` otherwise) and the prefixes prepended to the text (E5: `query: ` / `passage: `).
   */
  readonly queryTask: string;
  readonly documentTask: string;
  readonly queryPrefix: string;
  readonly documentPrefix: string;
  /** Template used to build each verse's text before embedding. */
  readonly textTemplate: string;
  /** True when verses were embedded together with their surah name and neighbours. */
  readonly contextualised: boolean;
  /** Corpus version the index was built from; must match the loaded corpus. */
  readonly corpusVersion: string;
  /** Cosine floors: results under `primary` are dropped; `fallback` applies when nothing passes. */
  readonly floors: { readonly primary: number; readonly fallback: number };
  /** One file; a staged index has two: its signs, then its magnitudes. */
  readonly files: readonly VectorIndexFile[];
}
