/**
 * @module
 * One structured JSON log line per request: time, method, route, status, duration and the
 * fields routes add (cache hit, upstream ms, tokens, error code). Streaming routes set
 * `logUntil` so the line is written when the stream ends, with the final numbers. No raw
 * user text unless a route adds it on purpose; every configured secret is scrubbed anyway.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { createScrubber } from '../../http/secret-scrubber.js';
import type { CacheSource } from '../../embed/embed-cache.js';
import { logSafeJson } from '../../http/log-safe-json.js';

export interface RequestLogFields {
  cache?: CacheSource;
  upstreamMs?: number;
  tokensIn?: number;
  tokensOut?: number;
  /** The provider sent no usage report, so tokensIn/tokensOut are estimated from the text. */
  tokensEstimated?: boolean;
  /** How a stream ended: `finished`, `error`, `aborted` (client left), `timeout`. */
  outcome?: string;
  errorCode?: string;
  provider?: string;
  model?: string;
  verses?: number;
  /** Site passages sent to the model. */
  sitePassages?: number;
  /** Assistant history turns dropped because the proxy had not signed them. */
  historyDropped?: number;
  /** Only when LOG_USER_TEXT=true. */
  question?: string;
  /** A feedback line (FEEDBACK_LOG=true): the rating, the answer's citations, whether it had a comment. */
  feedback?: 'up' | 'down';
  citations?: string;
  hasComment?: boolean;
  lang?: string;
  /** Only when LOG_USER_TEXT=true. */
  comment?: string;
}

/** Context variables this middleware sets: routes add fields to the line, streaming routes set `logUntil`. */
export interface RequestLogVariables {
  /** Fields routes add to the request's log line (cache hit, upstream ms, tokens...). */
  logFields: RequestLogFields;
  /** Set by streaming routes: resolves when the stream ends, so the log line can wait for it. */
  logUntil: Promise<void> | undefined;
}

export interface RequestLogEntry extends RequestLogFields {
  readonly time: string;
  readonly method: string;
  readonly route: string;
  readonly status: number;
  readonly durationMs: number;
}

export interface RequestLogOptions {
  /** Where lines go. Default `console.log`. */
  write?: (line: string) => void;
  /** Clock in ms. Default `performance.now`. */
  now?: () => number;
  /** Wall clock for the `time` field. Default `Date.now`. */
  wallClock?: () => number;
  /** Strings that must never appear in a log line (API keys). Default none. */
  secrets?: readonly string[];
  /** Route label (bounded set, also used for metrics). Default: the URL path. */
  routeOf?: (c: Context) => string;
  /** Called with every entry (e.g. to update metrics). */
  onEntry?: (entry: RequestLogEntry) => void;
}

export const DEFAULT_REQUEST_LOG_OPTIONS = {
  write: (line: string) => console.log(line),
  now: () => performance.now(),
  wallClock: Date.now,
  secrets: [] as readonly string[],
  routeOf: (c: Context) => c.req.path,
  onEntry: () => {},
} satisfies Required<RequestLogOptions>;

/**
 * @param options.write - default `console.log`
 * @param options.secrets - default `[]`
 * @example app.use(requestLog({ secrets: [process.env.XAI_API_KEY ?? ''] }))
 */
export function requestLog(options: RequestLogOptions = {}): MiddlewareHandler<{ Variables: RequestLogVariables }> {
  const opts = { ...DEFAULT_REQUEST_LOG_OPTIONS, ...options };
  const scrub = createScrubber(opts.secrets);
  return async function requestLogMiddleware(c, next) {
    const start = opts.now();
    c.set('logFields', {});
    c.set('logUntil', undefined);
    await next();
    const emit = () => {
      const entry: RequestLogEntry = {
        time: new Date(opts.wallClock()).toISOString(),
        method: c.req.method,
        route: opts.routeOf(c),
        status: c.res.status,
        durationMs: Math.round((opts.now() - start) * 10) / 10,
        ...c.get('logFields'),
      };
      opts.onEntry(entry);
      opts.write(scrub(logSafeJson(entry)));
    };
    const until = c.get('logUntil');
    if (until) void until.then(emit, emit);
    else emit();
  };
}
