/**
 * @module
 * Response compression negotiated from `Accept-Encoding`, for text-like bodies (JSON, JS,
 * HTML, CSS, SVG, WASM). Unlike `hono/compress` it takes injectable encoders, so the Node
 * entry can add brotli (`zlib`) while edge runtimes use the Web `CompressionStream`
 * (gzip, deflate). Event streams are never compressed: it would buffer the SSE answer.
 */
import type { MiddlewareHandler } from 'hono';

export type Encoding = 'br' | 'gzip' | 'deflate';
export type EncoderFactory = () => TransformStream<Uint8Array, Uint8Array>;

export interface CompressionOptions {
  /** Available encoders. Default: gzip and deflate through `CompressionStream`. */
  encoders?: Partial<Record<Encoding, EncoderFactory>>;
  /** Bodies with a known length below this are sent as is. Default 1,024 bytes. */
  threshold?: number;
  /** Which content types to compress. Default: text, JSON, JS, SVG, WASM (not event streams). */
  compressible?: RegExp;
}

export const WEB_ENCODERS: Partial<Record<Encoding, EncoderFactory>> = {
  gzip: () => new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>,
  deflate: () => new CompressionStream('deflate') as unknown as TransformStream<Uint8Array, Uint8Array>,
};

export const DEFAULT_COMPRESSION_OPTIONS = {
  encoders: WEB_ENCODERS,
  threshold: 1024,
  compressible: /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|wasm|xml|manifest\+json|[\w.+-]+\+json)|image\/svg\+xml)\b/i,
} satisfies Required<CompressionOptions>;

const PREFERENCE: readonly Encoding[] = ['br', 'gzip', 'deflate'];

/**
 * @param options.encoders - default gzip + deflate (Web `CompressionStream`)
 * @param options.threshold - default 1024
 * @example app.use(compression({ encoders: { ...WEB_ENCODERS, br: nodeBrotli } }))
 */
export function compression(options: CompressionOptions = {}): MiddlewareHandler {
  const opts = { ...DEFAULT_COMPRESSION_OPTIONS, ...options };
  return async function compressionMiddleware(c, next) {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 206 || res.status === 304) return;
    if (res.headers.has('content-encoding') || /no-transform/i.test(res.headers.get('cache-control') ?? '')) return;
    if (!opts.compressible.test(res.headers.get('content-type') ?? '')) return;
    const length = res.headers.get('content-length');
    if (length !== null && Number(length) < opts.threshold) return;
    appendVary(res.headers);
    const encoding = negotiate(c.req.header('accept-encoding') ?? '', opts.encoders);
    if (!encoding) return;
    const headers = new Headers(res.headers);
    headers.delete('content-length');
    headers.set('content-encoding', encoding);
    const etag = headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`); // a different byte representation
    c.res = new Response(res.body.pipeThrough(opts.encoders[encoding]!()), { status: res.status, statusText: res.statusText, headers });
  };
}

/** Best encoding the client accepts (q > 0) among the available ones, server preference first. */
export function negotiate(acceptEncoding: string, encoders: Partial<Record<Encoding, EncoderFactory>>): Encoding | undefined {
  const q = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name, qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  return PREFERENCE.find((e) => encoders[e] && (q.get(e) ?? q.get('*') ?? 0) > 0);
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
