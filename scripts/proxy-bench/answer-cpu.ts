/**
 * @module
 * The proxy's CPU per streamed answer, measured in this process: the real app (`createApp`)
 * answers POST /api/chat again and again from an in-process fake xAI that replays the same
 * 19-chunk answer in the real wire format (no sockets: their cost is the runtime's, not the
 * proxy's). `process.cpuUsage` over a round, divided by its answers; the fake upstream's own
 * cost, measured alone, is subtracted. The Workers free plan allows about 10 ms per request.
 */
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { createApp } from '../../proxy/app.js';
import { createChatModel } from '../../proxy/chat/chat-model-factory.js';
import { parseProxyConfig } from '../../proxy/config/proxy-config.js';
import { percentiles } from './percentiles.js';

export const ANSWER_CPU_CHUNKS = 19;
const ORIGIN = 'http://127.0.0.1:8787';
const ANSWER = 'Allah is with those who are patient [2:153]. Seek help through patience and prayer; hardship is followed by ease [94:5]. ';
const CHAT = {
  question: 'What does the Quran say about patience?',
  history: [],
  verses: [
    { ref: '2:153', context: '2:150-156' },
    { ref: '94:5', context: '94:1-8' },
  ],
};

/** The xAI chat-completions stream of one answer in `chunks` text chunks, one network read per frame. */
export function fakeXaiFrames(chunks: number): Uint8Array[] {
  const enc = new TextEncoder();
  const base = { id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'grok-bench' };
  const frame = (o: unknown) => enc.encode(`data: ${JSON.stringify(o)}\n\n`);
  return [
    frame({ ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] }),
    ...Array.from({ length: chunks }, (_, i) => {
      const piece = ANSWER.slice(Math.floor((i * ANSWER.length) / chunks), Math.floor(((i + 1) * ANSWER.length) / chunks));
      return frame({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
    }),
    frame({ ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }),
    frame({ ...base, choices: [], usage: { prompt_tokens: 900, completion_tokens: 40, total_tokens: 940 } }),
    enc.encode('data: [DONE]\n\n'),
  ];
}

function fakeXaiFetch(frames: readonly Uint8Array[]): typeof fetch {
  return async () => {
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (i < frames.length) controller.enqueue(frames[i++]!);
        else controller.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  };
}

export interface AnswerCpuResult {
  /** Median over the rounds of the proxy's CPU per answer, the fake upstream's subtracted. */
  readonly perAnswerMs: number;
  /** The fake upstream's own CPU per answer (read alone). */
  readonly upstreamMs: number;
  readonly rounds: number;
  readonly answersPerRound: number;
}

export async function measureAnswerCpu({ rounds = 5, answersPerRound = 200 } = {}): Promise<AnswerCpuResult> {
  const frames = fakeXaiFrames(ANSWER_CPU_CHUNKS);
  const upstream = fakeXaiFetch(frames);
  const config = parseProxyConfig({
    XAI_API_KEY: 'xai-bench-key',
    XAI_BASE_URL: 'http://xai.invalid/v1',
    RATE_LIMIT_CHAT_PER_HOUR: '10000000',
    UPSTREAM_MAX_RETRIES: '0',
    SUGGEST_TIMEOUT_MS: '0',
  });
  const app = createApp(config, { corpus: await loadTestCorpus(), chat: createChatModel(config.chat!, upstream), log: () => undefined });
  const body = JSON.stringify(CHAT);
  const answer = async (): Promise<void> => {
    const res = await app.fetch(new Request(`${ORIGIN}/api/chat`, { method: 'POST', headers: { 'content-type': 'application/json', origin: ORIGIN }, body }));
    const text = await res.text();
    if (res.status !== 200 || !text.includes('[DONE]')) throw new Error(`the bench answer failed (${res.status}): ${text.slice(0, 300)}`);
  };
  const readUpstream = async (): Promise<void> => {
    await (await upstream('http://xai.invalid/v1/chat/completions')).arrayBuffer();
  };
  const cpuPer = async (task: () => Promise<void>, n: number): Promise<number> => {
    const start = process.cpuUsage();
    for (let i = 0; i < n; i++) await task();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / 1000 / n;
  };
  await cpuPer(answer, 100); // warm-up: JIT, caches
  await cpuPer(readUpstream, 100);
  const proxy: number[] = [];
  const fake: number[] = [];
  for (let r = 0; r < rounds; r++) {
    fake.push(await cpuPer(readUpstream, answersPerRound));
    proxy.push(await cpuPer(answer, answersPerRound));
  }
  const upstreamMs = percentiles(fake).p50;
  return { perAnswerMs: Math.max(0, percentiles(proxy).p50 - upstreamMs), upstreamMs, rounds, answersPerRound };
}

export function answerCpuLine(r: AnswerCpuResult): string {
  return `proxy CPU per streamed answer: ${r.perAnswerMs.toFixed(2)} ms`;
}
