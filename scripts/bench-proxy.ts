/**
 * `npm run bench:proxy`: load test of the proxy against the fake upstreams (fake xAI chat
 * completions, fake Gemini embeddings) on 127.0.0.1. The proxy runs as its own Node process
 * (`node --import tsx proxy/server.ts`), exactly as self-hosters run it; the fake upstreams
 * run in a third process (like a remote API), and the load generator in this one.
 *
 * Measures:
 * - time to first answer token, sequentially, through the proxy vs. straight to the fake
 *   upstream with the same request body (added p50/p95 = the proxy's overhead);
 * - N concurrent streaming chats (default 200): errors, complete streams, throughput;
 * - `/api/embed` uncached and cached throughput;
 * - the proxy process's peak RSS (Linux VmHWM).
 * Writes the `## Proxy` section of BENCHMARKS.md (between its markers) unless `--no-write`.
 *
 * With `--workers N` the proxy runs N cluster workers sharing their limits in a `redis-server`
 * the bench starts on a loopback port (`--redis` does that for one worker too); every run
 * also updates its row of the `## Proxy workers` table (bench/proxy-workers.json).
 *
 * Flags: --chats=200 --samples=200 --embeds=20000 --workers=1 --redis --no-write (`--flag value` works too)
 * Env: BENCH_PROXY_NODE_ARGS adds Node flags to the proxy process (e.g. `--cpu-prof`).
 */
import { parseArgs } from 'node:util';
import { fork, type ChildProcess } from 'node:child_process';
import { answerCpuLine, ANSWER_CPU_CHUNKS, measureAnswerCpu, type AnswerCpuResult } from './proxy-bench/answer-cpu.js';
import { Agent, request } from 'node:http';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeXai } from '../proxy/testing/fake-xai.js';
import { FAKE_GEMINI_API_KEY, startFakeGemini } from '../data/testing/fake-gemini.js';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { processMemoryMb, startProxyProcess, writeBenchIndex } from './proxy-bench/proxy-process.js';
import { replaceMarkedSection } from './bench/marked-section.js';
import { percentiles, type Percentiles } from './proxy-bench/percentiles.js';
import { renderWorkerMatrix, upsertRow, WORKERS_SECTION_END, WORKERS_SECTION_START, type WorkerMatrixRow } from './proxy-bench/worker-matrix.js';
import { startRedisServer } from '../proxy/testing/redis-server.js';
import { isMainModule } from './main-module.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const PROXY_SECTION_START = '<!-- bench:proxy:start -->';
export const PROXY_SECTION_END = '<!-- bench:proxy:end -->';

export interface ProxyBenchResults {
  readonly date: string;
  readonly machine: string;
  /** 1-minute load average when the run ended (the 2-core machine is shared). */
  readonly loadAverage: number;
  readonly upstream: { readonly latencyMs: number; readonly chunkDelayMs: number; readonly chunks: number };
  readonly ttft: { readonly samples: number; readonly direct: Percentiles; readonly proxy: Percentiles; readonly addedP50: number; readonly addedP95: number };
  readonly concurrent: {
    readonly chats: number;
    readonly errors: number;
    readonly complete: number;
    readonly wallMs: number;
    readonly streamsPerSecond: number;
    readonly ttft: Percentiles;
    /** The same burst sent straight to the fake upstream: what this machine does without the proxy. */
    readonly directWallMs: number;
    readonly directTtft: Percentiles;
  };
  readonly embed: {
    readonly uncachedRps: number;
    readonly uncachedRequests: number;
    readonly cachedRps: number;
    readonly cachedRequests: number;
    readonly errors: number;
    readonly cachedLatency: Percentiles;
  };
  readonly peakRssMb: number;
  /** The proxy's CPU per streamed answer, measured in-process before the load runs. */
  readonly answerCpu: AnswerCpuResult;
}

const ms = (x: number) => `${x.toFixed(2)} ms`;
const pass = (ok: boolean) => (ok ? 'pass' : '**FAIL**');

export function renderProxySection(r: ProxyBenchResults): string {
  return [
    `Run ${r.date} on ${r.machine} (1-min load average ${r.loadAverage.toFixed(1)} at the end: other jobs share these cores), against the fake upstreams on 127.0.0.1 (verified against a fake upstream, not a real API).`,
    `Fake xAI: ${r.upstream.latencyMs} ms before the first byte, ${r.upstream.chunks} chunks ${r.upstream.chunkDelayMs} ms apart. Three processes: load generator, proxy, fake upstreams.`,
    '',
    '| Measure | Result | Target |',
    '| --- | --- | --- |',
    `| Time to first token, direct to upstream (p50 / p95, n=${r.ttft.samples}) | ${ms(r.ttft.direct.p50)} / ${ms(r.ttft.direct.p95)} | |`,
    `| Time to first token, through the proxy (p50 / p95) | ${ms(r.ttft.proxy.p50)} / ${ms(r.ttft.proxy.p95)} | |`,
    `| **Added by the proxy** (p50 / p95) | ${ms(r.ttft.addedP50)} / ${ms(r.ttft.addedP95)} | p95 <= 10 ms: ${pass(r.ttft.addedP95 <= 10)} |`,
    `| ${r.concurrent.chats} concurrent streaming chats: errors / complete streams | ${r.concurrent.errors} / ${r.concurrent.complete} | 0 errors, all complete: ${pass(r.concurrent.errors === 0 && r.concurrent.complete === r.concurrent.chats)} |`,
    `| ${r.concurrent.chats} concurrent chats: wall time, throughput | ${r.concurrent.wallMs.toFixed(0)} ms, ${r.concurrent.streamsPerSecond.toFixed(0)} streams/s | |`,
    `| ${r.concurrent.chats} concurrent chats: time to first token (p50 / p95) | ${ms(r.concurrent.ttft.p50)} / ${ms(r.concurrent.ttft.p95)} | |`,
    `| Same burst straight to the fake upstream: wall time, first token (p50 / p95) | ${r.concurrent.directWallMs.toFixed(0)} ms, ${ms(r.concurrent.directTtft.p50)} / ${ms(r.concurrent.directTtft.p95)} | baseline |`,
    `| \`/api/embed\` uncached (${r.embed.uncachedRequests} distinct texts) | ${r.embed.uncachedRps.toFixed(0)} req/s | |`,
    `| \`/api/embed\` cached (${r.embed.cachedRequests} requests) | ${r.embed.cachedRps.toFixed(0)} req/s, p50 ${ms(r.embed.cachedLatency.p50)}, p95 ${ms(r.embed.cachedLatency.p95)} | >= 3,000 req/s: ${pass(r.embed.cachedRps >= 3000)} |`,
    `| Embed errors | ${r.embed.errors} | 0 |`,
    `| Proxy peak RSS (VmHWM) | ${r.peakRssMb.toFixed(0)} MB | |`,
    `| **Proxy CPU per streamed answer** (${ANSWER_CPU_CHUNKS} chunks; median of ${r.answerCpu.rounds} rounds of ${r.answerCpu.answersPerRound}, in-process, the fake upstream's own ${ms(r.answerCpu.upstreamMs)} subtracted) | ${ms(r.answerCpu.perAnswerMs)} | <= 2 ms: ${pass(r.answerCpu.perAnswerMs <= 2)} |`,
    '',
    '"First token" is the first `text-delta` part through the proxy and the first `delta.content` chunk direct: the proxy sends its `start` part before calling the upstream, so a literal first byte would flatter it.',
    '',
    'Where the time goes (CPU profiles of the proxy process): a cached `/api/embed` costs about 0.3 ms of proxy CPU (Hono, logging, JSON; request bodies are read from the Node socket, since the Web body path cost about 60% more per request); a streamed answer cost 3.6 ms of CPU per 19-chunk answer in-process while it went through `streamText` + `toUIMessageStream` (about a dozen web-stream stages per chunk, and GC); the proxy now reads the stream of the AI SDK provider itself (`proxy/chat/answer-parts.ts`; that provider layer alone costs about 0.6 ms), which the line above measures. Answers through sockets add the HTTP cost of the runtime on both sides. Results vary by 2x between runs on this shared 2-core machine: compare the direct baselines in the same table.',
    '',
    'Reproduce: `npm run bench:proxy` (flags: `--chats=200 --samples=200 --embeds=20000 --no-write`).',
  ].join('\n');
}

export function replaceProxySection(markdown: string, section: string): string {
  return replaceMarkedSection(markdown, { heading: '## Proxy', start: PROXY_SECTION_START, end: PROXY_SECTION_END }, section);
}

// ---------------------------------------------------------------- load generator

// One socket per simultaneous stream, so a burst of 1,000 really is 1,000 at once (and the
// cluster spreads the connections over its workers).
/** The command's options (none when a test imports this module). */
const ARGS: { readonly [name: string]: string | boolean | undefined } = isMainModule(import.meta.url)
  ? parseArgs({
      options: {
        chats: { type: 'string' },
        samples: { type: 'string' },
        embeds: { type: 'string' },
        workers: { type: 'string' },
        'no-write': { type: 'boolean' },
        redis: { type: 'boolean' },
        fakes: { type: 'boolean' },
      },
    }).values
  : {};

function flag(name: string, fallback: number): number {
  const value = ARGS[name];
  return typeof value === 'string' ? Number(value) : fallback;
}

const agent = new Agent({ keepAlive: true, maxSockets: Math.max(256, flag('chats', 200)) });

interface HttpResult {
  status: number;
  body: string;
  /** ms from sending to the first chunk containing `marker` (or the first byte when no marker). */
  firstMs: number;
  totalMs: number;
}

function httpPost(url: string, body: string, marker?: string, headers: Record<string, string> = {}): Promise<HttpResult> {
  return new Promise((resolvePost, reject) => {
    const t0 = performance.now();
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers } },
      (res) => {
        let text = '';
        let firstMs = NaN;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          if (Number.isNaN(firstMs) && (!marker || text.includes(marker))) firstMs = performance.now() - t0;
        });
        res.on('end', () => resolvePost({ status: res.statusCode ?? 0, body: text, firstMs, totalMs: performance.now() - t0 }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function pool<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (let i = next++; i < count; i = next++) out[i] = await task(i);
    }),
  );
  return out;
}

/** Messages between the bench and its fake-upstreams child process. */
interface FakesReady {
  readonly xaiBaseURL: string;
  readonly geminiBaseURL: string;
}

const BENCH_ANSWER = 'Seek help through patience and prayer; Allah is with the patient [2:153]. After hardship comes ease [94:5-6]. '.repeat(2);
const BENCH_UPSTREAM = { latencyMs: 20, chunkDelayMs: 5, chunkChars: 12 };

/** Child mode: start the fakes, report their URLs, answer "last xAI body" requests. */
async function runFakes(): Promise<void> {
  const xai = await startFakeXai({ respondWith: BENCH_ANSWER, ...BENCH_UPSTREAM, maxRecordedCalls: 5 });
  const gemini = await startFakeGemini();
  process.on('message', (m) => {
    if (m === 'last-xai-body') process.send!({ lastXaiBody: JSON.stringify(xai.calls.at(-1)?.requestBodyJson ?? null) });
  });
  process.on('disconnect', () => void Promise.all([xai.close(), gemini.close()]).then(() => process.exit(0)));
  process.send!({ xaiBaseURL: xai.baseURL, geminiBaseURL: gemini.baseURL } satisfies FakesReady);
}

function startFakesProcess(): Promise<{ child: ChildProcess; ready: FakesReady; lastXaiBody(): Promise<string> }> {
  const child = fork(fileURLToPath(import.meta.url), ['--fakes'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolveReady, reject) => {
    child.once('error', reject);
    child.once('message', (ready) => {
      resolveReady({
        child,
        ready: ready as FakesReady,
        lastXaiBody: () =>
          new Promise((r) => {
            child.once('message', (m) => r((m as { lastXaiBody: string }).lastXaiBody));
            child.send('last-xai-body');
          }),
      });
    });
  });
}

async function main(): Promise<void> {
  const chats = flag('chats', 200);
  const samples = flag('samples', 200);
  const cachedRequests = flag('embeds', 20_000);
  const uncachedRequests = 500;
  const write = ARGS['no-write'] !== true;
  const workers = flag('workers', 1);
  if (!(Number.isInteger(workers) && workers >= 1)) throw new Error(`--workers must be a whole number >= 1, got ${workers}`);
  const redis = workers > 1 || ARGS.redis === true ? await startRedisServer() : null;
  const upstream = BENCH_UPSTREAM;
  const answer = BENCH_ANSWER;
  // First, on a quiet process: the CPU one answer costs the proxy (the Workers free plan allows about 10 ms a request).
  const answerCpu = await measureAnswerCpu();
  console.log(answerCpuLine(answerCpu));

  const fakes = await startFakesProcess();
  const xai = { baseURL: fakes.ready.xaiBaseURL };
  const gemini = { baseURL: fakes.ready.geminiBaseURL };
  const corpus = await loadCorpusFromDir({ dir: join(ROOT, 'data/dist/corpus'), tracks: ['en'] });
  const tmp = await mkdtemp(join(tmpdir(), 'quran-dai-bench-proxy-'));
  const extraNodeArgs = (process.env.BENCH_PROXY_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const proxy = await startProxyProcess(
    ROOT,
    {
      XAI_API_KEY: 'xai-bench-key',
      XAI_BASE_URL: xai.baseURL,
      GEMINI_API_KEY: FAKE_GEMINI_API_KEY,
      GEMINI_BASE_URL: gemini.baseURL,
      INDEX_DIR: await writeBenchIndex(tmp, corpus.version),
      RATE_LIMIT_CHAT_PER_HOUR: '10000000',
      RATE_LIMIT_EMBED_PER_HOUR: '10000000',
      UPSTREAM_MAX_RETRIES: '0',
      EMBED_CACHE_SIZE: '10000',
      WORKERS: String(workers),
      ...(redis ? { REDIS_URL: redis.url } : {}),
    },
    extraNodeArgs,
    workers,
  );
  const child = proxy.child;
  const url = proxy.url;
  // The widget's requests: a page of the proxy's own origin, like the demo.
  const asPage = { origin: url };
  try {
    const chatBody = JSON.stringify({
      question: 'How can I be patient in hardship?',
      history: [],
      verses: [{ ref: '2:153', context: '2:148-158' }, { ref: '94:5', context: '94:1-8' }, { ref: '3:200' }],
    });

    // Warm up both paths, and record the exact upstream body the proxy sends.
    for (let i = 0; i < 20; i++) await httpPost(`${url}/api/chat`, chatBody, '"text-delta"', asPage);
    const upstreamBody = await fakes.lastXaiBody();
    for (let i = 0; i < 20; i++) await httpPost(`${xai.baseURL}/chat/completions`, upstreamBody, '"content":"');

    // 1. Sequential time to first token, interleaved so drift hits both paths alike.
    const direct: number[] = [];
    const proxied: number[] = [];
    for (let i = 0; i < samples; i++) {
      direct.push((await httpPost(`${xai.baseURL}/chat/completions`, upstreamBody, '"content":"S')).firstMs);
      proxied.push((await httpPost(`${url}/api/chat`, chatBody, '"text-delta"', asPage)).firstMs);
    }
    const d = percentiles(direct);
    const p = percentiles(proxied);
    console.error(`ttft direct p50 ${d.p50.toFixed(2)} p95 ${d.p95.toFixed(2)} | proxy p50 ${p.p50.toFixed(2)} p95 ${p.p95.toFixed(2)}`);

    // 2. Concurrent streaming chats.
    const t0 = performance.now();
    const results = await Promise.allSettled(Array.from({ length: chats }, () => httpPost(`${url}/api/chat`, chatBody, '"text-delta"', asPage)));
    const wallMs = performance.now() - t0;
    let errors = 0;
    let complete = 0;
    const concurrentTtft: number[] = [];
    const errorSamples: string[] = [];
    for (const r of results) {
      if (r.status === 'rejected' || r.value.status !== 200) {
        errors++;
        errorSamples.push(r.status === 'rejected' ? String((r.reason as Error)?.message ?? r.reason) : `${r.value.status} ${r.value.body.slice(0, 200)}`);
        continue;
      }
      const text = r.value.body;
      const deltas = [...text.matchAll(/"delta":"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string).join('');
      if (text.includes('"type":"error"')) {
        errors++;
        errorSamples.push(/\{"type":"error"[^\n]*/.exec(text)?.[0].slice(0, 200) ?? 'error part');
      } else if (deltas === answer && text.includes('"type":"finish"') && text.trimEnd().endsWith('data: [DONE]')) complete++;
      concurrentTtft.push(r.value.firstMs);
    }
    console.error(
      `concurrent ${chats}: errors ${errors}, complete ${complete}, ${wallMs.toFixed(0)} ms${errorSamples.length ? `; first errors: ${errorSamples.slice(0, 3).join(' | ')}` : ''}`,
    );
    const d0 = performance.now();
    const directBurst = await Promise.all(Array.from({ length: chats }, () => httpPost(`${xai.baseURL}/chat/completions`, upstreamBody, '"content":"S')));
    const directWallMs = performance.now() - d0;

    // 3. Embeds: distinct texts (each one upstream call), then one popular text.
    let embedErrors = 0;
    const u0 = performance.now();
    await pool(uncachedRequests, 32, async (i) => {
      const r = await httpPost(`${url}/api/embed`, JSON.stringify({ text: `distinct question number ${i} about mercy` }), undefined, asPage);
      if (r.status !== 200) embedErrors++;
    });
    const uncachedRps = uncachedRequests / ((performance.now() - u0) / 1000);
    const popular = JSON.stringify({ text: 'What does the Quran say about patience?' });
    await httpPost(`${url}/api/embed`, popular, undefined, asPage);
    const cachedLat: number[] = [];
    const c0 = performance.now();
    await pool(cachedRequests, 64, async () => {
      const r = await httpPost(`${url}/api/embed`, popular, undefined, asPage);
      if (r.status !== 200) embedErrors++;
      cachedLat.push(r.totalMs);
    });
    const cachedRps = cachedRequests / ((performance.now() - c0) / 1000);
    console.error(`embed uncached ${uncachedRps.toFixed(0)} req/s, cached ${cachedRps.toFixed(0)} req/s, errors ${embedErrors}`);

    const results2: ProxyBenchResults = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}`,
      upstream: { latencyMs: upstream.latencyMs, chunkDelayMs: upstream.chunkDelayMs, chunks: Math.ceil(answer.length / upstream.chunkChars) },
      ttft: { samples, direct: d, proxy: p, addedP50: p.p50 - d.p50, addedP95: p.p95 - d.p95 },
      concurrent: {
        chats,
        errors,
        complete,
        wallMs,
        streamsPerSecond: chats / (wallMs / 1000),
        ttft: percentiles(concurrentTtft),
        directWallMs,
        directTtft: percentiles(directBurst.map((r) => r.firstMs)),
      },
      embed: { uncachedRps, uncachedRequests, cachedRps, cachedRequests, errors: embedErrors, cachedLatency: percentiles(cachedLat) },
      peakRssMb: (await processMemoryMb(child.pid!)).peakRssMb,
      answerCpu,
      loadAverage: loadavg()[0] ?? NaN,
    };
    const section = renderProxySection(results2);
    console.log(section);
    const row: WorkerMatrixRow = {
      date: results2.date,
      workers,
      sharedStore: redis ? 'redis' : 'memory',
      chats,
      errors,
      complete,
      wallMs,
      ttft: results2.concurrent.ttft,
      directWallMs,
      directTtft: results2.concurrent.directTtft,
      loadAverage: results2.loadAverage,
      ...(errorSamples[0] ? { firstError: errorSamples[0] } : {}),
    };
    console.error(JSON.stringify(row));
    if (write) {
      const path = join(ROOT, 'BENCHMARKS.md');
      let markdown = await readFile(path, 'utf8').catch(() => '# Benchmarks\n');
      // The main section describes one process, as most sites run it.
      if (workers === 1 && !redis) markdown = replaceProxySection(markdown, section);
      const rowsPath = join(ROOT, 'bench', 'proxy-workers.json');
      const rows = upsertRow(JSON.parse(await readFile(rowsPath, 'utf8').catch(() => '[]')) as WorkerMatrixRow[], row);
      await writeFile(rowsPath, `${JSON.stringify(rows, null, 2)}\n`);
      markdown = replaceMarkedSection(
        markdown,
        { heading: '## Proxy workers', start: WORKERS_SECTION_START, end: WORKERS_SECTION_END },
        renderWorkerMatrix(rows, results2.machine),
      );
      await writeFile(path, markdown);
      console.error('updated BENCHMARKS.md');
    }
  } finally {
    await proxy.stop();
    await redis?.stop();
    agent.destroy();
    fakes.child.disconnect();
    await rm(tmp, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) {
  (ARGS.fakes === true ? runFakes() : main()).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
