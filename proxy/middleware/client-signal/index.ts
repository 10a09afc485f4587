/**
 * @module
 * Makes a request's abort signal follow its client from the first moment. On Node,
 * @hono/node-server creates the signal on its first use and aborts it when the connection
 * closes; a client that left before anything asked for the signal (a request waiting for the
 * rate limiter, a file being opened) left it unaborted for good, so work for a gone client ran
 * to the end: 246 downloads abandoned after 5 ms cost the proxy 7.3 s of CPU compressing files
 * nobody received. This middleware, first in the chain, asks for the signal at once for the
 * requests without a body (GET, HEAD: every download). Not for the others: on Node, asking makes
 * the adapter wrap the body in a stream of its own, which the proxy's direct read of a JSON body
 * from the socket (node-body-reader.ts) must not compete with; the answer route asks for the signal
 * once it has read and checked its body.
 */
import type { MiddlewareHandler } from 'hono';

export function clientSignal(): MiddlewareHandler {
  return async function clientSignalMiddleware(c, next) {
    // Reading it is what creates it (and the adapter's abort on a closed connection with it).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') void c.req.raw.signal;
    await next();
  };
}
