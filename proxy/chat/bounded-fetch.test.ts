import { describe, expect, it } from 'vitest';
import { boundedFetch, UpstreamTooLargeError } from './bounded-fetch.js';

/** A fetch that answers with `chunks` chunks of 1 KB, counting how many were pulled. */
function endlessUpstream(chunks: number) {
  const state = { pulled: 0 };
  const fetchImpl: typeof fetch = async () =>
    new Response(
      new ReadableStream<Uint8Array>({
        pull(ctrl) {
          if (state.pulled++ >= chunks) ctrl.close();
          else ctrl.enqueue(new Uint8Array(1024));
        },
      }),
      { headers: { 'content-type': 'application/json' } },
    );
  return { fetchImpl, state };
}

describe('when the upstream model replies', () => {
  it('should pass a reply within the limit through unchanged', async () => {
    const { fetchImpl } = endlessUpstream(4);
    const res = await boundedFetch(fetchImpl, 8 * 1024)('http://upstream/x');
    expect((await res.arrayBuffer()).byteLength).toBe(4 * 1024);
    expect(res.headers.get('content-type')).toBe('application/json');
  });
  it('should cut a reply past the limit, reading little more of it', async () => {
    const { fetchImpl, state } = endlessUpstream(40_000);
    const res = await boundedFetch(fetchImpl, 8 * 1024)('http://upstream/x');
    await expect(res.arrayBuffer()).rejects.toBeInstanceOf(UpstreamTooLargeError);
    expect(state.pulled).toBeLessThan(20);
  });
});
