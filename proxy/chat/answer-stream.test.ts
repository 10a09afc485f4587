import { describe, expect, it } from 'vitest';
import { createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import { answerSseStream, normalizeAnswerStream, type AnswerStreamOutcome } from './answer-stream.js';
import { UPSTREAM_MESSAGES } from './upstream-error.js';

function source(parts: UIMessageChunk[], throwAfter?: unknown): ReadableStream<UIMessageChunk> {
  let i = 0;
  return new ReadableStream({
    pull(controller) {
      if (i < parts.length) controller.enqueue(parts[i++]!);
      else if (throwAfter !== undefined) controller.error(throwAfter);
      else controller.close();
    },
  });
}

async function drain(stream: ReadableStream<UIMessageChunk>): Promise<UIMessageChunk[]> {
  const out: UIMessageChunk[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out.push(value);
  }
}

const TEXT: UIMessageChunk[] = [{ type: 'start' }, { type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Hi' }];

describe('when the source ends normally', () => {
  it('should pass every part through unchanged', async () => {
    const parts: UIMessageChunk[] = [...TEXT, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: 'stop' }];
    const ends: AnswerStreamOutcome[] = [];
    expect(await drain(normalizeAnswerStream(source(parts), { clientGone: () => false, onEnd: (e) => ends.push(e) }))).toStrictEqual(parts);
    expect(ends.map((e) => e.outcome)).toStrictEqual(['finished']);
  });
});

describe('when the source throws mid-text', () => {
  it('should add one error, close the text and finish', async () => {
    const out = await drain(normalizeAnswerStream(source(TEXT, new TypeError('terminated')), { clientGone: () => false }));
    expect(out).toStrictEqual([...TEXT, { type: 'error', errorText: UPSTREAM_MESSAGES['upstream-error'] }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: 'error' }]);
  });
  it('should add nothing but the closing parts when the client has gone', async () => {
    const ends: AnswerStreamOutcome[] = [];
    const out = await drain(normalizeAnswerStream(source(TEXT, new Error('aborted')), { clientGone: () => true, onEnd: (e) => ends.push(e) }));
    expect(out.map((p) => p.type)).toStrictEqual(['start', 'text-start', 'text-delta', 'text-end', 'finish']);
    expect(ends[0]!.outcome).toBe('aborted');
  });
});

describe('when the source reports an error part', () => {
  it('should classify the error streamText reported, keep only one error, and mark the finish', async () => {
    const parts: UIMessageChunk[] = [{ type: 'start' }, { type: 'error', errorText: 'raw upstream text with secrets' }, { type: 'error', errorText: 'again' }, { type: 'finish', finishReason: 'other' }];
    const out = await drain(normalizeAnswerStream(source(parts), { clientGone: () => false, lastError: () => Object.assign(new Error('x'), { statusCode: 401 }) }));
    expect(out).toStrictEqual([{ type: 'start' }, { type: 'error', errorText: UPSTREAM_MESSAGES['upstream-unauthorized'] }, { type: 'finish', finishReason: 'error' }]);
  });
});

describe('when the source is aborted by a timeout', () => {
  it('should turn the abort part into a timeout error', async () => {
    const ends: AnswerStreamOutcome[] = [];
    const out = await drain(normalizeAnswerStream(source([{ type: 'start' }, { type: 'abort', reason: 'Chunk timeout of 300ms exceeded' }]), { clientGone: () => false, onEnd: (e) => ends.push(e) }));
    expect(out).toStrictEqual([{ type: 'start' }, { type: 'error', errorText: UPSTREAM_MESSAGES['upstream-timeout'] }, { type: 'finish', finishReason: 'error' }]);
    expect(ends[0]).toMatchObject({ outcome: 'timeout', failure: { code: 'upstream-timeout' } });
  });
});

describe('when the parts are framed as SSE bytes', () => {
  it('should write exactly what createUIMessageStreamResponse writes', async () => {
    const parts: UIMessageChunk[] = [...TEXT, { type: 'text-delta', id: 't', delta: 'quote " and \n newline' }];
    const ours = await new Response(answerSseStream(source(parts, new Error('drop')), { clientGone: () => false })).text();
    const sdk = await createUIMessageStreamResponse({ stream: normalizeAnswerStream(source(parts, new Error('drop')), { clientGone: () => false }) }).text();
    expect(ours).toBe(sdk);
    expect(ours.endsWith('data: {"type":"finish","finishReason":"error"}\n\ndata: [DONE]\n\n')).toBe(true);
  });
});

describe('when the answer is signed', () => {
  const sign = async (text: string) => `sig(${text})`;
  it('should put the signature of the streamed text in the finish part', async () => {
    const parts: UIMessageChunk[] = [...TEXT, { type: 'text-delta', id: 't', delta: ' there' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: 'stop' }];
    const out = await drain(normalizeAnswerStream(source(parts), { clientGone: () => false, signAnswer: sign }));
    expect(out.at(-1)).toStrictEqual({ type: 'finish', finishReason: 'stop', messageMetadata: { answerSignature: 'sig(Hi there)' } });
  });
  it('should sign a stream that ended without its own finish part, but not a failed one', async () => {
    expect((await drain(normalizeAnswerStream(source([...TEXT, { type: 'text-end', id: 't' }]), { clientGone: () => false, signAnswer: sign }))).at(-1))
      .toStrictEqual({ type: 'finish', finishReason: 'other', messageMetadata: { answerSignature: 'sig(Hi)' } });
    expect((await drain(normalizeAnswerStream(source(TEXT, new Error('drop')), { clientGone: () => false, signAnswer: sign }))).at(-1))
      .toStrictEqual({ type: 'finish', finishReason: 'error' });
  });
  it('should leave an empty answer unsigned', async () => {
    const out = await drain(normalizeAnswerStream(source([{ type: 'start' }, { type: 'finish', finishReason: 'stop' }]), { clientGone: () => false, signAnswer: sign }));
    expect(out.at(-1)).toStrictEqual({ type: 'finish', finishReason: 'stop' });
  });
});
