/** The Hono context variable the rate limit sets for the route behind it (its own module, so the app's variable types can name it). */
export interface RateLimitVariables {
  /**
   * Counts `units` more requests for this client in its window (a request that costs more than
   * one, such as a long text to embed); resolves false when that takes it over its limit.
   */
  rateLimitCharge?: (units: number) => Promise<boolean>;
}
