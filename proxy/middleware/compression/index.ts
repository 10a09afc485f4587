/**
 * @module
 * Response compression negotiated from `Accept-Encoding`, for text-like bodies (JSON, JS,
 * HTML, CSS, SVG, WASM). Unlike `hono/compress` it takes injectable encoders, so the Node
 * entry can add brotli (`zlib`) while edge runtimes use the Web `CompressionStream`
 * (gzip, deflate). Only bodies of known length are compressed, whole, into one buffer (piping
 * a file stream through an encoder made many tiny socket writes: 6 s for 1.3 MB on loopback).
 * Static files are cached compressed (bounded), keyed by the file they are (`resourceKeyOf`),
 * its ETag and the encoding, never by the URL as spelled: a hashed data file is encoded once,
 * however many spellings of its path a client tries. Requests for a file that is being
 * compressed wait for that one result instead of compressing it again: 40 parallel cold requests
 * for the 10 MB ONNX runtime each compressed it (19.8 s, RSS 178 MB → 677 MB).
 * Streams of unknown length (the SSE answer) are never compressed: it would buffer them.
 *
 * Compression costs the server CPU and memory that the client does not pay for, so it is bounded:
 * at most `maxConcurrent` bodies are encoded at once; up to `maxQueued` more responses wait for a
 * slot (a first visit asks for four data files at once, and sending three of them uncompressed
 * made it 2.9 MB instead of 0.6 MB on the wire); past that a response goes out as is, which costs
 * nothing, and a waiting request whose client has gone leaves the queue (work-gate.ts). A
 * compression whose client has gone and that no other request waits for is cancelled (561 abandoned requests had cost 23 s of CPU and 1 GB), and only brotli and gzip
 * are offered (every browser takes one of them; a client asking for deflate alone gets the body
 * as is), so the cached set stays one or two copies per file.
 */
import type { MiddlewareHandler } from 'hono';
import { resourceKeyOf } from '../../http/resource-key.js';
import { createWorkGate } from '../../http/work-gate.js';
import { acceptedEncodings } from '../../http/accept-encoding.js';

export type Encoding = 'br' | 'gzip' | 'deflate';
export type EncoderFactory = () => TransformStream<Uint8Array, Uint8Array>;

export interface CompressionOptions {
  /** Available encoders. Default: gzip and deflate through `CompressionStream`. */
  encoders?: Partial<Record<Encoding, EncoderFactory>>;
  /** Bodies with a known length below this are sent as is. Default 1,024 bytes. */
  threshold?: number;
  /** Which content types to compress. Default: text, JSON, JS, SVG, WASM, the verse vectors (not event streams, not models). */
  compressible?: RegExp;
  /** Bodies larger than this are sent as is. Default 32 MB. */
  maxBytes?: number;
  /** Bytes of compressed static files (with an ETag) kept in memory. Default 64 MB; 0 disables. */
  cacheBytes?: number;
  /** Bodies encoded at the same time. Default 2. */
  maxConcurrent?: number;
  /** Responses waiting for a compression slot; a response past it is sent as is. Default 64. */
  maxQueued?: number;
}

export const WEB_ENCODERS: Partial<Record<Encoding, EncoderFactory>> = {
  gzip: () => new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>,
};

export const DEFAULT_COMPRESSION_OPTIONS = {
  encoders: WEB_ENCODERS,
  threshold: 1024,
  maxBytes: 32 * 1024 * 1024,
  cacheBytes: 64 * 1024 * 1024,
  maxConcurrent: 2,
  maxQueued: 64,
  compressible:
    /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|wasm|xml|manifest\+json|[\w.+-]+\+json|vnd\.quran-dai\.vectors)|image\/svg\+xml)\b/i,
} satisfies Required<CompressionOptions>;

const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'deflate'];

/**
 * @param options.encoders - default gzip + deflate (Web `CompressionStream`)
 * @param options.threshold - default 1024
 * @example app.use(compression({ encoders: { ...WEB_ENCODERS, br: nodeBrotli } }))
 */
export function compression(options: CompressionOptions = {}): MiddlewareHandler {
  const opts = { ...DEFAULT_COMPRESSION_OPTIONS, ...options };
  const cache = new ByteBudgetCache(opts.cacheBytes);
  /** Compressions under way, by cache key: later requests for the same file share the first one's. */
  const inflight = new Map<string, SharedEncoding>();
  const slots = createWorkGate(opts.maxConcurrent, opts.maxQueued);
  return async function compressionMiddleware(c, next) {
    await next();
    const res = c.res;
    const head = c.req.method === 'HEAD';
    if ((!head && !res.body) || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (res.headers.has('content-encoding') || /no-transform/i.test(res.headers.get('cache-control') ?? '')) return;
    if (!opts.compressible.test(res.headers.get('content-type') ?? '')) return;
    const lengthHeader = res.headers.get('content-length');
    const length = lengthHeader === null ? NaN : Number(lengthHeader);
    if (!(length >= opts.threshold && length <= opts.maxBytes)) return;
    appendVary(res.headers);
    const encoding = negotiate(c.req.header('accept-encoding') ?? '', opts.encoders);
    if (!encoding) return;
    const etag = res.headers.get('etag');
    const resource = resourceKeyOf(c);
    const key = etag && resource ? `${resource}|${etag}|${encoding}` : undefined;
    if (head) {
      // The headers a GET would send: its encoding, and its length when that is known (cached).
      const headers = new Headers(res.headers);
      const cached = key ? cache.get(key) : undefined;
      if (cached) headers.set('content-length', String(cached.byteLength));
      else headers.delete('content-length');
      headers.set('content-encoding', encoding);
      if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
      c.res = undefined as unknown as Response;
      c.res = new Response(null, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    const body = res.body!;
    const signal = c.req.raw.signal;
    let bytes = key ? cache.get(key) : undefined;
    const shared = key && !bytes ? inflight.get(key) : undefined;
    if (bytes || shared) {
      await body.cancel();
      if (!bytes) {
        bytes = await joinShared(shared!, signal);
        // The compression this request waited for failed: its own body is already released.
        if (!bytes) return respondUnavailable(c);
      }
    } else {
      // Every slot busy and the queue full: the body goes out as is, which costs the server nothing.
      const endTurn = await slots.enter(signal);
      if (!endTurn) {
        if (signal.aborted) await body.cancel().catch(() => undefined);
        return;
      }
      // While this request waited, another one may have compressed the same file, or begun to.
      const done = key ? cache.get(key) : undefined;
      const begun = key && !done ? inflight.get(key) : undefined;
      if (done || begun) {
        endTurn();
        await body.cancel();
        const shared = done ?? (await joinShared(begun!, signal));
        return shared ? respondEncoded(c, res, shared, encoding, etag) : respondUnavailable(c);
      }
      const work = encodeCancellable(body, opts.encoders[encoding]!);
      // A client that has gone takes its compression with it, unless another request waits for the same file.
      const entry: SharedEncoding = {
        done: work.done,
        waiters: 1,
        leave() {
          if (--this.waiters <= 0) work.cancel();
        },
      };
      if (key) inflight.set(key, entry);
      const onAbort = () => entry.leave();
      signal.addEventListener('abort', onAbort, { once: true });
      try {
        bytes = await work.done;
        if (key) cache.set(key, bytes);
      } catch {
        if (signal.aborted) return;
        throw new Error('compression failed');
      } finally {
        endTurn();
        signal.removeEventListener('abort', onAbort);
        if (key) inflight.delete(key);
      }
      if (signal.aborted) return;
    }
    respondEncoded(c, res, bytes, encoding, etag);
  };
}

/** Wait for a compression another request runs; undefined when it failed. */
async function joinShared(entry: SharedEncoding, signal: AbortSignal): Promise<Uint8Array | undefined> {
  entry.waiters++;
  const onAbort = () => entry.leave();
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await entry.done;
  } catch {
    return undefined;
  } finally {
    signal.removeEventListener('abort', onAbort);
    if (!signal.aborted) entry.waiters--;
  }
}

/** Replace the response with its encoded bytes. */
function respondEncoded(c: Parameters<MiddlewareHandler>[0], res: Response, bytes: Uint8Array, encoding: Encoding, etag: string | null): void {
  const headers = new Headers(res.headers);
  headers.set('content-length', String(bytes.byteLength));
  headers.set('content-encoding', encoding);
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`); // a different byte representation
  // Hono's `c.res` setter merges the previous response's headers over the new ones
  // (it would restore the old Content-Length); clear it first.
  c.res = undefined as unknown as Response;
  c.res = new Response(bytes as BodyInit, { status: res.status, statusText: res.statusText, headers });
}

/** One compression under way and how many requests wait for it. */
interface SharedEncoding {
  readonly done: Promise<Uint8Array>;
  waiters: number;
  /** A waiting request has gone: the last one to go cancels the work. */
  leave(): void;
}

/** A body piped through an encoder into one buffer, which `cancel` stops (the encoder with it). */
function encodeCancellable(body: ReadableStream<Uint8Array>, encoder: EncoderFactory): { done: Promise<Uint8Array>; cancel: () => void } {
  const reader = body.pipeThrough(encoder()).getReader();
  let cancelled = false;
  const done = (async () => {
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done: end, value } = await reader.read();
      if (end) break;
      chunks.push(value);
      total += value.byteLength;
    }
    // A cancelled read ends like a finished one: its bytes are a truncated body, never to be sent or kept.
    if (cancelled) throw new Error('compression cancelled: its client has gone');
    const out = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) {
      out.set(chunk, at);
      at += chunk.byteLength;
    }
    return out;
  })();
  return {
    done,
    cancel: () => {
      cancelled = true;
      reader.cancel(new Error('client gone')).catch(() => {});
    },
  };
}

/** A retry later, for a request whose shared compression failed (its own body was already released). */
function respondUnavailable(c: Parameters<MiddlewareHandler>[0]): void {
  c.res = undefined as unknown as Response;
  c.res = new Response('Try again in a moment.', { status: 503, headers: { 'retry-after': '1', 'content-type': 'text/plain; charset=utf-8' } });
}

/** LRU by total bytes. */
class ByteBudgetCache {
  readonly #entries = new Map<string, Uint8Array>();
  #bytes = 0;
  constructor(readonly maxBytes: number) {}
  get(key: string): Uint8Array | undefined {
    const v = this.#entries.get(key);
    if (v) {
      this.#entries.delete(key);
      this.#entries.set(key, v);
    }
    return v;
  }
  set(key: string, value: Uint8Array): void {
    if (value.byteLength > this.maxBytes / 4) return; // one huge body must not evict everything
    this.#entries.set(key, value);
    this.#bytes += value.byteLength;
    for (const [k, v] of this.#entries) {
      if (this.#bytes <= this.maxBytes) break;
      this.#entries.delete(k);
      this.#bytes -= v.byteLength;
    }
  }
}

/** Best encoding the client accepts (q > 0) among the available ones, server preference first. */
export function negotiate(acceptEncoding: string, encoders: Partial<Record<Encoding, EncoderFactory>>): Encoding | undefined {
  const accepts = acceptedEncodings(acceptEncoding);
  return PREFERENCE.find((e) => encoders[e] && accepts(e));
}

function appendVary(headers: Headers): void {
  try {
    const vary = headers.get('vary');
    if (!vary) headers.set('vary', 'Accept-Encoding');
    else if (!/accept-encoding/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
  } catch {
    // immutable headers: leave them
  }
}
