/**
 * @module
 * Drives a soak run: `concurrency` virtual clients, each sending one scenario after another
 * (picked by weight from a seeded generator) to the proxy on 127.0.0.1 until the time is up,
 * over keep-alive sockets like browsers. Every response is judged and tallied; the proxy's
 * memory (resident and JavaScript heap, from its `/metrics`) is read every few seconds, and once
 * the traffic stops, how many answers it still has open.
 */
import { Agent, request } from 'node:http';
import {
  judge,
  pickScenario,
  signedExchangeOf,
  SOAK_SCENARIOS,
  type SignedExchange,
  type SoakContext,
  type SoakObservation,
  type SoakRequest,
} from './soak-scenarios.js';
import { SoakTally, type MemorySample } from './soak-tally.js';

export interface SoakRunOptions {
  readonly proxyUrl: string;
  readonly durationMs: number;
  readonly concurrency: number;
  readonly rand: () => number;
  readonly corpusFiles: readonly string[];
  readonly sampleEveryMs?: number;
  /** Progress lines (stderr). */
  readonly progress?: (line: string) => void;
}

export interface SoakRunResult {
  readonly tally: SoakTally;
  readonly residentMemory: readonly MemorySample[];
  readonly jsMemory: readonly MemorySample[];
  /** Answers the proxy still counted as streaming a few seconds after the last request. */
  readonly openStreamsAfter: number;
  readonly elapsedMs: number;
}

/** What the runner reads from the proxy's `/metrics` (it runs on the same machine, so no token is needed). */
export interface ProxyGauges {
  readonly residentMb: number;
  /** JavaScript heap in use plus the Buffers the engine tracks outside it: what a leak in the proxy's code would grow. */
  readonly jsMemoryMb: number;
  readonly activeStreams: number;
}

/** Reads the soak-relevant gauges out of Prometheus text. */
export function parseProxyGauges(text: string): ProxyGauges {
  const gauge = (name: string) => {
    const m = new RegExp(`^${name} (\\S+)$`, 'm').exec(text);
    if (!m) throw new Error(`/metrics has no ${name}: is the proxy reporting process memory?`);
    return Number(m[1]);
  };
  return {
    residentMb: gauge('quran_dai_process_resident_memory_bytes') / 2 ** 20,
    jsMemoryMb: (gauge('quran_dai_process_heap_used_bytes') + gauge('quran_dai_process_external_memory_bytes')) / 2 ** 20,
    activeStreams: /^quran_dai_active_chat_streams (\S+)$/m.test(text) ? gauge('quran_dai_active_chat_streams') : 0,
  };
}

/** Bodies beyond this are read and dropped: the judge needs the head of a stream, not megabytes of data files. */
const KEEP_BODY_BYTES = 256 * 1024;
/** A request that takes longer than this is an unexpected error (the proxy's own timeouts are far shorter). */
const CLIENT_TIMEOUT_MS = 30_000;

export async function runSoak(options: SoakRunOptions): Promise<SoakRunResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency * 2 });
  const tally = new SoakTally();
  const residentMemory: MemorySample[] = [];
  const jsMemory: MemorySample[] = [];
  const gauges = async () => parseProxyGauges((await send(agent, options.proxyUrl, { method: 'GET', path: '/metrics', headers: {} })).body);
  const signed: SignedExchange[] = [];
  let manifestEtag: string | undefined;
  let counter = 0;
  const ctx: SoakContext = {
    origin: options.proxyUrl,
    corpusFiles: options.corpusFiles,
    get manifestEtag() {
      return manifestEtag;
    },
    signed,
    rand: options.rand,
    next: () => ++counter,
  };
  const t0 = performance.now();
  const elapsed = () => performance.now() - t0;
  const sample = async () => {
    const atMs = elapsed();
    const g = await gauges();
    residentMemory.push({ atMs, mb: g.residentMb });
    jsMemory.push({ atMs, mb: g.jsMemoryMb });
  };
  await sample();
  const sampler = setInterval(() => void sample(), options.sampleEveryMs ?? 2_000);
  const reporter = setInterval(() => {
    const s = tally.summary();
    options.progress?.(
      `${(elapsed() / 60_000).toFixed(1)} min: ${s.total} requests, ${s.unexpected} unexpected, RSS ${residentMemory.at(-1)?.mb.toFixed(0)} MB, JS ${jsMemory.at(-1)?.mb.toFixed(0)} MB`,
    );
  }, 30_000);

  const client = async () => {
    while (elapsed() < options.durationMs) {
      const scenario = pickScenario(SOAK_SCENARIOS, options.rand());
      const { request: req, expect } = scenario.build(ctx);
      const startedAtMs = elapsed();
      const seen = await send(agent, options.proxyUrl, req);
      const durationMs = elapsed() - startedAtMs;
      const problem = judge(expect, seen);
      tally.record({
        scenario: scenario.name,
        group: scenario.group,
        slowByDesign: scenario.slowByDesign ?? false,
        startedAtMs,
        durationMs,
        status: seen.status,
        problem,
      });
      if (problem === null && expect.kind === 'answer') {
        const exchange = signedExchangeOf(req, seen);
        if (exchange && signed.push(exchange) > 20) signed.shift();
      }
      if (scenario.name === 'static-manifest' && seen.headers.etag) manifestEtag = seen.headers.etag;
    }
  };
  let openStreamsAfter: number;
  let elapsedMs: number;
  try {
    await Promise.all(Array.from({ length: options.concurrency }, client));
    clearInterval(sampler);
    elapsedMs = elapsed();
    await sample();
    // Stopped and stalled answers end within the proxy's idle timeout; then nothing may be left open.
    await new Promise((r) => setTimeout(r, 3_000));
    openStreamsAfter = (await gauges()).activeStreams;
  } finally {
    clearInterval(sampler);
    clearInterval(reporter);
    agent.destroy();
  }
  return { tally, residentMemory, jsMemory, openStreamsAfter, elapsedMs };
}

/** One request over node:http (raw path, any Host), read to the end or stopped after the first text. */
export function send(agent: Agent, baseUrl: string, req: SoakRequest): Promise<SoakObservation> {
  const url = new URL(baseUrl);
  return new Promise((resolveSeen) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined && !req.chunked) headers['content-length'] = Buffer.byteLength(req.body);
    let settled = false;
    const done = (seen: SoakObservation) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolveSeen(seen);
    };
    const r = request({ host: url.hostname, port: url.port, method: req.method, path: req.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      let kept = 0;
      const responseHeaders = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]));
      const seen = (extra: Partial<SoakObservation> = {}): SoakObservation => ({
        status: res.statusCode ?? 0,
        headers: responseHeaders,
        body: Buffer.concat(chunks).toString('utf8'),
        ...extra,
      });
      res.on('data', (chunk: Buffer) => {
        if (kept < KEEP_BODY_BYTES) {
          chunks.push(chunk);
          kept += chunk.length;
        }
        if (req.stopAfterFirstText && chunk.includes('"type":"text-delta"')) {
          done(seen({ stopped: true }));
          r.destroy(); // the visitor pressed stop: the proxy must abort the upstream call
        }
      });
      res.on('end', () => done(seen()));
      res.on('error', (e: NodeJS.ErrnoException) => done(seen({ networkError: e.code ?? e.message })));
    });
    const timer = setTimeout(() => {
      done({ status: 0, headers: {}, body: '', networkError: `no answer within ${CLIENT_TIMEOUT_MS / 1000} s` });
      r.destroy();
    }, CLIENT_TIMEOUT_MS);
    r.on('error', (e: NodeJS.ErrnoException) => done({ status: 0, headers: {}, body: '', networkError: e.code ?? e.message }));
    if (req.body !== undefined) {
      // Chunked: two writes, so the proxy really reads a stream of unknown length.
      const half = Math.floor(req.body.length / 2);
      if (req.chunked) r.write(req.body.slice(0, half));
      r.end(req.chunked ? req.body.slice(half) : req.body);
    } else r.end();
  });
}
