/**
 * @module
 * The upstream model's replies, bounded in size. A suggestion is read whole and an answer is
 * streamed; either way a hostile or broken upstream must not make the proxy hold its reply in
 * memory without end (three 40 MB suggestion replies took the proxy from 125 MB to 379 MB).
 * Past the limit the body errors, which the AI SDK reports as a failed call: the visitor gets
 * the empty suggestion, or the end of the answer with an error.
 */

/** More than any honest reply: an answer of the longest shown length with its stream framing and reasoning. */
export const MAX_UPSTREAM_RESPONSE_BYTES = 4 * 1024 * 1024;

export class UpstreamTooLargeError extends Error {
  override readonly name = 'UpstreamTooLargeError';
}

/** `fetch` whose response bodies error once more than `maxBytes` have been read. */
export function boundedFetch(inner?: typeof fetch, maxBytes = MAX_UPSTREAM_RESPONSE_BYTES): typeof fetch {
  return async (input, init) => {
    // The global fetch is looked up per call, as the providers do when given none.
    const res = await (inner ?? globalThis.fetch)(input, init);
    if (!res.body) return res;
    let read = 0;
    const limit = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        read += chunk.byteLength;
        if (read > maxBytes) controller.error(new UpstreamTooLargeError(`the model's reply passed ${maxBytes} bytes; it was cut`));
        else controller.enqueue(chunk);
      },
    });
    return new Response(res.body.pipeThrough(limit), { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
