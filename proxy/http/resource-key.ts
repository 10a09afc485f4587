/**
 * @module
 * The identity of the file a response carries (its mount and canonical path), set by the
 * static-files middleware. Caches of derived bytes (compressed bodies) key on it, not on the
 * URL as spelled, so `/data/corpus//x` and `/data/corpus/%78` can never cost a second encoding.
 */
import type { Context } from 'hono';

declare module 'hono' {
  interface ContextVariableMap {
    resourceKey: string;
  }
}

export function setResourceKey(c: Context, key: string): void {
  c.set('resourceKey', key);
}

/** The file behind this response, or undefined when it is not a static file. */
export function resourceKeyOf(c: Context): string | undefined {
  return c.get('resourceKey') as string | undefined;
}
