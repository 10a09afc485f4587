/**
 * Reads the proxy's `/api/chat` body: an AI SDK UI message stream over SSE
 * (`data: {"type":"text-delta","delta":"..."}` … `data: {"type":"finish"}` `data: [DONE]`).
 * Yields only what the widget renders. Never throws partway for bad data: error chunks,
 * unparsable chunks and a stream cut short all yield an `error` part, and the sequence
 * always ends with exactly one `finish` part, which carries the answer's signature when the
 * proxy sent one. Aborting the signal rethrows the AbortError.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ANSWER_SIGNATURE_PATTERN } from '../../data/contracts/answer-signature.js';

export type ChatStreamPart =
  | { readonly type: 'text-delta'; readonly delta: string }
  | { readonly type: 'error'; readonly errorText: string }
  | { readonly type: 'finish'; readonly answerSignature?: string };

/** Map one SSE message to the parts we render; unknown part types (start, reasoning…) are ignored. */
export function chatPartsOf(message: EventSourceMessage): ChatStreamPart[] | 'done' {
  const data = message.data.trim();
  if (data === '[DONE]') return 'done';
  if (data === '') return [];
  let chunk: unknown;
  try {
    chunk = JSON.parse(data);
  } catch {
    return [{ type: 'error', errorText: `unreadable chunk from the proxy: ${data.slice(0, 80)}` }];
  }
  if (!chunk || typeof chunk !== 'object') return [{ type: 'error', errorText: 'unreadable chunk from the proxy' }];
  const c = chunk as Record<string, unknown>;
  switch (c.type) {
    case 'text-delta':
      return typeof c.delta === 'string' ? [{ type: 'text-delta', delta: c.delta }] : [];
    case 'error':
      return [{ type: 'error', errorText: typeof c.errorText === 'string' ? c.errorText : 'the answer failed' }];
    case 'finish': {
      const signature = (c.messageMetadata as { answerSignature?: unknown } | undefined)?.answerSignature;
      return [typeof signature === 'string' && ANSWER_SIGNATURE_PATTERN.test(signature) ? { type: 'finish', answerSignature: signature } : { type: 'finish' }];
    }
    default:
      return [];
  }
}

export async function* readChatStream(body: ReadableStream<Uint8Array>, signal?: AbortSignal): AsyncGenerator<ChatStreamPart> {
  const queue: ChatStreamPart[] = [];
  let done = false;
  const parser = createParser({
    onEvent(message) {
      if (done) return;
      const parts = chatPartsOf(message);
      if (parts === 'done') done = true;
      else queue.push(...parts);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  let sawError = false;
  const drain = function* (): Generator<ChatStreamPart> {
    while (queue.length > 0) {
      const part = queue.shift()!;
      if (finished) continue;
      if (part.type === 'finish') finished = true;
      if (part.type === 'error') sawError = true;
      yield part;
    }
  };
  try {
    while (!done && !finished) {
      signal?.throwIfAborted();
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (e) {
        signal?.throwIfAborted();
        queue.push({ type: 'error', errorText: `the answer stream broke: ${(e as Error).message ?? e}` });
        break;
      }
      if (chunk.done) {
        parser.feed(decoder.decode() + '\n\n');
        yield* drain();
        if (!finished && !done && !sawError) queue.push({ type: 'error', errorText: 'the answer stream ended before it finished' });
        break;
      }
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      yield* drain();
    }
    yield* drain();
    signal?.throwIfAborted();
    if (!finished) yield { type: 'finish' };
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
