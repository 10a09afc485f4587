import { describe, expect, it } from 'vitest';
import { requestedRetryMs, retryAfterSeconds } from './retry-after.js';

const NOW = Date.parse('2026-11-29T12:00:00Z');

describe('when a server says how long to wait', () => {
  it('should read Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterSeconds('120', NOW)).toBe(120);
    expect(retryAfterSeconds(' 0 ', NOW)).toBe(0);
    expect(retryAfterSeconds('Sun, 29 Nov 2026 12:00:30 GMT', NOW)).toBe(30);
    expect(retryAfterSeconds('Sun, 29 Nov 2026 11:00:00 GMT', NOW)).toBe(0);
    expect([retryAfterSeconds('soon', NOW), retryAfterSeconds('-5', NOW), retryAfterSeconds(null, NOW), retryAfterSeconds('', NOW)]).toStrictEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('should prefer retry-after-ms, then Retry-After, in milliseconds', () => {
    expect(requestedRetryMs({ 'retry-after-ms': '250', 'retry-after': '9' }, NOW)).toBe(250);
    expect(requestedRetryMs({ 'retry-after': '9' }, NOW)).toBe(9000);
    expect(requestedRetryMs({ 'retry-after': 'Sun, 29 Nov 2026 12:00:02 GMT' }, NOW)).toBe(2000);
    expect(requestedRetryMs({ 'retry-after-ms': 'x', 'retry-after': 'later' }, NOW)).toBeUndefined();
    expect(requestedRetryMs({}, NOW)).toBeUndefined();
  });
});
