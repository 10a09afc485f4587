/**
 * One site build: read the source folder, chunk, embed what changed (when an embedder is
 * configured), write the content-hashed artefact and its manifest, and remove files of earlier
 * builds. The manifest is written last, so a reader never sees a manifest whose files are missing.
 */
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chunkDocuments } from '../../data/site/site-chunker.js';
import { loadSiteFromDir } from '../../data/site/site-loader-node.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { buildSiteArtefact, type BuiltSite } from './site-artefacts.js';
import { chooseSiteEmbedder } from './site-embedder.js';
import { embedChunks } from './site-embeddings.js';
import { readSiteSources } from './site-sources.js';

export interface SiteBuildOptions {
  /** The site owner's folder of .md, .txt and .pdf files. */
  readonly source: string;
  /** Where the artefact goes (served at /data/site). */
  readonly outDir: string;
  readonly maxFileBytes?: number;
  /** The served Quran index (its embedder embeds the chunks), or null. */
  readonly index: VectorIndexManifest | null;
  /** Embedder settings (EMBEDDINGS_*, GEMINI_*). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Keyword search only, even when an embedder is configured. */
  readonly noEmbed?: boolean;
  readonly fetch?: typeof fetch;
}

export interface SiteBuildResult {
  readonly built: BuiltSite;
  readonly embedded: number;
  readonly reused: number;
  readonly ignored: readonly string[];
  /** Why there are no vectors, when there are none. */
  readonly keywordOnlyReason: string | undefined;
}

export async function runSiteBuild(opts: SiteBuildOptions): Promise<SiteBuildResult> {
  const { documents, ignored } = await readSiteSources(opts.source, opts.maxFileBytes === undefined ? {} : { maxFileBytes: opts.maxFileBytes });
  const chunks = chunkDocuments(documents);
  const infos = documents.map((d) => ({ doc: d.doc, title: d.title, source: d.source }));
  const choice = opts.noEmbed ? { embedder: null, reason: '--no-embed was given' } : chooseSiteEmbedder(opts.index, opts.env, opts.fetch);
  let vectors = null;
  let embedded = 0;
  let reused = 0;
  if (choice.embedder) {
    // A damaged earlier build only costs re-embedding; it never stops this one.
    const previous = await loadSiteFromDir(opts.outDir).catch(() => null);
    const prev = previous?.manifest.vectors && previous.vectors ? { info: previous.manifest.vectors, vectors: previous.vectors } : null;
    const r = await embedChunks(chunks, { embedder: choice.embedder, info: choice.info, previous: prev });
    vectors = r.vectors;
    embedded = r.embedded;
    reused = r.reused;
  }
  const built = buildSiteArtefact(infos, chunks, vectors);
  await mkdir(opts.outDir, { recursive: true });
  const keep = new Set(['manifest.json', ...built.files.map((f) => f.path)]);
  for (const f of built.files) await writeFile(join(opts.outDir, f.path), f.bytes);
  await writeFile(join(opts.outDir, 'manifest.json'), built.manifestBytes);
  for (const name of await readdir(opts.outDir)) if (!keep.has(name)) await rm(join(opts.outDir, name), { recursive: true });
  return { built, embedded, reused, ignored, keywordOnlyReason: choice.embedder ? undefined : choice.reason };
}
