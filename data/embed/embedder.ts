/**
 * One interface for every text embedder (Gemini, local transformers.js, the test-only
 * hashing embedder). Index builds use `document`, live queries use `query`.
 */
export type EmbedTask = 'query' | 'document';

export interface Embedder {
  /** Stable id, used as the index directory name, e.g. `gemini-embedding-001-768`. */
  readonly id: string;
  /** Model name as the provider knows it. */
  readonly model: string;
  /** Output dimension. */
  readonly dims: number;
  /** Embed texts; returns one unit-length vector per text, in order. */
  embed(texts: readonly string[], task: EmbedTask, signal?: AbortSignal): Promise<Float32Array[]>;
}
