/**
 * @module
 * "try again in …" for refusals that carry `Retry-After` (rate limit, spend budget).
 */

/** `45 seconds`, `23 minutes` (from 2 minutes), `7 hours` (from 90 minutes). */
export function formatWait(seconds: number): string {
  if (seconds >= 5400) return `${Math.round(seconds / 3600)} hours`;
  return seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
}
