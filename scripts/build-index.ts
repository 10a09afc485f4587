/**
 * `npm run build:index -- --embedder <openai-compatible|gemini|local|test-hashing> [--verse-text en|ar|en+ar] [--contextual] [--out data/dist/index]`
 * (openai-compatible: `--base-url URL --model NAME [--input-type]`; local: `--model <id> [--model-dir DIR]`; see the README).
 * Embeds all 6,236 verses and writes `data/dist/index/<embedder-id>/` (4-bit vectors around their mean + manifest, ADR 0031).
 * Resumable: rerun after an interruption and finished batches are reused.
 */
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { openLocalEmbedderFromDir } from '../data/embed/local-embedder-node.js';
import { floorsForModel } from '../data/embed/local-embedder-floors.js';
import { openServerEmbedder } from '../data/embed/openai-compatible-manifest.js';
import type { VectorIndexManifest } from '../data/index/index-manifest.js';
import { DEFAULT_INDEX_ROOT } from '../data/index/vector-index-loader-node.js';
import { BuildIndexArgsError, embedderFor, parseBuildIndexArgs, type BuildIndexConfig } from './index-build/build-index-args.js';
import { runIndexBuild } from './index-build/index-build-run.js';
import { createProgressBar } from './index-build/progress-bar.js';
import { isMainModule } from './main-module.js';

/** Local models and embedding servers are opened asynchronously and carry their own prefixes and floors. */
async function openEmbedder(
  config: BuildIndexConfig,
): Promise<ReturnType<typeof embedderFor> & { queryPrefix?: string; documentPrefix?: string; floors?: VectorIndexManifest['floors'] }> {
  if (config.embedderKind === 'openai-compatible') {
    const server = config.openaiCompatible!;
    const { embedder, prompts } = await openServerEmbedder(server, { batchSize: config.batchSize });
    return { embedder, ...prompts, floors: floorsForModel(server.model) };
  }
  if (config.embedderKind !== 'local') return embedderFor(config);
  const local = await openLocalEmbedderFromDir({ model: config.local!.model, modelDir: config.local!.modelDir });
  const { queryTask, documentTask, queryPrefix, documentPrefix, floors } = local.manifestFields();
  return { embedder: local, queryTask, documentTask, queryPrefix, documentPrefix, floors };
}

export async function main(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<void> {
  const config = parseBuildIndexArgs(argv, env);
  const { embedder, queryTask, documentTask, queryPrefix, documentPrefix, floors } = await openEmbedder(config);
  if (config.embedderKind === 'test-hashing') console.error('note: test-hashing is a word-overlap embedder for tests and timing only, not semantic search');
  const corpus = await loadCorpusFromDir({ tracks: ['en'] });
  const bar = createProgressBar();
  const result = await runIndexBuild({
    corpus,
    embedder,
    embedderKind: config.embedderKind,
    outRoot: config.outRoot ?? DEFAULT_INDEX_ROOT,
    contextual: config.contextual,
    verseText: config.verseText,
    batchSize: config.batchSize,
    queryTask,
    documentTask,
    queryPrefix,
    documentPrefix,
    floors,
    onProgress: (s) => bar.update(s),
  });
  bar.finish();
  const files = result.manifest.files.map((f) => `${f.path} (${f.bytes} bytes, ${f.gzipBytes} gzip)`).join(' + ');
  console.log(
    `${result.manifest.id}: ${result.manifest.count} x ${result.manifest.dims} ${result.manifest.quantization} → ${result.dir}/${files}, ` +
      `${result.embeddedBatches} batches embedded, ${result.resumedBatches} resumed, ${(result.elapsedMs / 1000).toFixed(1)}s`,
  );
}

if (isMainModule(import.meta.url)) {
  try {
    await main(process.argv.slice(2), process.env);
  } catch (error) {
    console.error(
      error instanceof BuildIndexArgsError
        ? error.message
        : `build:index failed: ${(error as Error).message}\nrerun the same command to resume from the finished batches`,
    );
    process.exitCode = 1;
  }
}
