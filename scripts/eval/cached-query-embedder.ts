/**
 * The eval asks the same questions again and again (each fusion setting, each dataset re-run);
 * their vectors only change when the index's embedder does. This keeps them in one file per
 * index under `.cache/eval-query-vectors/`, so a grid of settings embeds each question once.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { EmbedTask, Embedder } from '../../data/embed/embedder.js';

export class CachedQueryEmbedder implements Embedder {
  readonly id: string;
  readonly model: string;
  readonly dims: number;
  readonly #inner: Embedder;
  readonly #file: string;
  readonly #vectors: Map<string, Float32Array>;
  #unsaved = 0;

  /** @param file JSON file holding `{ text: number[] }`; its name must identify the index (id and version). */
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
