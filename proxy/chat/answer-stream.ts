/**
 * @module
 * Makes the AI SDK UI message stream end cleanly on every failure path. Observed with
 * ai 6 against the fake upstream: a status error before any text gives `start, error` and no
 * `finish`; a timeout gives an `abort` part; a dropped upstream socket makes the stream
 * throw. This transform turns each of those into one `error` part (visitor-safe text),
 * closes any open text block and always ends with a `finish` part. A complete answer's
 * `finish` part carries its signature (`messageMetadata.answerSignature`), so the widget can
 * send the answer back in history and the proxy can tell it from a forged one.
 */
import type { UIMessageChunk } from 'ai';
import { signedAnswerText, type AnswerFinishMetadata } from '../../data/contracts/answer-signature.js';
import { CHAT_LIMITS } from '../../data/contracts/chat-request.js';
import type { AnswerPartSource } from './answer-parts.js';
import { classifyUpstreamError, incompleteAnswerFailure, timeoutFailure, type UpstreamFailure } from './upstream-error.js';

/**
 * Characters of answer text relayed: one more than the widget shows (so it shows its "cut"
 * note). A looping or injected upstream can stream megabytes; past this the upstream call is
 * stopped and the stream ends with `finishReason: "length"`, unsigned.
 */
export const MAX_RELAYED_ANSWER_CHARS = CHAT_LIMITS.maxAnswerChars + 1;

/**
 * The parts a client is sent (ADR 0003). Anything else the SDK emits for an upstream (tool
 * calls with upstream-chosen names, reasoning, sources, files) is dropped.
 */
const RELAYED_PARTS: ReadonlySet<UIMessageChunk['type']> = new Set([
  'start',
  'start-step',
  'finish-step',
  'text-start',
  'text-delta',
  'text-end',
  'error',
  'abort',
  'finish',
]);
/** What may follow the one error: the parts that close the stream. */
const CLOSING_PARTS: ReadonlySet<UIMessageChunk['type']> = new Set(['text-end', 'finish-step', 'finish']);

export interface AnswerStreamOutcome {
  /** `finished`, `error`, `timeout` or `aborted` (the client left or pressed stop). */
  readonly outcome: 'finished' | 'error' | 'timeout' | 'aborted';
  readonly failure?: UpstreamFailure;
  /** ms from start to the first text delta (undefined when none came). */
  readonly firstTextMs?: number;
  /** Characters of answer text relayed to the client. */
  readonly relayedChars: number;
  /**
   * Characters the upstream generated and this stream read, reasoning included (never relayed):
   * what a missing usage report is estimated from, so an answer left mid-reasoning still counts.
   */
  readonly generatedChars: number;
}

export interface AnswerStreamOptions {
  /** True when the client has gone (its request signal aborted). */
  clientGone: () => boolean;
  /** Called once when the stream ends, for logs and metrics. */
  onEnd?: (outcome: AnswerStreamOutcome) => void;
  /** The failure behind the last `error` part (the part only has visitor-safe text). */
  lastError?: () => unknown;
  now?: () => number;
  /** Signs the answer text (as streamed) for the `finish` part; only answers that did not fail are signed. */
  signAnswer?: (answerText: string) => Promise<string>;
  /**
   * Stops the upstream call. Cancelling the part stream alone left the provider's connection open
   * (and generating) until its idle timeout, ~20 s after an answer was cut; called when the
   * answer is cut and when the client goes.
   */
  stopUpstream?: () => void;
}

/** Parts to normalise: a stream of them, or the lean source of answer-parts.ts. */
export type AnswerPartInput = ReadableStream<UIMessageChunk> | AnswerPartSource;

/** The normalised parts, as objects (tests, other encoders). */
export function normalizeAnswerStream(source: AnswerPartInput, options: AnswerStreamOptions): ReadableStream<UIMessageChunk> {
  return normalize<UIMessageChunk>(source, options, (part) => part);
}

const encoder = new TextEncoder();
export const SSE_DONE = encoder.encode('data: [DONE]\n\n');

/**
 * The normalised parts already framed as the UI message stream's SSE bytes
 * (`data: {json}\n\n` ... `data: [DONE]\n\n`, byte-for-byte what `createUIMessageStreamResponse`
 * writes). Doing it here saves two stream hops per chunk (JSON-to-SSE, TextEncoder): the AI SDK
 * pipeline is already the proxy's main CPU cost per answer.
 */
export function answerSseStream(source: AnswerPartInput, options: AnswerStreamOptions): ReadableStream<Uint8Array> {
  return normalize<Uint8Array>(source, options, (part) => encoder.encode(`data: ${JSON.stringify(part)}\n\n`), SSE_DONE);
}

function normalize<T>(source: AnswerPartInput, options: AnswerStreamOptions, encode: (part: UIMessageChunk) => T, trailer?: T): ReadableStream<T> {
  const now = options.now ?? (() => performance.now());
  const start = now();
  const reader: AnswerPartSource = source instanceof ReadableStream ? source.getReader() : source;
  const openText = new Set<string>();
  let firstTextMs: number | undefined;
  let failure: UpstreamFailure | undefined;
  let finished = false;
  let ended = false;
  let relayed = 0;
  let hasText = false;
  /** The answer was longer than MAX_RELAYED_ANSWER_CHARS and stopped there. */
  let cut = false;
  // Only the signed prefix is kept: a long answer costs no more memory than a short one.
  let answerPrefix = '';
  let generated = 0;

  const end = (outcome: AnswerStreamOutcome['outcome']) => {
    if (ended) return;
    ended = true;
    options.onEnd?.({
      outcome,
      ...(failure ? { failure } : {}),
      ...(firstTextMs === undefined ? {} : { firstTextMs }),
      relayedChars: relayed,
      generatedChars: generated,
    });
  };
  /** Enqueues the one error part of the stream; false when an error was already sent. */
  const fail = (controller: ReadableStreamDefaultController<T>, f: UpstreamFailure): boolean => {
    if (failure) return false;
    failure = f;
    controller.enqueue(encode({ type: 'error', errorText: f.message }));
    return true;
  };
  /** The finish part, signed when the answer is complete and has text. */
  const signedFinish = async (part: Extract<UIMessageChunk, { type: 'finish' }>): Promise<UIMessageChunk> => {
    if (failure || cut || !options.signAnswer || !answerPrefix.trim()) return part;
    try {
      const metadata: AnswerFinishMetadata = { answerSignature: await options.signAnswer(answerPrefix) };
      return { ...part, messageMetadata: metadata };
    } catch {
      return part; // unsigned: the answer is still shown, it just will not come back in history
    }
  };
  const close = async (controller: ReadableStreamDefaultController<T>) => {
    for (const id of openText) controller.enqueue(encode({ type: 'text-end', id }));
    openText.clear();
    if (!finished) controller.enqueue(encode(await signedFinish({ type: 'finish', finishReason: failure ? 'error' : cut ? 'length' : 'other' })));
    if (trailer !== undefined) controller.enqueue(trailer);
    controller.close();
    end(options.clientGone() ? 'aborted' : failure ? (failure.code === 'upstream-timeout' ? 'timeout' : 'error') : 'finished');
  };

  /** Handles one source part; returns true when it produced output (or closed the stream). */
  const step = async (controller: ReadableStreamDefaultController<T>): Promise<boolean> => {
    let result: ReadableStreamReadResult<UIMessageChunk>;
    try {
      result = await reader.read();
    } catch (error) {
      if (!options.clientGone()) fail(controller, classifyUpstreamError(error));
      await close(controller);
      return true;
    }
    if (result.done) {
      await close(controller);
      return true;
    }
    const part = result.value;
    // What the upstream spent, relayed or not (reasoning is never relayed, and is paid for).
    if (part.type === 'reasoning-delta' || part.type === 'text-delta') generated += part.delta.length;
    if (!RELAYED_PARTS.has(part.type) || (failure && !CLOSING_PARTS.has(part.type))) return false;
    switch (part.type) {
      case 'text-start':
        openText.add(part.id);
        break;
      case 'text-delta': {
        firstTextMs ??= now() - start;
        const delta = part.delta.slice(0, MAX_RELAYED_ANSWER_CHARS - relayed);
        relayed += delta.length;
        hasText ||= delta.trim() !== '';
        if (answerPrefix.length < CHAT_LIMITS.maxAnswerTurnChars) answerPrefix = signedAnswerText(answerPrefix + delta);
        controller.enqueue(encode(delta === part.delta ? part : { ...part, delta }));
        if (relayed >= MAX_RELAYED_ANSWER_CHARS) {
          cut = true;
          options.stopUpstream?.();
          await reader.cancel('the answer is longer than the widget shows').catch(() => {});
          await close(controller);
        }
        return true;
      }
      case 'text-end':
        openText.delete(part.id);
        break;
      case 'error':
        return fail(controller, classifyUpstreamError(options.lastError?.()));
      case 'abort':
        // A timeout aborts the call; the client leaving does too (then nobody reads this).
        return options.clientGone() ? false : fail(controller, timeoutFailure());
      case 'finish': {
        finished = true;
        const incomplete = failure ? undefined : incompleteAnswerFailure(part.finishReason, hasText);
        if (incomplete) fail(controller, incomplete);
        controller.enqueue(encode(failure ? { ...part, finishReason: 'error' } : await signedFinish(part)));
        return true;
      }
    }
    controller.enqueue(encode(part));
    return true;
  };

  return new ReadableStream<T>({
    // A pull that enqueues nothing would never be called again: keep reading until output.
    async pull(controller) {
      while (!(await step(controller)));
    },
    async cancel(reason) {
      end('aborted');
      options.stopUpstream?.();
      await reader.cancel(reason).catch(() => {});
    },
  });
}
