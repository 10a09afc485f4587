/**
 * @module
 * `RedisCommands` over Upstash's REST API, for edge runtimes that cannot open a TCP socket to
 * Redis: each command is one HTTPS POST of a JSON array (`["GET","key"]`) with a bearer token,
 * answered `{"result": …}` or `{"error": "…"}`. Every call has a timeout and throws on any
 * failure, so the shared-store health check falls back to this instance's memory.
 *
 * Why not `@upstash/redis`: the stores need three commands and one behaviour, fail within
 * REDIS_COMMAND_TIMEOUT_MS (250 ms) so a visitor never waits on a slow store; that client retries
 * failed calls with backoff by default and turns stored strings into JSON values, both of which
 * would have to be switched off again. This is one POST per command, tested against a fake
 * REST server that speaks Upstash's format.
 */
import { REDIS_KEY_PREFIX, type RedisCommands } from './redis-commands.js';

export interface UpstashRestOptions {
  /** The database's REST URL, e.g. `https://eu1-example.upstash.io`. Required. */
  readonly url: string;
  /** Its REST token (a secret). Required. */
  readonly token: string;
  /** Per-call limit, ms. Default 250, like REDIS_COMMAND_TIMEOUT_MS. */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

export const DEFAULT_UPSTASH_REST_OPTIONS = { timeoutMs: 250 } as const;

export class UpstashRestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstashRestError';
  }
}

export function upstashRestCommands(options: UpstashRestOptions): RedisCommands {
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPSTASH_REST_OPTIONS.timeoutMs;
  const doFetch = options.fetch ?? fetch;
  const url = options.url.replace(/\/+$/, '');
  const prefixed = (key: string) => `${REDIS_KEY_PREFIX}${key}`;

  async function send(command: readonly (string | number)[]): Promise<unknown> {
    const res = await doFetch(url, {
      method: 'POST',
      headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(command.map(String)),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json().catch(() => null)) as { result?: unknown; error?: unknown } | null;
    if (!res.ok || !body || typeof body.error === 'string' || !('result' in body)) {
      const why = typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`;
      throw new UpstashRestError(`Upstash REST ${String(command[0])} failed: ${why}`);
    }
    return body.result;
  }

  return {
    eval: (lua, keys, args) => send(['EVAL', lua, keys.length, ...keys.map(prefixed), ...args]),
    async get(key) {
      const result = await send(['GET', prefixed(key)]);
      return typeof result === 'string' ? result : null;
    },
    async setPx(key, value, ttlMs) {
      await send(['SET', prefixed(key), value, 'PX', ttlMs]);
    },
  };
}
