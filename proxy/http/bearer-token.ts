/**
 * @module
 * `Authorization: Bearer <token>` for the operator's own tools (server-to-server API calls,
 * a metrics scraper). Compared in constant time, so response timing does not reveal how much
 * of a guess was right.
 */
import type { Context } from 'hono';

/** The bearer token the request carries, or undefined when it sends none. */
export function bearerTokenOf(c: Context): string | undefined {
  const header = c.req.header('authorization');
  const m = header === undefined ? null : /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header);
  return m ? m[1] : header === undefined ? undefined : '';
}

/** True when `given` equals the configured `expected` token (never for an empty `expected`). */
export function tokenMatches(given: string | undefined, expected: string): boolean {
  if (!expected || given === undefined) return false;
  let diff = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ given.charCodeAt(i % Math.max(1, given.length));
  return diff === 0;
}
