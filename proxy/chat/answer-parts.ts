/**
 * @module
 * The model's answer as the parts of the UI message stream (`start`, `start-step`, `text-*`,
 * `finish-step`, `finish`, and `error` / `abort` on failure), read straight from the provider's
 * stream (`model.doStream`, the AI SDK's provider layer), with the proxy's retries and
 * timeouts. `streamText` + `toUIMessageStream` did the same through about a dozen web-stream
 * stages per chunk: 3.6 ms of CPU per 19-chunk answer in all, against 0.6 ms for the provider's
 * stream alone (`npm run bench:proxy`), and a Worker on the free plan has about 10 ms per
 * request. The parts and their order on every failure path are those `streamText` gave, which
 * answer-stream.ts then normalises.
 */
import { APICallError, type LanguageModelV3, type LanguageModelV3Prompt, type LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { UIMessageChunk } from 'ai';
import { requestedRetryMs } from '../../data/http/retry-after.js';

export interface AnswerPrompt {
  readonly system: string;
  readonly messages: readonly { readonly role: 'user' | 'assistant'; readonly content: string }[];
}

export interface AnswerPartsOptions {
  readonly model: LanguageModelV3;
  readonly prompt: AnswerPrompt;
  readonly maxOutputTokens: number;
  readonly temperature: number;
  /** Further attempts after a retryable failure before any text (429, 5xx, timeouts of the call itself). */
  readonly maxRetries: number;
  /** The client leaving, or the relay stopping the answer. */
  readonly abortSignal: AbortSignal;
  /** The whole call, and the longest wait between two chunks; 0 = none. */
  readonly timeout: { readonly totalMs: number; readonly chunkMs: number };
  /** The failure behind an `error` part (the part itself carries no detail: it reaches the visitor). */
  readonly onError: (error: unknown) => void;
  /** Tokens the provider reported, when the answer finished. */
  readonly onFinish: (usage: { inputTokens: number | undefined; outputTokens: number | undefined }) => void;
  /** Waits between retries (tests shorten it). Default 2 s, doubling, or the provider's Retry-After up to 60 s. */
  readonly retryDelayMs?: (attempt: number, error: APICallError) => number;
}

/** What answer-stream.ts reads: the parts one at a time, and a way to stop. */
export interface AnswerPartSource {
  read(): Promise<ReadableStreamReadResult<UIMessageChunk>>;
  cancel(reason?: unknown): Promise<void>;
}

export function answerParts(o: AnswerPartsOptions): AnswerPartSource {
  const stop = new AbortController();
  const parts = generateParts(o, stop);
  return {
    read: () => parts.next() as Promise<ReadableStreamReadResult<UIMessageChunk>>,
    async cancel(reason) {
      stop.abort(reason);
      await parts.return(undefined);
    },
  };
}

class TimeoutSignal {
  readonly controller = new AbortController();
  #timer: ReturnType<typeof setTimeout> | undefined;
  arm(ms: number): void {
    this.disarm();
    if (ms > 0) this.#timer = setTimeout(() => this.controller.abort(new DOMException('the upstream took too long', 'TimeoutError')), ms);
  }
  disarm(): void {
    clearTimeout(this.#timer);
  }
}

async function* generateParts(o: AnswerPartsOptions, stop: AbortController): AsyncGenerator<UIMessageChunk, void, undefined> {
  const total = new TimeoutSignal();
  const idle = new TimeoutSignal();
  const timedOut = () => total.controller.signal.aborted || idle.controller.signal.aborted;
  const signal = AbortSignal.any([o.abortSignal, stop.signal, total.controller.signal, idle.controller.signal]);
  total.arm(o.timeout.totalMs);
  try {
    yield { type: 'start' };
    let stream: ReadableStream<LanguageModelV3StreamPart>;
    try {
      stream = await withRetries(o, signal, () =>
        o.model.doStream({ prompt: toPrompt(o.prompt), maxOutputTokens: o.maxOutputTokens, temperature: o.temperature, abortSignal: signal }),
      ).then((r) => r.stream);
    } catch (error) {
      if (timedOut()) yield { type: 'abort' };
      else if (!signal.aborted) {
        o.onError(error);
        yield { type: 'error', errorText: 'error' };
      }
      return;
    }
    yield { type: 'start-step' };
    const reader = stream.getReader();
    // A timeout also ends a read the provider does not end itself when its call is aborted.
    signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
    try {
      for (;;) {
        idle.arm(o.timeout.chunkMs);
        let next: ReadableStreamReadResult<LanguageModelV3StreamPart> | undefined;
        let failure: unknown;
        try {
          next = await reader.read();
        } catch (error) {
          failure = error;
        }
        idle.disarm();
        // A timeout aborts the call ('abort', as streamText gave); a dropped connection is the reader's error.
        if (timedOut()) {
          yield { type: 'abort' };
          return;
        }
        if (!next) throw failure;
        if (next.done) return;
        const part = next.value;
        switch (part.type) {
          case 'text-start':
          case 'text-end':
            yield { type: part.type, id: part.id };
            break;
          case 'text-delta':
            yield { type: 'text-delta', id: part.id, delta: part.delta };
            break;
          case 'error':
            o.onError(part.error);
            yield { type: 'error', errorText: 'error' };
            break;
          case 'reasoning-delta':
            // Never relayed (ADR 0003), but paid for: counted when no usage report comes.
            yield { type: 'reasoning-delta', id: part.id, delta: part.delta };
            break;
          case 'finish':
            o.onFinish({ inputTokens: part.usage.inputTokens.total, outputTokens: part.usage.outputTokens.total });
            yield { type: 'finish-step' };
            yield { type: 'finish', finishReason: part.finishReason.unified };
            break;
          default:
            // Reasoning, tool calls, sources, files, metadata: never relayed (ADR 0003).
            break;
        }
      }
    } finally {
      reader.cancel().catch(() => undefined);
    }
  } finally {
    total.disarm();
    idle.disarm();
    stop.abort();
  }
}

function toPrompt(p: AnswerPrompt): LanguageModelV3Prompt {
  return [{ role: 'system', content: p.system }, ...p.messages.map((m) => ({ role: m.role, content: [{ type: 'text' as const, text: m.content }] }))];
}

async function withRetries<T>(o: AnswerPartsOptions, signal: AbortSignal, call: () => PromiseLike<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt >= o.maxRetries || signal.aborted || !APICallError.isInstance(error) || !error.isRetryable) throw error;
      await abortableSleep((o.retryDelayMs ?? defaultRetryDelay)(attempt, error), signal);
    }
  }
}

function defaultRetryDelay(attempt: number, error: APICallError): number {
  const asked = requestedRetryMs(error.responseHeaders ?? {});
  return asked !== undefined && asked <= 60_000 ? asked : 2000 * 2 ** attempt;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
