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
  /** Enqueues the one error part of the stream; false when an error was already sent. */
  const fail = (controller: ReadableStreamDefaultController<UIMessageChunk>, f: UpstreamFailure): boolean => {
    if (failure) return false;
    failure = f;
    controller.enqueue({ type: 'error', errorText: f.message });
    return true;
  };
  const close = (controller: ReadableStreamDefaultController<UIMessageChunk>) => {
    for (const id of openText) controller.enqueue({ type: 'text-end', id });
    openText.clear();
    if (!finished) controller.enqueue({ type: 'finish', finishReason: failure ? 'error' : 'other' });
    controller.close();
    end(options.clientGone() ? 'aborted' : failure ? (failure.code === 'upstream-timeout' ? 'timeout' : 'error') : 'finished');
  };

  /** Handles one source part; returns true when it produced output (or closed the stream). */
  const step = async (controller: ReadableStreamDefaultController<UIMessageChunk>): Promise<boolean> => {
    let result: ReadableStreamReadResult<UIMessageChunk>;
    try {
      result = await reader.read();
    } catch (error) {
      if (!options.clientGone()) fail(controller, classifyUpstreamError(error));
      close(controller);
      return true;
    }
    if (result.done) {
      close(controller);
      return true;
    }
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
        return fail(controller, classifyUpstreamError(options.lastError?.()));
      case 'abort':
        // A timeout aborts the call; the client leaving does too (then nobody reads this).
        return options.clientGone() ? false : fail(controller, timeoutFailure());
      case 'finish':
        finished = true;
        if (failure) {
          controller.enqueue({ ...part, finishReason: 'error' });
          return true;
        }
        break;
    }
    controller.enqueue(part);
    return true;
  };

  return new ReadableStream<UIMessageChunk>({
    // A pull that enqueues nothing would never be called again: keep reading until output.
    async pull(controller) {
      while (!(await step(controller)));
    },
    async cancel(reason) {
      end('aborted');
      await reader.cancel(reason).catch(() => {});
    },
  });
}
