import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readChatStream, type ChatStreamPart } from './chat-stream.js';

/** Recorded chunks (one JSON object per line) wrapped in SSE `data:` frames. */
function sseOf(fixture: string, { done = true } = {}): string {
  const lines = readFileSync(new URL(`./__fixtures__/${fixture}.chunks.txt`, import.meta.url), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines.map((l) => `data: ${l}\n\n`).join('') + (done ? 'data: [DONE]\n\n' : '');
}

/** A byte stream cut every `size` bytes, so frames and UTF-8 characters split across reads. */
function streamOf(text: string, size = 7): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  let at = 0;
  return new ReadableStream({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function drain(stream: AsyncIterable<ChatStreamPart>): Promise<ChatStreamPart[]> {
  const parts: ChatStreamPart[] = [];
  for await (const p of stream) parts.push(p);
  return parts;
}

describe('when the proxy streams a complete answer', () => {
  it('should yield the text deltas in order then one finish, whatever the read boundaries', async () => {
    for (const size of [1, 7, 64, 100_000]) {
      const parts = await drain(readChatStream(streamOf(sseOf('answer'), size)));
      expect(parts).toStrictEqual([
        { type: 'text-delta', delta: 'The Quran asks believers to seek help ' },
        { type: 'text-delta', delta: 'through patience and prayer [2:153]. ' },
        { type: 'text-delta', delta: '«إِنَّ ٱللَّهَ مَعَ ٱلصَّٰبِرِينَ»' },
        { type: 'finish' },
      ]);
    }
  });
});

describe('when the proxy signs the answer', () => {
  it('should carry the signature from the finish part', async () => {
    const parts = await drain(readChatStream(streamOf(sseOf('signed-answer'), 9)));
    expect(parts.at(-1)).toStrictEqual({ type: 'finish', answerSignature: 'edwj9unImF6zrVkakjz1eKpbL4FliRq85I9GQO4EX-E' });
  });
  it('should ignore a signature that is not one', async () => {
    const text =
      'data: {"type":"text-delta","id":"t","delta":"x"}\n\ndata: {"type":"finish","messageMetadata":{"answerSignature":"<img src=x>"}}\n\ndata: [DONE]\n\n';
    expect((await drain(readChatStream(streamOf(text)))).at(-1)).toStrictEqual({ type: 'finish' });
  });
});

describe('when the proxy sends an error chunk', () => {
  it('should yield the error part followed by a finish part without throwing', async () => {
    const parts = await drain(readChatStream(streamOf(sseOf('upstream-error'))));
    expect(parts).toStrictEqual([{ type: 'text-delta', delta: 'Patience is ' }, { type: 'error', errorText: 'upstream model failed' }, { type: 'finish' }]);
  });
});

describe('when a chunk is not JSON', () => {
  it('should yield an error part for it and keep reading to the finish', async () => {
    const parts = await drain(readChatStream(streamOf(sseOf('unparsable'))));
    expect(parts.map((p) => p.type)).toStrictEqual(['text-delta', 'error', 'finish']);
    expect(parts[1]).toStrictEqual({ type: 'error', errorText: 'unreadable chunk from the proxy: {"type":"text-delta", oops' });
  });
});

describe('when the stream ends before a finish', () => {
  it('should yield an error then a finish', async () => {
    const parts = await drain(readChatStream(streamOf(sseOf('truncated', { done: false }))));
    expect(parts).toStrictEqual([
      { type: 'text-delta', delta: 'Cut ' },
      { type: 'text-delta', delta: 'short' },
      { type: 'error', errorText: 'the answer stream ended before it finished' },
      { type: 'finish' },
    ]);
  });
});

describe('when the visitor stops the answer', () => {
  it('should stop reading and reject with the AbortError', async () => {
    const controller = new AbortController();
    const seen: ChatStreamPart[] = [];
    const run = (async () => {
      for await (const p of readChatStream(streamOf(sseOf('answer'), 20), controller.signal)) {
        seen.push(p);
        controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toHaveLength(1);
  });
});
