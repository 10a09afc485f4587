/**
 * The index build: verse texts → batches of 100 → embedder (which retries 429/5xx) →
 * dimension check → checkpoint per batch → int8 vector file + manifest in `<outRoot>/<id>/`.
 * Rerunning after an interruption continues from the finished batches.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sha256Hex } from '../../data/corpus/content-hash.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { Embedder } from '../../data/embed/embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { DEFAULT_INDEX_FLOORS } from '../../data/index/vector-index-floors.js';
import { BatchCheckpoint } from './batch-checkpoint.js';
import { buildIndexArtifacts, type IndexArtifacts } from './index-artifacts.js';
import type { ProgressState } from './progress-bar.js';
import { buildVerseTexts, describeTemplate, verseTextSuffix, type VerseTextLanguage, type VerseTextOptions } from './verse-text-template.js';

export class IndexBuildError extends Error {
  override readonly name = 'IndexBuildError';
}

export interface IndexBuildOptions {
  readonly corpus: Corpus;
  readonly embedder: Embedder;
  /** Manifest `embedder` kind. */
  readonly embedderKind: VectorIndexManifest['embedder'];
  /** Directory holding one folder per index id. */
  readonly outRoot: string;
  /** Embed each verse with its surah name and neighbours. Default false. */
  readonly contextual?: boolean;
  /** Which text of each verse is embedded. Default `en+ar`. */
  readonly verseText?: VerseTextLanguage;
  /** Texts per embedder call. Default 100. */
  readonly batchSize?: number;
  /** Provider task types / prefixes recorded in the manifest. */
  readonly queryTask?: string;
  readonly documentTask?: string;
  readonly queryPrefix?: string;
  readonly documentPrefix?: string;
  /** Default from DEFAULT_INDEX_FLOORS for the embedder kind. */
  readonly floors?: VectorIndexManifest['floors'];
  readonly onProgress?: (state: ProgressState) => void;
  readonly signal?: AbortSignal;
}

export interface IndexBuildResult extends IndexArtifacts {
  readonly dir: string;
  /** Batches embedded in this run (the rest came from the checkpoint). */
  readonly embeddedBatches: number;
  readonly resumedBatches: number;
  readonly elapsedMs: number;
}

/** Index directory name: the embedder id, `-en` / `-ar` for one language only, `-ctx` for contextualised texts. */
export function indexIdFor(embedder: Pick<Embedder, 'id'>, text: VerseTextOptions): string {
  return `${embedder.id}${verseTextSuffix(text)}${text.contextual ? '-ctx' : ''}`;
}

/** Every vector must have the embedder's dimension and finite values; returns unit-length copies. */
export function checkBatchVectors(vectors: readonly Float32Array[], expectedCount: number, dims: number, firstIndex: number): Float32Array[] {
  if (vectors.length !== expectedCount) {
    throw new IndexBuildError(`the embedder returned ${vectors.length} vectors for ${expectedCount} verses (batch starting at verse #${firstIndex})`);
  }
  return vectors.map((v, i) => {
    if (v.length !== dims) {
      throw new IndexBuildError(
        `verse #${firstIndex + i} got a ${v.length}-dimensional vector, expected ${dims}; the embedder or its outputDimensionality is misconfigured`,
      );
    }
    let norm = 0;
    for (const x of v) norm += x * x;
    if (!Number.isFinite(norm) || norm === 0) throw new IndexBuildError(`verse #${firstIndex + i} got a zero or non-finite vector`);
    const inv = 1 / Math.sqrt(norm);
    return Float32Array.from(v, (x) => x * inv);
  });
}

export async function runIndexBuild(options: IndexBuildOptions): Promise<IndexBuildResult> {
  const started = performance.now();
  const { corpus, embedder } = options;
  const contextual = options.contextual ?? false;
  const batchSize = options.batchSize ?? 100;
  const text: VerseTextOptions = { contextual, language: options.verseText ?? 'en+ar' };
  const texts = buildVerseTexts(corpus, text);
  const textTemplate = describeTemplate(text);
  const id = indexIdFor(embedder, text);
  const dir = join(options.outRoot, id);
  await mkdir(dir, { recursive: true });

  const checkpoint = await BatchCheckpoint.open(dir, {
    embedderId: embedder.id,
    model: embedder.model,
    dims: embedder.dims,
    batchSize,
    textTemplate,
    corpusVersion: corpus.version,
    textsHash: await sha256Hex(new TextEncoder().encode(texts.join('\u0000'))),
  });
  const batchCount = Math.ceil(texts.length / batchSize);
  const sizes = new Map(Array.from({ length: batchCount }, (_, b) => [b, Math.min(batchSize, texts.length - b * batchSize)] as const));
  const done = await checkpoint.finished(sizes);
  const resumedBatches = done.size;
  const report = () =>
    options.onProgress?.({
      done: Math.min(
        texts.length,
        [...done].reduce((n, b) => n + (sizes.get(b) ?? 0), 0),
      ),
      total: texts.length,
      elapsedMs: performance.now() - started,
      label: 'verses',
    });
  report();

  let embeddedBatches = 0;
  for (let b = 0; b < batchCount; b++) {
    if (done.has(b)) continue;
    options.signal?.throwIfAborted();
    const batch = texts.slice(b * batchSize, (b + 1) * batchSize);
    const raw = await embedder.embed(batch, 'document', options.signal);
    await checkpoint.save(b, checkBatchVectors(raw, batch.length, embedder.dims, b * batchSize));
    done.add(b);
    embeddedBatches++;
    report();
  }

  const vectors: Float32Array[] = [];
  for (let b = 0; b < batchCount; b++) vectors.push(...(await checkpoint.load(b)));
  const artifacts = await buildIndexArtifacts(vectors, {
    id,
    embedder: options.embedderKind,
    model: embedder.model,
    dims: embedder.dims,
    queryTask: options.queryTask ?? 'none',
    documentTask: options.documentTask ?? 'none',
    queryPrefix: options.queryPrefix ?? '',
    documentPrefix: options.documentPrefix ?? '',
    textTemplate,
    contextualised: contextual,
    corpusVersion: corpus.version,
    floors: options.floors ?? DEFAULT_INDEX_FLOORS[options.embedderKind],
  });
  await writeIndexDir(dir, artifacts);
  await checkpoint.remove();
  return { ...artifacts, dir, embeddedBatches, resumedBatches, elapsedMs: performance.now() - started };
}

/** Write the vector files then the manifest (readers go through the manifest), drop stale vector files. */
export async function writeIndexDir(dir: string, artifacts: IndexArtifacts): Promise<void> {
  for (const file of artifacts.files) await writeFile(join(dir, file.path), file.bytes);
  await writeFile(join(dir, 'manifest.json'), artifacts.manifestBytes);
  await dropOtherVectorFiles(
    dir,
    artifacts.files.map((f) => f.path),
  );
}

/** Removes the vector files of `dir` other than `keep` (an older build or copy is never read again), with their brotli copies. */
export async function dropOtherVectorFiles(dir: string, keep: readonly string[]): Promise<void> {
  for (const name of await readdir(dir)) {
    const file = name.replace(/\.br$/, '');
    if (/^(?:vectors|signs|magnitudes)\..*\.bin$/.test(file) && !keep.includes(file)) await rm(join(dir, name));
  }
}
