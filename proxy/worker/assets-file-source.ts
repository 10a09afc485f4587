/**
 * @module
 * The Worker's files come from its static-assets binding (`env.ASSETS`, a fetcher over the
 * folder `npm run worker:assets` writes): a `FileSource` for the static middleware, and a
 * reader of whole files for the corpus, index and site loaders.
 */
import type { FileSource } from '../middleware/static-files/file-source.js';

/** What the proxy needs of Cloudflare's `Fetcher` type for the assets binding. */
export interface AssetsBinding {
  fetch(request: Request): Promise<Response>;
}

/** The binding ignores the host; only the path names the file. */
function assetRequest(prefix: string, relPath: string): Request {
  const path = relPath.split('/').map(encodeURIComponent).join('/');
  return new Request(`https://assets.invalid${prefix}/${path}`);
}

/**
 * Files under `prefix` (e.g. `/data/corpus`). `mtimeMs` is when the assets were built: the
 * binding keeps no file times, and the static middleware's validators need one.
 */
export function assetsFileSource(assets: AssetsBinding, prefix: string, mtimeMs: number): FileSource {
  return {
    async open(relPath) {
      const res = await assets.fetch(assetRequest(prefix, relPath));
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`assets: ${prefix}/${relPath} answered ${res.status}`);
      const length = res.headers.get('content-length');
      if (length !== null && res.body) {
        const body = res.body;
        return { size: Number(length), mtimeMs, body: () => body };
      }
      // No length given: read it whole (the middleware needs the size before the body).
      const bytes = new Uint8Array(await res.arrayBuffer());
      return { size: bytes.byteLength, mtimeMs, body: () => bytes };
    },
  };
}

/** Bytes of a file under `prefix`; rejects, naming the file, when it is missing. */
export function assetsReader(assets: AssetsBinding, prefix: string): (relPath: string) => Promise<Uint8Array> {
  return async (relPath) => {
    const res = await assets.fetch(assetRequest(prefix, relPath));
    if (!res.ok) throw new Error(`the Worker's assets have no ${prefix}/${relPath} (${res.status}); run npm run worker:assets before wrangler deploy`);
    return new Uint8Array(await res.arrayBuffer());
  };
}
