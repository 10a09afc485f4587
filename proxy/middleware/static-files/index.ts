/**
 * @module
 * Static files with the cache rules the widget relies on: content-hashed names
 * (`name.<10-64 hex>.ext`) are immutable for a year; everything else (manifests, the demo page,
 * the widget entry) is `no-cache` with an ETag, so revalidation is a cheap 304. Public data:
 * `Access-Control-Allow-Origin: *` so host pages on other origins can load it.
 */
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { FileSource } from './file-source.js';

export interface StaticFilesOptions {
  /** Where the files are. Required. */
  source: FileSource;
  /** URL prefix to strip, e.g. `/data/corpus`. Default `''`. */
  prefix?: string;
  /** File served for a path ending in `/`. Default `index.html`. */
  index?: string;
  /** Send `Access-Control-Allow-Origin: *`. Default true. */
  publicCors?: boolean;
  /** Names that may be cached forever. Default: a 10-64 hex content hash between dots. */
  immutable?: RegExp;
}

export const DEFAULT_STATIC_FILES_OPTIONS = {
  prefix: '',
  index: 'index.html',
  publicCors: true,
  immutable: /\.[0-9a-f]{10,64}\./,
} satisfies Omit<Required<StaticFilesOptions>, 'source'>;

/** Public data: any page may read it, including its ETag (for its own revalidation). */
const PUBLIC_CORS_HEADERS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag, Content-Length, Content-Encoding' } as const;

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

const EXTRA_MIME: Readonly<Record<string, string>> = {
  onnx: 'application/octet-stream',
  wasm: 'application/wasm',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  bin: 'application/octet-stream',
  map: 'application/json; charset=utf-8',
};

/**
 * @param options.source - files (required)
 * @param options.prefix - default `''`
 * @example app.on(['GET', 'HEAD', 'OPTIONS'], '/data/corpus/*', staticFiles({ source: createNodeFileSource('data/dist/corpus'), prefix: '/data/corpus' }))
 */
export function staticFiles(options: StaticFilesOptions): MiddlewareHandler {
  const opts = { ...DEFAULT_STATIC_FILES_OPTIONS, ...options };
  return async function staticFilesMiddleware(c, next) {
    if (c.req.method === 'OPTIONS' && opts.publicCors) {
      // Preflight for cross-origin reads that add headers (e.g. a manual If-None-Match).
      return new Response(null, { status: 204, headers: { ...PUBLIC_CORS_HEADERS, 'access-control-allow-methods': 'GET, HEAD', 'access-control-allow-headers': '*', 'access-control-max-age': '86400' } });
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const rel = relativePath(new URL(c.req.url).pathname, opts.prefix, opts.index);
    if (rel === null) return next();
    const file = await opts.source.open(rel);
    if (!file) return next();
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    const etag = `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}"`;
    const headers: Record<string, string> = {
      'content-type': mimeTypeOf(name),
      'cache-control': opts.immutable.test(name) ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
      etag,
    };
    if (opts.publicCors) Object.assign(headers, PUBLIC_CORS_HEADERS);
    if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    headers['content-length'] = String(file.size);
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(file.body() as BodyInit, { status: 200, headers });
  };
}

/** URL path → safe relative file path, or null when it escapes the mount or names a dotfile. */
export function relativePath(pathname: string, prefix: string, index: string): string | null {
  if (prefix && pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return null;
  let rest = pathname.slice(prefix.length);
  try {
    rest = decodeURIComponent(rest);
  } catch {
    return null;
  }
  if (rest === '' || rest.endsWith('/')) rest += index;
  const parts = rest.split('/').filter((p) => p !== '');
  if (parts.length === 0) return null;
  for (const p of parts) if (p.startsWith('.') || p.includes('\\') || p.includes('\0')) return null;
  return parts.join('/');
}

export function mimeTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return EXTRA_MIME[ext] ?? getMimeType(name) ?? 'application/octet-stream';
}

/** Weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}
