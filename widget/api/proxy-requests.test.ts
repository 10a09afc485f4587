import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWidgetConfig } from './fetch-widget-config.js';
import { fetchQueryEmbedding } from './fetch-query-embedding.js';
import { ProxyError } from './proxy-error.js';
import { retryAfterSeconds } from '../../data/http/retry-after.js';
import { proxyUrl } from './proxy-fetch.js';
import { postChat } from '../chat/post-chat.js';
import type { ChatRequest } from '../../data/contracts/chat-request.js';

/** A fake proxy on 127.0.0.1: each test sets the next response; requests are recorded. */
interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: string;
}
let server: Server;
let base: string;
let reply: Reply;
const calls: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/quran`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const json = (status: number, data: unknown, headers: Record<string, string> = {}): Reply => ({ status, headers, body: JSON.stringify(data) });

async function rejection(p: Promise<unknown>): Promise<ProxyError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ProxyError) return e;
    throw e;
  }
  throw new Error('expected a ProxyError');
}

describe('when reading the widget config', () => {
  it('should GET {proxy}/api/config and return it', async () => {
    const config = { corpusManifest: '/data/corpus/manifest.json', corpusVersion: 'abc', index: null, chat: true };
    reply = json(200, config);
    expect(await fetchWidgetConfig(base, fetch)).toStrictEqual(config);
    expect(calls.at(-1)).toMatchObject({ method: 'GET', url: '/quran/api/config' });
  });
  it('should refuse something that is not a config', async () => {
    reply = json(200, { hello: 'world' });
    expect((await rejection(fetchWidgetConfig(base, fetch))).code).toBe('bad-response');
  });
  it('should call an unreachable proxy down', async () => {
    const e = await rejection(fetchWidgetConfig('http://127.0.0.1:9', fetch));
    expect(e.code).toBe('proxy-down');
  });
});

describe('when embedding a query', () => {
  it('should POST the text and return the vector as Float32Array', async () => {
    reply = json(200, { embedding: [0.6, 0.8], dims: 2, model: 'm', indexId: 'idx' });
    const v = await fetchQueryEmbedding(base, 'patience', { indexId: 'idx', dims: 2 }, fetch);
    expect([...v].map((x) => Math.round(x * 10) / 10)).toStrictEqual([0.6, 0.8]);
    expect(calls.at(-1)).toMatchObject({ method: 'POST', url: '/quran/api/embed', body: '{"text":"patience"}' });
    expect(calls.at(-1)!.headers['content-type']).toBe('application/json');
  });
  it('should refuse a vector for another index or dimension', async () => {
    reply = json(200, { embedding: [1, 0, 0], dims: 3, model: 'm', indexId: 'other' });
    const e = await rejection(fetchQueryEmbedding(base, 'x', { indexId: 'idx', dims: 2 }, fetch));
    expect(e.code).toBe('bad-response');
    expect(e.message).toContain('the widget loaded idx (2 dims)');
  });
  it('should read an upstream rate limit (503 upstream-rate-limited) as rate limited', async () => {
    reply = json(503, { error: { code: 'upstream-rate-limited', message: 'later' } }, { 'retry-after': '60' });
    const e = await rejection(fetchQueryEmbedding(base, 'x', { indexId: 'idx', dims: 2 }, fetch));
    expect([e.code, e.status, e.retryAfterSeconds]).toStrictEqual(['rate-limited', 503, 60]);
  });
});

describe('when asking for an answer', () => {
  const request: ChatRequest = { question: 'q', history: [], verses: [{ ref: '2:153', context: '2:148-158' }], lang: 'en', translation: 'en' };

  it("should read the site's spending budget used up (503 budget-exhausted) as a wait, for as long as the proxy says", async () => {
    reply = json(503, { error: { code: 'budget-exhausted', message: 'the hourly budget is used up' } }, { 'retry-after': '1800' });
    const e = await rejection(postChat(base, request, fetch));
    expect([e.code, e.status, e.retryAfterSeconds]).toStrictEqual(['rate-limited', 503, 1800]);
  });

  it('should POST the request as JSON and stream the parts', async () => {
    reply = {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
      body: 'data: {"type":"text-delta","id":"0","delta":"Hi"}\n\ndata: {"type":"finish"}\n\ndata: [DONE]\n\n',
    };
    const parts = [];
    for await (const p of await postChat(base, request, fetch)) parts.push(p);
    expect(parts).toStrictEqual([{ type: 'text-delta', delta: 'Hi' }, { type: 'finish' }]);
    expect(JSON.parse(calls.at(-1)!.body)).toStrictEqual(request);
    expect(calls.at(-1)!.headers.accept).toBe('text/event-stream');
  });
  it('should give the wait time of a 429', async () => {
    reply = json(429, { error: { code: 'rate-limited', message: 'Too many chat requests; try again in 30 s.' } }, { 'retry-after': '30' });
    const e = await rejection(postChat(base, request, fetch));
    expect([e.code, e.status, e.retryAfterSeconds]).toStrictEqual(['rate-limited', 429, 30]);
    expect(e.message).toContain('Too many chat requests');
  });
  it('should read 503 chat-not-configured', async () => {
    reply = json(503, { error: { code: 'chat-not-configured', message: 'No answer provider' } });
    expect((await rejection(postChat(base, request, fetch))).code).toBe('chat-not-configured');
  });
  it('should read other statuses as HTTP errors', async () => {
    reply = json(400, { error: { code: 'invalid-field', message: 'verses: bad' } });
    const e = await rejection(postChat(base, request, fetch));
    expect([e.code, e.status]).toStrictEqual(['http-error', 400]);
  });
});

describe('when resolving proxy URLs and Retry-After', () => {
  it('should join paths under the proxy path and resolve relative proxies against the page', () => {
    expect(proxyUrl('https://p.example/quran', 'api/chat')).toBe('https://p.example/quran/api/chat');
    expect(proxyUrl('https://p.example/quran/', '/data/index/x/manifest.json')).toBe('https://p.example/quran/data/index/x/manifest.json');
    expect(proxyUrl('/proxy', 'api/config', 'https://site.example/page/')).toBe('https://site.example/proxy/api/config');
    expect(proxyUrl('https://p.example', 'https://cdn.example/m.json')).toBe('https://cdn.example/m.json');
  });
  it('should read seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds('Thu, 01 Jan 2026 00:01:30 GMT', now)).toBe(90);
    expect(retryAfterSeconds('soon', now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});
