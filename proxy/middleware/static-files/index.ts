/**
 * @module
 * Static files with the cache rules the widget relies on: content-hashed names
 * (`name.<10-64 hex>.ext`) are immutable for a year; everything else (manifests, the demo page,
 * the widget entry) is `no-cache` with an ETag, so revalidation is a cheap 304. Public data:
 * `Access-Control-Allow-Origin: *` so host pages on other origins can load it. Each file has
 * one URL: another spelling of it (`//`, a percent-encoded letter) is redirected (301) there,
 * and an encoded slash (`%2f`) is refused, so caches see each file once.
 */
import type { MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { FileSource } from './file-source.js';
import { setResourceKey } from '../../http/resource-key.js';
import { acceptsEncoding } from '../../http/accept-encoding.js';

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
  /**
   * Send `name.br` (made at build time, scripts/precompress) for a content-hashed name when the
   * client takes brotli: smaller than compressing on request, and no CPU per request. Default true.
   */
  precompressed?: boolean;
}

export const DEFAULT_STATIC_FILES_OPTIONS = {
  prefix: '',
  index: 'index.html',
  publicCors: true,
  immutable: /\.[0-9a-f]{10,64}\./,
  precompressed: true,
} satisfies Omit<Required<StaticFilesOptions>, 'source'>;

/** Public data: any page may read it, including its ETag (for its own revalidation). */
export const PUBLIC_CORS_HEADERS = { 'access-control-allow-origin': '*', 'access-control-expose-headers': 'ETag, Content-Length, Content-Encoding' } as const;

export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE_CONTROL = 'no-cache';

export const VECTOR_FILE_CONTENT_TYPE = 'application/vnd.quran-dai.vectors';

const EXTRA_MIME: Readonly<Record<string, string>> = {
  onnx: 'application/octet-stream',
  wasm: 'application/wasm',
  md: 'text/markdown; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
  // The verse vectors (data/index/vector-file.ts): their own type so they are compressed (4-bit
  // codes around the mean shrink by a fifth) while models (.onnx) stay as they are.
  bin: VECTOR_FILE_CONTENT_TYPE,
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
      return new Response(null, {
        status: 204,
        headers: {
          ...PUBLIC_CORS_HEADERS,
          'access-control-allow-methods': 'GET, HEAD',
          'access-control-allow-headers': '*',
          'access-control-max-age': '86400',
        },
      });
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    const url = new URL(c.req.url);
    const resolved = resolveStaticPath(url.pathname, opts.prefix, opts.index);
    if (resolved === null) return next();
    const { rel, canonical } = resolved;
    const file = await opts.source.open(rel);
    if (!file) return next();
    if (canonical !== url.pathname) {
      return new Response(null, { status: 301, headers: { location: `${canonical}${url.search}`, ...(opts.publicCors ? PUBLIC_CORS_HEADERS : {}) } });
    }
    setResourceKey(c, `${opts.prefix}/${rel}`);
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    const immutable = opts.immutable.test(name);
    const packed =
      immutable && opts.precompressed && acceptsEncoding(c.req.header('accept-encoding'), 'br')
        ? await opts.source.open(`${rel}${PRECOMPRESSED_SUFFIX}`)
        : null;
    const sent = packed ?? file;
    // Each representation has its own tag (RFC 9110 §8.8.3): the brotli copy is another body.
    const etag = `"${file.size.toString(16)}-${Math.floor(file.mtimeMs).toString(16)}${packed ? '-br' : ''}"`;
    const headers: Record<string, string> = {
      'content-type': mimeTypeOf(name),
      'cache-control': immutable ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL,
      etag,
    };
    if (immutable && opts.precompressed) headers.vary = 'Accept-Encoding';
    if (packed) headers['content-encoding'] = 'br';
    if (opts.publicCors) Object.assign(headers, PUBLIC_CORS_HEADERS);
    if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    headers['content-length'] = String(sent.size);
    if (c.req.method === 'HEAD') return new Response(null, { status: 200, headers });
    return new Response(sent.body() as BodyInit, { status: 200, headers });
  };
}

/** A request path resolved to a file: its path under the mount and the one URL path it is served at. */
export interface StaticPath {
  /** Relative file path (no `..`, no dotfiles, no leading `/`), `index` appended for a directory. */
  readonly rel: string;
  /** The canonical URL path: no empty segments, each segment percent-encoded one way only. */
  readonly canonical: string;
}

/** URL path → file path and canonical URL path, or null when it escapes the mount, names a dotfile or hides a `/` in `%2f`. */
export function resolveStaticPath(pathname: string, prefix: string, index: string): StaticPath | null {
  if (prefix && pathname !== prefix && !pathname.startsWith(`${prefix}/`)) return null;
  const rest = pathname.slice(prefix.length);
  const parts: string[] = [];
  for (const raw of rest.split('/')) {
    if (raw === '') continue;
    let p: string;
    try {
      p = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (p.startsWith('.') || p.includes('/') || p.includes('\\') || p.includes('\0')) return null;
    parts.push(p);
  }
  const directory = rest === '' || rest.endsWith('/');
  const files = directory ? [...parts, index] : parts;
  if (files.length === 0) return null;
  const canonical = `${prefix}/${parts.map(encodePathSegment).join('/')}${directory && parts.length ? '/' : ''}`;
  return { rel: files.join('/'), canonical };
}

/** Percent-encodes a path segment as browsers leave it: RFC 3986 pchar stays as is. */
export function encodePathSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(?:24|26|2B|2C|3A|3B|3D|40)/g, decodeURIComponent);
}

export function mimeTypeOf(name: string): string {
  const ext = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
  return EXTRA_MIME[ext] ?? getMimeType(name) ?? 'application/octet-stream';
}

/** The suffix of a file's brotli copy made at build time (scripts/precompress). */
export const PRECOMPRESSED_SUFFIX = '.br';

/** Weak comparison (RFC 9110 §13.1.2): `W/"x"` matches `"x"`. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === bare);
}
