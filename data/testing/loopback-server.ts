/**
 * Start and stop the fake upstreams' HTTP servers on 127.0.0.1 (test traffic never leaves
 * the machine). Closing also drops responses a fake left hanging on purpose.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listen on `port` (0: a free one); resolves with the server and its `http://127.0.0.1:PORT`. */
export async function listenOnLoopback(handle: (req: IncomingMessage, res: ServerResponse) => void, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer(handle);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** Close `server` now: destroy the open responses, then every connection. */
export async function closeLoopbackServer(server: Server, open: Iterable<ServerResponse>): Promise<void> {
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

/** The request body as text. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}
