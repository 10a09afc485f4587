import { describe, expect, it } from 'vitest';
import { CHAT_LIMITS } from '../../data/contracts/chat-request.js';
import { seededRandom } from './soak-args.js';
import { judge, pickScenario, signedExchangeOf, SOAK_SCENARIOS, type SoakContext, type SoakObservation } from './soak-scenarios.js';

const ctx = (): SoakContext => {
  let n = 0;
  return {
    origin: 'http://127.0.0.1:9',
    corpusFiles: ['arabic.0123456789.json'],
    manifestEtag: '"e"',
    signed: [{ question: 'q', answer: 'a', signature: 'S'.repeat(43) }],
    rand: seededRandom(3),
    next: () => ++n,
  };
};

const sse = (parts: unknown[]) => `${parts.map((p) => `data: ${JSON.stringify(p)}\n\n`).join('')}data: [DONE]\n\n`;
const stream = (body: string): SoakObservation => ({ status: 200, headers: { 'content-type': 'text/event-stream' }, body });
const SIGNED_FINISH = { type: 'finish', finishReason: 'stop', messageMetadata: { answerSignature: 'x'.repeat(43) } };

describe('when the traffic mix is drawn', () => {
  it('should pick by weight, covering every scenario', () => {
    const rand = seededRandom(1);
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const s = pickScenario(SOAK_SCENARIOS, rand());
      counts.set(s.name, (counts.get(s.name) ?? 0) + 1);
    }
    expect(counts.size).toBe(SOAK_SCENARIOS.length);
    const total = SOAK_SCENARIOS.reduce((n, s) => n + s.weight, 0);
    const chat = SOAK_SCENARIOS.find((s) => s.name === 'chat')!;
    expect(counts.get('chat')! / 20_000).toBeCloseTo(chat.weight / total, 1);
    expect(pickScenario(SOAK_SCENARIOS, 0.999999).name).toBe(SOAK_SCENARIOS.at(-1)!.name);
  });
  it('should build requests that keep to the contract where they mean to', () => {
    for (const s of SOAK_SCENARIOS) {
      const { request } = s.build(ctx());
      expect(request.path.startsWith('/'), s.name).toBe(true);
      if (request.method === 'POST' && s.group !== 'abuse') {
        const body = JSON.parse(request.body!) as { question?: string; verses?: { context?: string }[] };
        if (body.verses) expect(body.verses.filter((v) => v.context).length, s.name).toBeLessThanOrEqual(CHAT_LIMITS.maxContexts);
        expect(request.headers.origin, s.name).toBe('http://127.0.0.1:9');
      }
    }
  });
});

describe('when a response is judged', () => {
  it('should accept a status with its error code and name a mismatch', () => {
    const expect403 = { kind: 'status', status: 403, errorCode: 'origin-required' } as const;
    const body = JSON.stringify({ error: { code: 'origin-required', message: 'm' } });
    expect(judge(expect403, { status: 403, headers: {}, body })).toBeNull();
    expect(judge(expect403, { status: 200, headers: {}, body: '{}' })).toBe('expected 403, got 200');
    expect(judge(expect403, { status: 403, headers: {}, body: JSON.stringify({ error: { code: 'origin-not-allowed' } }) })).toBe(
      'expected error code origin-required, got 403 origin-not-allowed',
    );
    expect(judge(expect403, { status: 0, headers: {}, body: '', networkError: 'ECONNRESET' })).toBe('network error ECONNRESET');
  });
  it('should accept a complete signed answer only', () => {
    const text = { type: 'text-delta', id: 't', delta: 'Be patient [2:153].' };
    expect(judge({ kind: 'answer' }, stream(sse([{ type: 'start' }, text, SIGNED_FINISH])))).toBeNull();
    expect(judge({ kind: 'answer' }, stream(sse([{ type: 'start' }, text, { type: 'finish', finishReason: 'stop' }])))).toBe('the answer was not signed');
    expect(judge({ kind: 'answer' }, stream(sse([{ type: 'start' }, { type: 'error', errorText: 'x' }, { type: 'finish', finishReason: 'error' }])))).toBe(
      'the answer failed: x',
    );
    expect(judge({ kind: 'answer' }, stream(`data: ${JSON.stringify(text)}\n\n`))).toBe('the stream did not end with one finish and [DONE]');
  });
  it('should accept a failed answer that ends cleanly', () => {
    const failed = sse([
      { type: 'start' },
      { type: 'text-delta', id: 't', delta: 'a' },
      { type: 'error', errorText: 'x' },
      { type: 'text-end', id: 't' },
      { type: 'finish', finishReason: 'error' },
    ]);
    expect(judge({ kind: 'failed-answer' }, stream(failed))).toBeNull();
    expect(judge({ kind: 'failed-answer' }, stream(sse([{ type: 'start' }, SIGNED_FINISH])))).toBe(
      'expected one error part and finish "error", got 0 errors and finish "stop"',
    );
  });
  it('should accept a stop only when the client stopped', () => {
    expect(judge({ kind: 'stopped' }, { status: 200, headers: {}, body: '', stopped: true })).toBeNull();
    expect(judge({ kind: 'stopped' }, { status: 403, headers: {}, body: '{}' })).toBe('expected a stopped answer, got 403');
  });
});

describe('when a signed answer comes back', () => {
  it('should keep question, answer text and signature for a follow-up', () => {
    const request = { method: 'POST', path: '/api/chat', headers: {}, body: JSON.stringify({ question: 'What is patience?' }) } as const;
    const seen = stream(sse([{ type: 'text-delta', id: 't', delta: 'Be ' }, { type: 'text-delta', id: 't', delta: 'patient.' }, SIGNED_FINISH]));
    expect(signedExchangeOf(request, seen)).toStrictEqual({ question: 'What is patience?', answer: 'Be patient.', signature: 'x'.repeat(43) });
  });
});
