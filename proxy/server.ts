/**
 * @module
 * Node entry: reads env (and `.env`), validates it, loads the corpus and the vector index
 * manifest, builds the providers and serves the Hono app with @hono/node-server.
 * `npm start` calls `startServer`; `tsx proxy/server.ts` runs it alone.
 *
 * @example
 * const server = await startServer({ env: { PORT: '0', XAI_API_KEY: '...' } });
 * console.log(server.url); await server.close();
 */
import cluster from 'node:cluster';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { Duplex } from 'node:stream';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as nodeUtil from 'node:util';
import { constants as zlibConstants, createBrotliCompress } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { TRANSLATION_LANGS, TRANSLITERATION_KEY } from '../data/corpus/corpus-types.js';
import type { Corpus } from '../data/corpus/corpus.js';
import type { Embedder } from '../data/embed/embedder.js';
import { loadSiteFromDir } from '../data/site/site-loader-node.js';
import type { VectorIndexManifest } from '../data/index/index-manifest.js';
import { createApp, type ProxyApp, type StaticMount } from './app.js';
import { parseProxyConfig, type ProxyConfig, type ProxyEnv } from './config/proxy-config.js';
import { locateIndex } from './config/index-locator.js';
import { createNodeFileSource } from './middleware/static-files/node-file-source.js';
import type { FileSource } from './middleware/static-files/file-source.js';
import { createScrubber } from './http/secret-scrubber.js';
import type { EncoderFactory } from './middleware/compression/index.js';
import { nodeBodyTextReader } from './http/node-body-reader.js';
import { isLoopbackAddress } from './http/ip-address.js';
import { runWorkers } from './cluster/run-workers.js';
import { createProxyServices } from './proxy-services.js';
import { connectRedis } from './shared-store/redis-connection.js';
import { ioredisCommands } from './shared-store/ioredis-commands.js';
import { envExampleKeys, unknownEnvKeys, unknownEnvKeysWarning } from './config/unknown-env-keys.js';
import { createServer as createNetServer } from 'node:net';

/** The repository root (static paths in env are relative to it). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export interface StartServerOptions {
  /** Environment. Default `process.env` over the `.env` file in `rootDir` (real env wins). */
  env?: ProxyEnv;
  /** Read `<rootDir>/.env` when `env` is not given. Default true. */
  loadDotEnv?: boolean;
  /** Override PORT (0 = a random free port). */
  port?: number;
  /** Override HOST. */
  host?: string;
  /** Base for relative paths in env. Default the repository root. */
  rootDir?: string;
  /** fetch used by the LLM and embedding providers. Default global fetch. */
  fetch?: typeof fetch;
  /** Log sink. Default `console.log` (one JSON line per request). */
  log?: (line: string) => void;
  /** A corpus already loaded (tests). Default: loaded from CORPUS_DIR with every translation. */
  corpus?: Corpus;
  /**
   * Embeds the visitors' questions instead of the embedder the served index names: how tests and
   * benchmarks serve an index built with the hashing embedder, which is not shipped in the proxy.
   */
  queryEmbedder?: Embedder;
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:8787` */
  readonly url: string;
  readonly port: number;
  readonly host: string;
  readonly app: ProxyApp;
  readonly config: ProxyConfig;
  readonly index: VectorIndexManifest | null;
  close(): Promise<void>;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const rootDir = options.rootDir ?? REPO_ROOT;
  const env = options.env ?? (options.loadDotEnv === false ? { ...process.env } : readProxyEnv(rootDir));
  const config = parseProxyConfig(env, availableParallelism());
  // process.stdout.write, not console.log: no formatting pass on the hot path.
  const log = options.log ?? ((line: string) => void process.stdout.write(`${line}\n`));
  const scrub = createScrubber(config.secrets);
  const note = (event: string, fields: Record<string, unknown> = {}) =>
    log(scrub(JSON.stringify({ time: new Date().toISOString(), level: 'info', event, ...fields })));
  const at = (p: string) => (isAbsolute(p) ? p : resolve(rootDir, p));

  const corpus = options.corpus ?? (await loadCorpusFromDir({ dir: at(config.paths.corpusDir), tracks: [...TRANSLATION_LANGS, TRANSLITERATION_KEY] }));
  const index = await locateIndex(at(config.paths.indexDir), config.paths.indexId);
  if (index && index.corpusVersion !== corpus.version) {
    note('index-corpus-mismatch', {
      index: index.id,
      indexCorpus: index.corpusVersion,
      corpus: corpus.version,
      hint: 'rebuild the index (npm run build:index)',
    });
  }
  /** The Redis connection of REDIS_URL, closed with the server. */
  let redis: ReturnType<typeof connectRedis> | null = null;
  const { metrics, stores, sharedStore, embedder, chat } = createProxyServices(config, {
    index,
    log: (line) => log(scrub(line)),
    note,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.queryEmbedder ? { embedder: options.queryEmbedder } : {}),
    connectRedis: (metrics) => {
      if (!config.redis) return null;
      redis = connectRedis({
        url: config.redis.url,
        commandTimeoutMs: config.redis.commandTimeoutMs,
        up: metrics.sharedStoreUp,
        log: (line) => log(scrub(line)),
      });
      return ioredisCommands(redis);
    },
  });
  const siteDir = at(config.paths.siteDir);
  const site = await loadSiteFromDir(siteDir);
  if (site && site.manifest.vectors && site.manifest.vectors.id !== index?.id) {
    note('site-vectors-unused', {
      site: site.manifest.version,
      siteEmbedder: site.manifest.vectors.id,
      index: index?.id ?? null,
      hint: 'site passages were embedded for another index: they are searched by keyword only; rebuild them with npm run build:site',
    });
  }
  noteSecuritySettings(config, note);

  const widgetDir = at(config.paths.widgetDir);
  if (config.trustProxy && !config.metricsToken) {
    note('metrics-closed', {
      hint: 'TRUST_PROXY is on and METRICS_TOKEN is not set, so /metrics answers nobody (behind a reverse proxy every caller looks local); set METRICS_TOKEN and send it as a bearer token to read it',
    });
  }
  // The proxy alone (not `npm start`) does not build the widget: without this note every page
  // embedding it gets a 404 for its script and shows nothing.
  if (!existsSync(join(widgetDir, 'quran-dai.js'))) {
    note('widget-missing', {
      dir: widgetDir,
      hint: 'run npm run build:widget (or npm run build): pages embedding the widget load /widget/quran-dai.js from this folder',
    });
  }
  // Likewise the topic index: without it the widget shows no Topics list and finds fewer verses
  // for questions in a visitor's own words (a 404 in the browser console is all one would see).
  const topicsDir = at(config.paths.topicsDir);
  const topicsVersion = readTopicsVersion(topicsDir);
  if (!topicsVersion) {
    note('topics-missing', {
      dir: topicsDir,
      hint: 'run npm run build:topics (or npm run build): the widget loads the topic index from this folder after the first results',
    });
  }
  const ortDir = config.paths.ortDir ? at(config.paths.ortDir) : resolveOrtDir();
  const fontDir = resolveQuranFontDir();
  const files: Partial<Record<StaticMount, FileSource>> = {
    demo: createNodeFileSource(at(config.paths.demoDir)),
    widget: createNodeFileSource(widgetDir),
    corpus: createNodeFileSource(at(config.paths.corpusDir)),
    topics: createNodeFileSource(topicsDir),
    index: createNodeFileSource(at(config.paths.indexDir)),
    ...(site ? { site: createNodeFileSource(siteDir) } : {}),
    models: createNodeFileSource(at(config.paths.modelsDir)),
    ...(ortDir ? { ort: createNodeFileSource(ortDir) } : {}),
    ...(fontDir ? { fonts: createNodeFileSource(fontDir) } : {}),
  };
  const app = createApp(config, {
    metrics,
    ...(stores ? { stores } : {}),
    corpus,
    index,
    site,
    embedder,
    chat,
    files,
    log,
    remoteAddress: (c) => getConnInfo(c).remote.address,
    encoders: { br: nodeBrotli },
    readBodyText: nodeBodyTextReader,
    processMemory: () => {
      const m = process.memoryUsage();
      return { residentBytes: m.rss, heapUsedBytes: m.heapUsed, externalBytes: m.external };
    },
  });

  const host = options.host ?? config.host;
  const server: ServerType = await new Promise((resolveServer, reject) => {
    const s = serve({ fetch: app.fetch, port: options.port ?? config.port, hostname: host }, () => resolveServer(s));
    s.once('error', (error) => void listenError(error, host, options.port ?? config.port).then(reject));
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : (options.port ?? config.port);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  note('listening', {
    url,
    corpus: corpus.version,
    index: index?.id ?? null,
    queryEmbedding: index ? (index.embedder === 'local' ? 'browser' : embedder ? 'proxy' : 'unavailable') : null,
    chat: chat ? `${chat.provider}:${chat.modelId}` : null,
    sharedStore,
    pid: process.pid,
    site: site ? { version: site.manifest.version, passages: site.chunks.length } : null,
    topics: topicsVersion,
    widget: existsSync(join(widgetDir, 'quran-dai.js')),
  });
  return {
    url,
    port,
    host,
    app,
    config,
    index,
    close: () =>
      new Promise<void>((done) => {
        const s = server as ServerType & { closeAllConnections?: () => void };
        s.close(() => done());
        s.closeAllConnections?.();
        redis?.disconnect();
      }),
  };
}

/** A port already taken says which variable moves it, and a port that is free: Node's own message names no fix. */
async function listenError(error: Error, host: string, port: number): Promise<Error> {
  if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') return error;
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  const free = await firstFreePort(host, port + 1, port + 20);
  return new Error(
    `${where} is already in use (another quran-dai, or another program); set PORT to a free port${free === undefined ? '' : `, e.g. PORT=${free}`}`,
    { cause: error },
  );
}

/** The first port in `from`..`to` that `host` can listen on now, or undefined. */
async function firstFreePort(host: string, from: number, to: number): Promise<number | undefined> {
  for (let port = from; port <= Math.min(to, 65535); port++) {
    const free = await new Promise<boolean>((done) => {
      const probe = createNetServer();
      probe.once('error', () => done(false));
      probe.listen(port, host, () => probe.close(() => done(true)));
    });
    if (free) return port;
  }
  return undefined;
}

/** Start-up hints for settings whose defaults suit one local proxy but not a public deployment. */
function noteSecuritySettings(config: ProxyConfig, note: (e: string, f?: Record<string, unknown>) => void): void {
  if (config.chat && !config.answerSigningKey) {
    note('answer-signing-key-random', {
      hint: "set ANSWER_SIGNING_KEY when several proxies share traffic; with a per-process key, a restart drops earlier answers from visitors' history (their questions stay)",
    });
  }
  if (config.publicOrigins !== '*' && config.publicOrigins.length === 0 && (config.trustProxy || !isLoopbackHost(config.host))) {
    note('public-origins-unset', {
      hint: 'only localhost and IP addresses are answered; set PUBLIC_ORIGINS to the https:// origin visitors use (e.g. https://quran.mosque.example)',
    });
  }
}

function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

/** Brotli through zlib (quality 7: fast, and results for files with an ETag are cached). */
const nodeBrotli: EncoderFactory = () =>
  Duplex.toWeb(createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 7 } })) as unknown as TransformStream<Uint8Array, Uint8Array>;

/** Scheherazade New (SIL, OFL) from @fontsource: visitors without a Quranic font still see every Uthmani mark. */
export function resolveQuranFontDir(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('@fontsource/scheherazade-new/package.json')), 'files');
  } catch {
    return undefined;
  }
}

/** onnxruntime-web's `dist/` (the WASM files transformers.js loads), if installed. */
export function resolveOrtDir(): string | undefined {
  try {
    return join(dirname(createRequire(import.meta.url).resolve('onnxruntime-web/package.json')), 'dist');
  } catch {
    return undefined;
  }
}

/**
 * `.env` in `rootDir` under the real environment (which wins): what `startServer` reads by
 * default. Names in `.env` that `.env.example` does not list are warned about (`warn`), with
 * the name most likely meant: a misspelt setting would otherwise have no effect, silently.
 */
export function readProxyEnv(rootDir: string = REPO_ROOT, warn: (message: string) => void = console.warn): ProxyEnv {
  const file = readDotEnv(join(rootDir, '.env'));
  const examplePath = join(rootDir, '.env.example');
  if (existsSync(examplePath)) {
    const warning = unknownEnvKeysWarning(unknownEnvKeys(Object.keys(file), envExampleKeys(readFileSync(examplePath, 'utf8'))), join(rootDir, '.env'));
    if (warning && !warnedEnvFiles.has(warning)) warn(warning);
    if (warning) warnedEnvFiles.add(warning);
  }
  return { ...file, ...process.env };
}

/** Said once per process: npm start reads the env more than once. */
const warnedEnvFiles = new Set<string>();

function readDotEnv(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const text = readFileSync(path, 'utf8');
  // util.parseEnv exists from Node 20.12; older 20.x get a minimal KEY=VALUE reader.
  const parse = (nodeUtil as { parseEnv?: (s: string) => object }).parseEnv;
  if (parse) return parse(text) as Record<string, string>;
  const out: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(line);
    if (m && !line.trimStart().startsWith('#')) out[m[1]!] = m[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return out;
}

async function main(): Promise<void> {
  let workers = 1;
  let sharedStore = false;
  try {
    const config = parseProxyConfig(readProxyEnv(), availableParallelism());
    workers = config.workers;
    sharedStore = config.redis !== null || config.upstash !== null;
  } catch (error) {
    console.error(`quran-dai proxy did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  if (workers > 1 && cluster.isPrimary) {
    const running = runWorkers({ workers, sharedStore });
    const stop = () => void running.stop().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    process.exitCode = await running.failed;
    return;
  }
  let running: RunningServer;
  try {
    running = await startServer();
  } catch (error) {
    // Bad configuration, a port in use, an unreadable corpus: one line that says what to fix, no stack.
    console.error(`quran-dai proxy did not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
  console.error(`quran-dai proxy on ${running.url}${cluster.isWorker ? ` (worker ${process.pid})` : ''}`);
  const stop = () => void running.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) void main();

/** The built topic index's version (its manifest), or null when there is none to serve. */
function readTopicsVersion(dir: string): string | null {
  try {
    const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : null;
  } catch {
    return null;
  }
}
