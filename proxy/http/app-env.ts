/**
 * @module
 * Hono context variables of the whole proxy app: the union of what its middleware set. Each
 * middleware owns its own variables type (as Hono's request-id middleware does); routes that
 * read them use this one.
 */
import type { ClientAddressVariables } from '../middleware/client-address/index.js';
import type { RequestLogVariables } from '../middleware/request-log/index.js';
import type { RateLimitVariables } from '../middleware/rate-limit/rate-limit-variables.js';

export type ProxyVariables = ClientAddressVariables & RequestLogVariables & RateLimitVariables;

export interface ProxyEnvBindings {
  Variables: ProxyVariables;
}
