/**
 * Each provider against an HTTP stand-in that speaks its wire format: OpenAI-compatible
 * through the fake xAI server (same chat-completions protocol), Gemini through a minimal
 * `streamGenerateContent?alt=sse` stand-in written here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startFakeXai, type FakeXaiServer } from '../testing/fake-xai.js';
import { chatInit, createTestProxy } from '../testing/test-proxy.js';
import { partTypes, readUiStream, streamedText } from '../testing/read-ui-stream.js';

const CHAT = { question: 'What is patience?', history: [], verses: [{ ref: '2:153' }] };

let xai: FakeXaiServer;
let gemini: Server;
let geminiURL: string;
const geminiCalls: { url: string; headers: Record<string, unknown>; body: any }[] = [];

beforeAll(async () => {
  xai = await startFakeXai({ respondWith: 'From a local model [2:153].' });
  gemini = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      geminiCalls.push({ url: req.url ?? '', headers: req.headers, body: JSON.parse(raw) });
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunk = (text: string, extra = {}) =>
        res.write(`data: ${JSON.stringify({ candidates: [{ content: { parts: [{ text }], role: 'model' }, index: 0, ...extra }] })}\r\n\r\n`);
      chunk('Gemini says ');
      chunk('be patient [2:153].', { finishReason: 'STOP' });
      res.end();
    });
  });
  await new Promise<void>((r) => gemini.listen(0, '127.0.0.1', r));
  geminiURL = `http://127.0.0.1:${(gemini.address() as AddressInfo).port}/v1beta`;
});
afterAll(async () => {
  await xai.close();
  await new Promise((r) => gemini.close(r));
});

describe('when the provider is an OpenAI-compatible server (Ollama, llama.cpp)', () => {
  it('should call {baseURL}/chat/completions with the configured model and no key', async () => {
    const { app } = await createTestProxy({ OPENAI_COMPATIBLE_BASE_URL: xai.baseURL, OPENAI_COMPATIBLE_MODEL: 'llama3.1:8b' });
    const frames = await readUiStream(await app.request('/api/chat', chatInit(CHAT)));
    expect(streamedText(frames)).toBe('From a local model [2:153].');
    expect(partTypes(frames).at(-2)).toBe('finish');
    const call = xai.calls.at(-1)!;
    expect(call.requestBodyJson.model).toBe('llama3.1:8b');
    expect(call.headers.authorization).toBeUndefined();
  });
});

describe('when the provider is Gemini', () => {
  it('should stream from {GEMINI_BASE_URL}/models/<model>:streamGenerateContent with the key in a header', async () => {
    const { app, corpus } = await createTestProxy({ CHAT_PROVIDER: 'gemini', GEMINI_BASE_URL: geminiURL, GEMINI_CHAT_MODEL: 'gemini-2.5-flash' });
    const frames = await readUiStream(await app.request('/api/chat', chatInit(CHAT)));
    expect(streamedText(frames)).toBe('Gemini says be patient [2:153].');
    expect(frames.at(-2)).toMatchObject({ type: 'finish', finishReason: 'stop' });
    const call = geminiCalls.at(-1)!;
    expect(call.url).toBe('/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(call.headers['x-goog-api-key']).toBeTypeOf('string');
    expect(JSON.stringify(call.body.systemInstruction)).toContain(corpus.verse({ surah: 2, ayah: 153 }).arabic);
  });
});
