/**
 * A stand-in for the proxy's static routes in the local-embedding browser tests: `/` (a page
 * that loads `/app/page.js`), `/app/*` (the bundle), `/models/*` (model folders) and
 * `/runtime/ort/*` (onnxruntime-web WASM). Every request path is logged for assertions.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

export interface PageServer {
  readonly origin: string;
  /** Request paths in arrival order. */
  readonly requests: string[];
  close(): Promise<void>;
}

export interface PageServerOptions {
  readonly appDir: string;
  readonly modelsDir: string;
  readonly wasmDir: string;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.onnx': 'application/octet-stream',
  '.html': 'text/html',
};

const PAGE = '<!doctype html><meta charset="utf-8"><title>local embedding</title><script type="module" src="/app/page.js"></script>';

function inside(root: string, rel: string): string | null {
  const file = normalize(join(root, decodeURIComponent(rel)));
  return file.startsWith(root.endsWith(sep) ? root : root + sep) ? file : null;
}

export async function startPageServer(options: PageServerOptions): Promise<PageServer> {
  const requests: string[] = [];
  const routes: Array<[string, string]> = [
    ['/app/', options.appDir],
    ['/models/', options.modelsDir],
    ['/runtime/ort/', options.wasmDir],
  ];
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    const route = routes.find(([prefix]) => path.startsWith(prefix));
    const file = route ? inside(route[1], path.slice(route[0].length)) : null;
    if (!file) {
      res.writeHead(404).end();
      return;
    }
    stat(file)
      .then((s) => {
        if (!s.isFile()) throw new Error('not a file');
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-length': s.size });
        createReadStream(file).pipe(res);
      })
      .catch(() => res.writeHead(404).end());
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise((ok) => server.close(() => ok())),
  };
}
