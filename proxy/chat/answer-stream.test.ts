import { describe, expect, it } from 'vitest';
import { createUIMessageStreamResponse, type UIMessageChunk } from 'ai';
import { answerSseStream, MAX_RELAYED_ANSWER_CHARS, normalizeAnswerStream, type AnswerStreamOutcome } from './answer-stream.js';
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

const sign = async (text: string) => `sig(${text})`;

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
    expect(out).toStrictEqual([
      ...TEXT,
      { type: 'error', errorText: UPSTREAM_MESSAGES['upstream-error'] },
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: 'error' },
    ]);
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
    const parts: UIMessageChunk[] = [
      { type: 'start' },
      { type: 'error', errorText: 'raw upstream text with secrets' },
      { type: 'error', errorText: 'again' },
      { type: 'finish', finishReason: 'other' },
    ];
    const out = await drain(
      normalizeAnswerStream(source(parts), { clientGone: () => false, lastError: () => Object.assign(new Error('x'), { statusCode: 401 }) }),
    );
    expect(out).toStrictEqual([
      { type: 'start' },
      { type: 'error', errorText: UPSTREAM_MESSAGES['upstream-unauthorized'] },
      { type: 'finish', finishReason: 'error' },
    ]);
  });
});

describe('when the source is aborted by a timeout', () => {
  it('should turn the abort part into a timeout error', async () => {
    const ends: AnswerStreamOutcome[] = [];
    const out = await drain(
      normalizeAnswerStream(source([{ type: 'start' }, { type: 'abort', reason: 'Chunk timeout of 300ms exceeded' }]), {
        clientGone: () => false,
        onEnd: (e) => ends.push(e),
      }),
    );
    expect(out).toStrictEqual([
      { type: 'start' },
      { type: 'error', errorText: UPSTREAM_MESSAGES['upstream-timeout'] },
      { type: 'finish', finishReason: 'error' },
    ]);
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
  it('should put the signature of the streamed text in the finish part', async () => {
    const parts: UIMessageChunk[] = [
      ...TEXT,
      { type: 'text-delta', id: 't', delta: ' there' },
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: 'stop' },
    ];
    const out = await drain(normalizeAnswerStream(source(parts), { clientGone: () => false, signAnswer: sign }));
    expect(out.at(-1)).toStrictEqual({ type: 'finish', finishReason: 'stop', messageMetadata: { answerSignature: 'sig(Hi there)' } });
  });
  it('should sign a stream that ended without its own finish part, but not a failed one', async () => {
    expect(
      (await drain(normalizeAnswerStream(source([...TEXT, { type: 'text-end', id: 't' }]), { clientGone: () => false, signAnswer: sign }))).at(-1),
    ).toStrictEqual({ type: 'finish', finishReason: 'other', messageMetadata: { answerSignature: 'sig(Hi)' } });
    expect((await drain(normalizeAnswerStream(source(TEXT, new Error('drop')), { clientGone: () => false, signAnswer: sign }))).at(-1)).toStrictEqual({
      type: 'finish',
      finishReason: 'error',
    });
  });
  it('should end an answer with no text as a failure, unsigned', async () => {
    // A reasoning model that spent its budget thinking, or a blocked prompt, "finishes" with nothing.
    const out = await drain(
      normalizeAnswerStream(source([{ type: 'start' }, { type: 'finish', finishReason: 'stop' }]), { clientGone: () => false, signAnswer: sign }),
    );
    expect(out).toStrictEqual([
      { type: 'start' },
      { type: 'error', errorText: UPSTREAM_MESSAGES['upstream-incomplete'] },
      { type: 'finish', finishReason: 'error' },
    ]);
  });
});

describe('when the upstream ends without a whole answer', () => {
  const ended = (finishReason: 'content-filter' | 'length' | 'stop') =>
    drain(
      normalizeAnswerStream(source([...TEXT, { type: 'text-end', id: 't' }, { type: 'finish', finishReason }]), { clientGone: () => false, signAnswer: sign }),
    );

  it("should say a filtered answer (a provider's safety or recitation filter) was declined, keep its text and not sign it", async () => {
    expect((await ended('content-filter')).slice(-2)).toStrictEqual([
      { type: 'error', errorText: UPSTREAM_MESSAGES['upstream-filtered'] },
      { type: 'finish', finishReason: 'error' },
    ]);
  });
  it("should say an answer cut at the model's token limit could not be completed, unsigned", async () => {
    expect((await ended('length')).slice(-2)).toStrictEqual([
      { type: 'error', errorText: UPSTREAM_MESSAGES['upstream-incomplete'] },
      { type: 'finish', finishReason: 'error' },
    ]);
    expect((await ended('stop')).at(-1)).toStrictEqual({ type: 'finish', finishReason: 'stop', messageMetadata: { answerSignature: 'sig(Hi)' } });
  });
});

describe('when the upstream sends more than the contract has', () => {
  it('should drop tool calls and other parts, and send nothing but closing parts after the error', async () => {
    const out = await drain(
      normalizeAnswerStream(
        source([
          { type: 'start' },
          { type: 'tool-input-start', toolCallId: 'c', toolName: 'exfiltrate' },
          { type: 'tool-input-delta', toolCallId: 'c', inputTextDelta: '{}' },
          ...TEXT.slice(1),
          { type: 'error', errorText: 'bad chunk' },
          { type: 'text-delta', id: 't', delta: ' more after the error' },
          { type: 'text-end', id: 't' },
          { type: 'finish-step' },
          { type: 'finish', finishReason: 'stop' },
        ] as UIMessageChunk[]),
        { clientGone: () => false, signAnswer: sign },
      ),
    );
    expect(out.map((p) => p.type)).toStrictEqual(['start', ...TEXT.slice(1).map((p) => p.type), 'error', 'text-end', 'finish-step', 'finish']);
  });

  it('should relay no more than one character past what the widget shows, stop the upstream, and not sign it', async () => {
    let cancelled = false;
    const chunk = 'x'.repeat(1000);
    const upstream = new ReadableStream<UIMessageChunk>({
      start(c) {
        c.enqueue({ type: 'start' });
        c.enqueue({ type: 'text-start', id: 't' });
      },
      pull(c) {
        c.enqueue({ type: 'text-delta', id: 't', delta: chunk });
      },
      cancel() {
        cancelled = true;
      },
    });
    const out = await drain(normalizeAnswerStream(upstream, { clientGone: () => false, signAnswer: sign }));
    const text = out.flatMap((p) => (p.type === 'text-delta' ? [p.delta] : [])).join('');
    expect(text).toHaveLength(MAX_RELAYED_ANSWER_CHARS);
    expect(MAX_RELAYED_ANSWER_CHARS).toBe(20_001);
    expect(cancelled).toBe(true);
    expect(out.slice(-2)).toStrictEqual([
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: 'length' },
    ]);
  });
});
