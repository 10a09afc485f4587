/**
 * @module
 * Reads a JSON request body under a byte cap: over the cap is a 413, malformed JSON a 400,
 * a non-JSON content type a 415. The bytes come from a `BodyTextReader`: the default reads
 * the Web `Request` body (any runtime); the Node entry injects one that reads the socket
 * directly (on @hono/node-server the Web body path cost ~40% of a cached `/api/embed`).
 * This replaces `hono/body-limit`, which always takes the Web path.
 */
import type { Context } from 'hono';
import { jsonError } from './json-error.js';

export const INVALID_JSON_CODE = 'invalid-json';
export const PAYLOAD_TOO_LARGE_CODE = 'payload-too-large';

/** The body as text, or `null` when it is longer than `maxBytes`. */
export type BodyTextReader = (c: Context, maxBytes: number) => Promise<string | null>;

export const webBodyTextReader: BodyTextReader = async (c, maxBytes) => {
  const body = c.req.raw.body;
  if (!body) return '';
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const ch of chunks) {
    bytes.set(ch, offset);
    offset += ch.byteLength;
  }
  return new TextDecoder().decode(bytes);
};

export async function readJsonBody(c: Context, maxBytes: number, read: BodyTextReader = webBodyTextReader): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw jsonError(415, 'unsupported-media-type', 'Send the body as JSON with Content-Type: application/json.');
  }
  const tooLarge = () => jsonError(413, PAYLOAD_TOO_LARGE_CODE, `The request body is larger than ${Math.round(maxBytes / 1024)} KB.`, { field: 'body' });
  const declared = c.req.header('content-length');
  if (declared !== undefined && Number(declared) > maxBytes) throw tooLarge();
  const text = await read(c, maxBytes);
  if (text === null) throw tooLarge();
  try {
    return JSON.parse(text);
  } catch {
    throw jsonError(400, INVALID_JSON_CODE, 'The request body is not valid JSON.', { field: 'body' });
  }
}
