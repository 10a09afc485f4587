/**
 * @module
 * Makes the AI SDK UI message stream end cleanly on every failure path. Observed with
 * ai 6 against the fake upstream: a status error before any text gives `start, error` and no
 * `finish`; a timeout gives an `abort` part; a dropped upstream socket makes the stream
 * throw. This transform turns each of those into one `error` part (visitor-safe text),
 * closes any open text block and always ends with a `finish` part.
 */
import type { UIMessageChunk } from 'ai';
import { classifyUpstreamError, timeoutFailure, type UpstreamFailure } from './upstream-error.js';

export interface AnswerStreamOutcome {
  /** `finished`, `error`, `timeout` or `aborted` (the client left or pressed stop). */
  readonly outcome: 'finished' | 'error' | 'timeout' | 'aborted';
  readonly failure?: UpstreamFailure;
  /** ms from start to the first text delta (undefined when none came). */
  readonly firstTextMs?: number;
}

export interface AnswerStreamOptions {
  /** True when the client has gone (its request signal aborted). */
  clientGone: () => boolean;
  /** Called once when the stream ends, for logs and metrics. */
  onEnd?: (outcome: AnswerStreamOutcome) => void;
  /** Errors already reported by `streamText`'s `onError` (the UI stream only has their text). */
  lastError?: () => unknown;
  now?: () => number;
}

export function normalizeAnswerStream(source: ReadableStream<UIMessageChunk>, options: AnswerStreamOptions): ReadableStream<UIMessageChunk> {
  const now = options.now ?? (() => performance.now());
  const start = now();
  const reader = source.getReader();
  const openText = new Set<string>();
  let firstTextMs: number | undefined;
  let failure: UpstreamFailure | undefined;
  let finished = false;
  let ended = false;

  const end = (outcome: AnswerStreamOutcome['outcome']) => {
    if (ended) return;
    ended = true;
    options.onEnd?.({ outcome, ...(failure ? { failure } : {}), ...(firstTextMs === undefined ? {} : { firstTextMs }) });
  };
  const fail = (controller: ReadableStreamDefaultController<UIMessageChunk>, f: UpstreamFailure) => {
    if (failure) return;
    failure = f;
    controller.enqueue({ type: 'error', errorText: f.message });
  };
  const close = (controller: ReadableStreamDefaultController<UIMessageChunk>) => {
    for (const id of openText) controller.enqueue({ type: 'text-end', id });
    openText.clear();
    if (!finished) controller.enqueue({ type: 'finish', finishReason: failure ? 'error' : 'other' });
    controller.close();
    end(options.clientGone() ? 'aborted' : failure ? (failure.code === 'upstream-timeout' ? 'timeout' : 'error') : 'finished');
  };

  return new ReadableStream<UIMessageChunk>({
    async pull(controller) {
      let result: ReadableStreamReadResult<UIMessageChunk>;
      try {
        result = await reader.read();
      } catch (error) {
        if (!options.clientGone()) fail(controller, classifyUpstreamError(error));
        close(controller);
        return;
      }
      if (result.done) return close(controller);
      const part = result.value;
      switch (part.type) {
        case 'text-start':
          openText.add(part.id);
          break;
        case 'text-delta':
          firstTextMs ??= now() - start;
          break;
        case 'text-end':
          openText.delete(part.id);
          break;
        case 'error':
          fail(controller, classifyUpstreamError(options.lastError?.()));
          return;
        case 'abort':
          // A timeout aborts the call; the client leaving does too (then nobody reads this).
          if (!options.clientGone()) fail(controller, timeoutFailure());
          return;
        case 'finish':
          finished = true;
          if (failure) {
            controller.enqueue({ ...part, finishReason: 'error' });
            return;
          }
          break;
      }
      controller.enqueue(part);
    },
    async cancel(reason) {
      end('aborted');
      await reader.cancel(reason).catch(() => {});
    },
  });
}
