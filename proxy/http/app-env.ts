/**
 * @module
 * Hono context variables shared by the proxy's middleware and routes.
 */
import type { RequestLogFields } from '../middleware/request-log/index.js';

export interface ProxyVariables {
  /** Client address used for rate limits (see the client-address middleware). */
  clientAddress: string;
  /** Fields routes add to the request's log line (cache hit, upstream ms, tokens...). */
  logFields: RequestLogFields;
  /** Set by streaming routes: resolves when the stream ends, so the log line can wait for it. */
  logUntil: Promise<void> | undefined;
}

export interface ProxyEnvBindings {
  Variables: ProxyVariables;
}
