/**
 * @module
 * Reads a JSON request body; malformed JSON or a non-JSON content type is a 400 that says so.
 */
import type { Context } from 'hono';
import { jsonError } from './json-error.js';

export const INVALID_JSON_CODE = 'invalid-json';

export async function readJsonBody(c: Context): Promise<unknown> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/(?:[\w.+-]+\+)?json\b/i.test(type)) {
    throw jsonError(415, 'unsupported-media-type', 'Send the body as JSON with Content-Type: application/json.');
  }
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw jsonError(400, INVALID_JSON_CODE, 'The request body is not valid JSON.', { field: 'body' });
  }
}
