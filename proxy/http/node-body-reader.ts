/**
 * @module
 * Node fast path for request bodies: reads @hono/node-server's `IncomingMessage`
 * (`c.env.incoming`) directly instead of converting it to a Web stream. Falls back to the
 * Web reader when the request did not come through node-server (e.g. `app.request` in tests).
 */
import type { IncomingMessage } from 'node:http';
import { webBodyTextReader, type BodyTextReader } from './read-json-body.js';

export const nodeBodyTextReader: BodyTextReader = (c, maxBytes) => {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || typeof incoming.on !== 'function' || incoming.readableEnded) return webBodyTextReader(c, maxBytes);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        incoming.resume(); // discard the rest; the 413 goes out once it is read
        resolve(null);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(Buffer.concat(chunks, size).toString('utf8'));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
};
