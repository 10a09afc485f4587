import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { clientSignal } from './index.js';

let server: ServerType | undefined;
afterEach(async () => {
  await new Promise((r) => server?.close(r) ?? r(undefined));
  server = undefined;
});

/** A Node server whose one route waits, then reports whether its request's signal says the client has gone. */
async function serveWaitingRoute(withMiddleware: boolean): Promise<{ port: number; seen: Promise<boolean> }> {
  let report!: (aborted: boolean) => void;
  const seen = new Promise<boolean>((r) => (report = r));
  const app = new Hono();
  if (withMiddleware) app.use(clientSignal());
  app.get('/slow', async (c) => {
    // Work that does not touch the signal at first: a wait for a rate limiter, a file opened.
    await new Promise((r) => setTimeout(r, 300));
    report(c.req.raw.signal.aborted);
    return c.text('late');
  });
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((r) => server!.once('listening', () => r()));
  return { port: (server.address() as AddressInfo).port, seen };
}

/** A request whose socket is closed 5 ms after it was sent. */
function abandon(port: number): void {
  const socket = connect(port, '127.0.0.1', () => {
    socket.write(`GET /slow HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    setTimeout(() => socket.destroy(), 5);
  });
  socket.on('error', () => undefined);
}

describe('when a client leaves before anything has asked for its request signal', () => {
  it('should have the signal aborted by the time the work asks', async () => {
    const { port, seen } = await serveWaitingRoute(true);
    abandon(port);
    expect(await seen).toBe(true);
  });

  it('is what the adapter does without it: the signal made after the client left never aborts', async () => {
    const { port, seen } = await serveWaitingRoute(false);
    abandon(port);
    expect(await seen).toBe(false);
  });
});
