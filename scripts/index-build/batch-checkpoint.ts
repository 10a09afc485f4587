/**
 * Resumable builds: every finished batch of float32 vectors is written to its own file
 * under `<out>/.checkpoint-<key>/` (write to a temp name, then rename, so a crash never
 * leaves a half batch). A rerun with the same settings reuses them; different settings get
 * a different key, so stale vectors are never mixed in. Removed after a successful build.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '../../data/corpus/content-hash.js';

export interface CheckpointSettings {
  readonly embedderId: string;
  readonly model: string;
  readonly dims: number;
  readonly batchSize: number;
  readonly textTemplate: string;
  readonly corpusVersion: string;
  /** Hash of all verse texts, so an edited template implementation also invalidates it. */
  readonly textsHash: string;
}

export class BatchCheckpoint {
  readonly dir: string;
  readonly #dims: number;

  private constructor(dir: string, dims: number) {
    this.dir = dir;
    this.#dims = dims;
  }

  static async open(outDir: string, settings: CheckpointSettings): Promise<BatchCheckpoint> {
    const key = (await sha256Hex(new TextEncoder().encode(JSON.stringify(settings)))).slice(0, 16);
    const dir = join(outDir, `.checkpoint-${key}`);
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'settings.json'), JSON.stringify(settings, null, 2));
    return new BatchCheckpoint(dir, settings.dims);
  }

  static fileName(batch: number): string {
    return `batch-${String(batch).padStart(5, '0')}.f32`;
  }

  /** Batches already on disk with the expected size (a wrong size means a bad write: redo it). */
  async finished(expectedSizes: ReadonlyMap<number, number>): Promise<Set<number>> {
    const done = new Set<number>();
    for (const name of await readdir(this.dir)) {
      const m = /^batch-(\d{5})\.f32$/.exec(name);
      if (!m) continue;
      const batch = Number(m[1]);
      const size = expectedSizes.get(batch);
      const bytes = await readFile(join(this.dir, name));
      if (size !== undefined && bytes.length === size * this.#dims * 4) done.add(batch);
    }
    return done;
  }

  async save(batch: number, vectors: readonly Float32Array[]): Promise<void> {
    const block = new Float32Array(vectors.length * this.#dims);
    vectors.forEach((v, i) => block.set(v, i * this.#dims));
    const name = BatchCheckpoint.fileName(batch);
    await writeFile(join(this.dir, `${name}.tmp`), new Uint8Array(block.buffer));
    await rename(join(this.dir, `${name}.tmp`), join(this.dir, name));
  }

  async load(batch: number): Promise<Float32Array[]> {
    const bytes = await readFile(join(this.dir, BatchCheckpoint.fileName(batch)));
    const block = new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    return Array.from({ length: block.length / this.#dims }, (_, i) => block.subarray(i * this.#dims, (i + 1) * this.#dims));
  }

  async remove(): Promise<void> {
    await rm(this.dir, { recursive: true, force: true });
  }
}
