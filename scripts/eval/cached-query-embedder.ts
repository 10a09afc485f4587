/**
 * The eval asks the same questions again and again (each fusion setting, each dataset re-run);
 * their vectors only change when the index's embedder does. This keeps them in one file per
 * model under `.cache/eval-query-vectors/`, so a grid of settings embeds each question once.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EmbedTask, Embedder } from '../../data/embed/embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';

/**
 * A question's vector depends on the model and how questions are sent to it, not on how the
 * verses were embedded: indexes of one model (English, Arabic, contextual verses) share a file.
 */
export function queryVectorCacheName(manifest: Pick<VectorIndexManifest, 'embedder' | 'model' | 'dims' | 'queryTask' | 'queryPrefix'>): string {
  const key = [manifest.embedder, manifest.model, manifest.dims, manifest.queryTask, manifest.queryPrefix].join('|');
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return `${manifest.model.replace(/[^A-Za-z0-9.-]+/g, '-')}-${manifest.dims}-${h.toString(16).padStart(8, '0')}.json`;
}

export class CachedQueryEmbedder implements Embedder {
  readonly id: string;
  readonly model: string;
  readonly dims: number;
  readonly #inner: Embedder;
  readonly #file: string;
  readonly #vectors: Map<string, Float32Array>;
  #unsaved = 0;

  /** @param file JSON file holding `{ text: number[] }`, named by `queryVectorCacheName`. */
  constructor(inner: Embedder, file: string) {
    this.#inner = inner;
    this.#file = file;
    this.id = inner.id;
    this.model = inner.model;
    this.dims = inner.dims;
    this.#vectors = new Map();
    if (existsSync(file)) {
      const saved = JSON.parse(readFileSync(file, 'utf8')) as Record<string, number[]>;
      for (const [text, v] of Object.entries(saved)) if (v.length === inner.dims) this.#vectors.set(text, Float32Array.from(v));
    }
    process.once('exit', () => this.save());
  }

  async embed(texts: readonly string[], task: EmbedTask, signal?: AbortSignal): Promise<Float32Array[]> {
    if (task !== 'query') return this.#inner.embed(texts, task, signal);
    const missing = [...new Set(texts.filter((t) => !this.#vectors.has(t)))];
    if (missing.length > 0) {
      const vectors = await this.#inner.embed(missing, 'query', signal);
      missing.forEach((t, i) => this.#vectors.set(t, vectors[i]!));
      this.#unsaved += missing.length;
      if (this.#unsaved >= 200) this.save();
    }
    return texts.map((t) => this.#vectors.get(t)!);
  }

  save(): void {
    if (this.#unsaved === 0) return;
    mkdirSync(dirname(this.#file), { recursive: true });
    writeFileSync(this.#file, JSON.stringify(Object.fromEntries([...this.#vectors].map(([t, v]) => [t, Array.from(v)]))));
    this.#unsaved = 0;
  }
}
