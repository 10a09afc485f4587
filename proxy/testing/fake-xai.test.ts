import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeXai, type FakeXaiServer } from './fake-xai.js';

let xai: FakeXaiServer;
beforeAll(async () => {
  xai = await startFakeXai({ chunkChars: 5 });
});
afterAll(async () => {
  await xai.close();
});

const complete = (body: unknown = { model: 'grok-3-mini', messages: [{ role: 'user', content: 'hi' }], stream: true }) =>
  fetch(`${xai.baseURL}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer k' },
    body: JSON.stringify(body),
  });

function deltas(sse: string): string[] {
  return sse
    .split('\n\n')
    .filter((f) => f.startsWith('data: {'))
    .map((f) => JSON.parse(f.slice(6)))
    .flatMap((c) => (c.choices?.[0]?.delta?.content ? [c.choices[0].delta.content] : []));
}

describe('when scripted with text', () => {
  it('should stream it in OpenAI chunks ending with usage and [DONE]', async () => {
    xai.respondWith('Hello [2:153] world');
    const res = await complete();
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const sse = await res.text();
    expect(deltas(sse)).toStrictEqual(['Hello', ' [2:1', '53] w', 'orld']);
    expect(sse).toContain('"finish_reason":"stop"');
    expect(sse).toContain('"usage":{"prompt_tokens"');
    expect(sse.trimEnd().endsWith('data: [DONE]')).toBe(true);
    const call = xai.calls.at(-1)!;
    expect(call.requestBodyJson.model).toBe('grok-3-mini');
    expect(call.headers.authorization).toBe('Bearer k');
    expect(call.completed).toBe(true);
  });

  it('should answer with a function of the request', async () => {
    xai.respondWith((call) => `You said ${call.requestBodyJson.messages.at(-1).content}`);
    expect(deltas(await (await complete()).text()).join('')).toBe('You said hi');
  });
});

describe('when scripted to fail', () => {
  it('should send an OpenAI-style JSON error with Retry-After', async () => {
    xai.respondWith({ status: 429, retryAfter: 7 });
    const res = await complete();
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('7');
    expect(((await res.json()) as { error: { type: string } }).error.type).toBe('rate_limit_exceeded');
  });
  it('should send an error frame mid-stream', async () => {
    xai.respondWith({ text: 'abcdefghij', failAfterChunks: 1 });
    const sse = await (await complete()).text();
    expect(deltas(sse)).toStrictEqual(['abcde']);
    expect(sse).toContain('"error":{"message":"fake upstream failed mid-stream"');
    expect(sse).not.toContain('[DONE]');
  });
  it('should reset the connection mid-stream', async () => {
    xai.respondWith({ text: 'abcdefghij', failAfterChunks: 1, failMode: 'reset' });
    const res = await complete();
    expect(res.status).toBe(200);
    const error = await res.text().then(
      () => null,
      (e: Error) => e,
    );
    expect((error?.cause as { code?: string } | undefined)?.code).toBe('ECONNRESET');
  });
  it('should record a client that hangs up as disconnected', async () => {
    xai.respondWith({ hang: 'after-headers' });
    const ac = new AbortController();
    const res = await fetch(`${xai.baseURL}/chat/completions`, { method: 'POST', body: '{"stream":true}', signal: ac.signal });
    expect(res.status).toBe(200);
    ac.abort();
    const call = await xai.waitForCallEnd(xai.calls.length - 1);
    expect(call.disconnected).toBe(true);
  });
  it('should 404 other paths', async () => {
    expect((await fetch(`${xai.baseURL}/responses`, { method: 'POST', body: '{}' })).status).toBe(404);
  });
});
