/**
 * The lean answer reader on a model double (the AI SDK's MockLanguageModelV3): the parts and
 * their order, what is never relayed, the usage, retries of what can be retried and only that.
 * The failure paths against a fake xAI on the wire are in routes/chat-route.test.ts.
 */
import { APICallError, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { UIMessageChunk } from 'ai';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { answerParts, type AnswerPartsOptions } from './answer-parts.js';

const USAGE = {
  inputTokens: { total: 120, noCache: 120, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 9, text: 9, reasoning: undefined },
};
const STREAM: LanguageModelV3StreamPart[] = [
  { type: 'stream-start', warnings: [] },
  { type: 'response-metadata', id: 'r1' },
  { type: 'reasoning-start', id: 'r' },
  { type: 'reasoning-delta', id: 'r', delta: 'hidden thoughts' },
  { type: 'reasoning-end', id: 'r' },
  { type: 'text-start', id: 't' },
  { type: 'text-delta', id: 't', delta: 'Be patient ' },
  { type: 'text-delta', id: 't', delta: '[2:153].' },
  { type: 'text-end', id: 't' },
  { type: 'tool-call', toolCallId: 'c', toolName: 'open_url', input: '{}' },
  { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE },
];

function options(model: MockLanguageModelV3, extra: Partial<AnswerPartsOptions> = {}): AnswerPartsOptions & { errors: unknown[]; usage: unknown[] } {
  const errors: unknown[] = [];
  const usage: unknown[] = [];
  return {
    model,
    prompt: { system: 'Answer from the verses.', messages: [{ role: 'user', content: 'What is patience?' }] },
    maxOutputTokens: 500,
    temperature: 0.3,
    maxRetries: 0,
    abortSignal: new AbortController().signal,
    timeout: { totalMs: 0, chunkMs: 0 },
    onError: (e) => void errors.push(e),
    onFinish: (u) => void usage.push(u),
    retryDelayMs: () => 0,
    errors,
    usage,
    ...extra,
  };
}

async function drain(o: AnswerPartsOptions): Promise<UIMessageChunk[]> {
  const source = answerParts(o);
  const out: UIMessageChunk[] = [];
  for (;;) {
    const next = await source.read();
    if (next.done) return out;
    out.push(next.value);
  }
}

const failure = (status: number) =>
  new APICallError({
    message: `HTTP ${status}`,
    url: 'https://api.x.ai/v1/chat/completions',
    requestBodyValues: {},
    statusCode: status,
    isRetryable: status === 429 || status >= 500,
  });

describe("when the answer is read from the provider's stream", () => {
  it("should give the UI message parts in streamText's order, text and the reasoning to count, with the usage", async () => {
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: convertArrayToReadableStream(STREAM) }) });
    const o = options(model);
    expect(await drain(o)).toStrictEqual([
      { type: 'start' },
      { type: 'start-step' },
      // Reasoning is read (to count what the upstream spent); the relay never sends it on.
      { type: 'reasoning-delta', id: 'r', delta: 'hidden thoughts' },
      { type: 'text-start', id: 't' },
      { type: 'text-delta', id: 't', delta: 'Be patient ' },
      { type: 'text-delta', id: 't', delta: '[2:153].' },
      { type: 'text-end', id: 't' },
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'stop' },
    ]);
    expect(o.usage).toStrictEqual([{ inputTokens: 120, outputTokens: 9 }]);
    expect(model.doStreamCalls[0]!.prompt).toStrictEqual([
      { role: 'system', content: 'Answer from the verses.' },
      { role: 'user', content: [{ type: 'text', text: 'What is patience?' }] },
    ]);
    expect(model.doStreamCalls[0]!.maxOutputTokens).toBe(500);
  });

  it('should try a retryable failure again, up to maxRetries, then stream', async () => {
    let calls = 0;
    const model = new MockLanguageModelV3({
      doStream: async () => {
        if (++calls < 3) throw failure(503);
        return { stream: convertArrayToReadableStream(STREAM) };
      },
    });
    const parts = await drain(options(model, { maxRetries: 2 }));
    expect(calls).toBe(3);
    expect(parts.at(-1)).toStrictEqual({ type: 'finish', finishReason: 'stop' });
  });

  it('should not try a refused request again, and report it behind one error part', async () => {
    let calls = 0;
    const model = new MockLanguageModelV3({
      doStream: async () => {
        calls++;
        throw failure(400);
      },
    });
    const o = options(model, { maxRetries: 3 });
    expect(await drain(o)).toStrictEqual([{ type: 'start' }, { type: 'error', errorText: 'error' }]);
    expect(calls).toBe(1);
    expect((o.errors[0] as APICallError).statusCode).toBe(400);
  });

  it('should stop waiting for a stalled stream after chunkMs, as an abort', async () => {
    const stalled = new ReadableStream<LanguageModelV3StreamPart>({
      start(c) {
        c.enqueue({ type: 'text-start', id: 't' });
        c.enqueue({ type: 'text-delta', id: 't', delta: 'Be' });
      },
    });
    const model = new MockLanguageModelV3({
      doStream: async ({ abortSignal }) => {
        abortSignal?.addEventListener('abort', () => void stalled.cancel().catch(() => undefined));
        return { stream: stalled };
      },
    });
    const parts = await drain(options(model, { timeout: { totalMs: 0, chunkMs: 50 } }));
    expect(parts.map((p) => p.type)).toStrictEqual(['start', 'start-step', 'text-start', 'text-delta', 'abort']);
  });
});
