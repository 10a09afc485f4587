/**
 * @module
 * The proxy on Cloudflare Workers: the same Hono app as on Node (app.ts), its settings from
 * the Worker's variables and secrets, its corpus, index, site documents and static files from
 * the static-assets binding (`npm run worker:assets` writes that folder). Rate limits and
 * budgets are shared through Upstash's REST API when it is configured; otherwise each isolate
 * counts on its own, which start-up says.
 */
import { TRANSLATION_LANGS, TRANSLITERATION_KEY, type TextTrackId } from '../../data/corpus/corpus-types.js';
import { loadCorpus, loadCorpusTrack } from '../../data/corpus/corpus-loader.js';
import { decodeJson, parseManifest } from '../../data/corpus/corpus-parts.js';
import { lazyCorpusHandle } from '../corpus/corpus-handle.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { parseVectorIndexManifest } from '../../data/index/vector-index-manifest-parser.js';
import { readSiteArtefact } from '../../data/site/site-artefact-reader.js';
import { createApp, STATIC_MOUNTS, type ProxyApp, type StaticMount } from '../app.js';
import { createProxyServices } from '../proxy-services.js';
import { NO_INDEX_ID } from '../config/index-locator.js';
import { parseProxyConfig, ProxyConfigError, type ProxyEnv } from '../config/proxy-config.js';
import { createScrubber } from '../http/secret-scrubber.js';
import type { FileSource } from '../middleware/static-files/file-source.js';
import { assetsFileSource, assetsReader, type AssetsBinding } from './assets-file-source.js';

/** The Worker's bindings: the static assets, and every variable and secret as a string. */
export interface WorkerEnv {
  readonly ASSETS: AssetsBinding;
  readonly [name: string]: unknown;
}

const TRACKS: ReadonlySet<TextTrackId> = new Set([...TRANSLATION_LANGS, TRANSLITERATION_KEY]);

/** What `npm run worker:assets` recorded about the folder (scripts/worker-build/worker-assets.ts). */
interface AssetsInfo {
  readonly builtAt: number;
  readonly index: string | null;
  readonly site: boolean;
}

export interface WorkerAppOptions {
  /** fetch for the LLM, embeddings and Upstash. Default the global fetch. */
  readonly fetch?: typeof fetch;
  readonly log?: (line: string) => void;
}

/** The variables and secrets, as the Node proxy reads its environment. */
export function workerProxyEnv(env: WorkerEnv): ProxyEnv {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export async function createWorkerApp(env: WorkerEnv, options: WorkerAppOptions = {}): Promise<ProxyApp> {
  if (!env.ASSETS) throw new Error('the Worker has no ASSETS binding; deploy it with the wrangler.toml of this repository');
  const config = parseProxyConfig(workerProxyEnv(env), 1);
  if (config.redis)
    throw new ProxyConfigError([
      'REDIS_URL needs a TCP connection, which a Worker does not have; use Upstash (UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN) instead',
    ]);
  const log = options.log ?? ((line: string) => console.log(line));
  const scrub = createScrubber(config.secrets);
  const note = (event: string, fields: Record<string, unknown> = {}) =>
    log(scrub(JSON.stringify({ time: new Date().toISOString(), level: 'info', event, ...fields })));
  const assets = env.ASSETS;
  const info = JSON.parse(new TextDecoder().decode(await assetsReader(assets, '')('quran-dai-worker.json'))) as AssetsInfo;

  // The Quran text is read when a route first needs verses (an answer, a suggestion, feedback):
  // the static files and /api/config of a new isolate cost no CPU for it. English first, the
  // other translations when an answer first needs one (all twelve at once took about 100 ms of
  // CPU here, ten times a free-plan request's allowance).
  const readCorpus = assetsReader(assets, STATIC_MOUNTS.corpus);
  const corpus = lazyCorpusHandle(parseManifest(decodeJson(await readCorpus('manifest.json'))), () =>
    loadCorpus(readCorpus, ['en'], "the Worker's assets (data/corpus)"),
  );
  const loading = new Map<TextTrackId, Promise<void>>();
  const loadTrack = async (track: TextTrackId): Promise<void> => {
    const whole = await corpus.whole();
    if (whole.hasTrack(track) || !TRACKS.has(track)) return;
    const pending = loading.get(track) ?? loadCorpusTrack(readCorpus, whole, track).finally(() => loading.delete(track));
    loading.set(track, pending);
    await pending;
  };
  const index = await servedIndex(assets, info, config.paths.indexId);
  const site = info.site ? await readSiteArtefact(assetsReader(assets, STATIC_MOUNTS.site)) : null;
  const { metrics, stores, sharedStore, embedder, chat } = createProxyServices(config, {
    index,
    log: (line) => log(scrub(line)),
    note,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const mounts = Object.keys(STATIC_MOUNTS) as StaticMount[];
  const files: Partial<Record<StaticMount, FileSource>> = Object.fromEntries(
    mounts.map((m) => [m, assetsFileSource(assets, m === 'demo' ? '/demo' : STATIC_MOUNTS[m], info.builtAt)]),
  );
  note('worker-started', {
    corpus: corpus.manifest.version,
    index: index?.id ?? null,
    chat: chat ? `${chat.provider}:${chat.modelId}` : null,
    sharedStore,
    ...(stores
      ? {}
      : {
          hint: 'rate limits and budgets are counted per Worker isolate, so Cloudflare may run several counts at once; set UPSTASH_REDIS_REST_URL and UPSTASH_REDIS_REST_TOKEN to share them',
        }),
  });
  return createApp(config, {
    metrics,
    ...(stores ? { stores } : {}),
    corpus,
    index,
    site,
    embedder,
    chat,
    files,
    log,
    // Cloudflare sets the visitor's address; there is no socket to read it from.
    remoteAddress: (c) => c.req.header('cf-connecting-ip'),
    compress: false,
    loadTrack,
  });
}

async function servedIndex(assets: AssetsBinding, info: AssetsInfo, indexId: string): Promise<VectorIndexManifest | null> {
  if (indexId === NO_INDEX_ID || !info.index) return null;
  if (indexId && indexId !== info.index) {
    throw new ProxyConfigError([
      `INDEX_ID=${indexId} but the Worker's assets hold the index ${info.index}; run INDEX_ID=${indexId} npm run worker:assets, then deploy again`,
    ]);
  }
  const manifest = parseVectorIndexManifest(
    JSON.parse(new TextDecoder().decode(await assetsReader(assets, STATIC_MOUNTS.index)(`${info.index}/manifest.json`))),
  );
  if (manifest.id !== info.index) throw new Error(`the Worker's index ${info.index} says its id is "${manifest.id}"; run npm run worker:assets again`);
  return manifest;
}
