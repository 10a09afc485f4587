import { describe, expect, it } from 'vitest';
import { arrivalWithin } from './arrival-within.js';

describe('arrivalWithin', () => {
  it('should say true when the arrival settles in time, a failure included', async () => {
    expect(await arrivalWithin(Promise.resolve(), 50)).toBe(true);
    expect(await arrivalWithin(Promise.reject(new Error('offline')), 50)).toBe(true);
  });

  it('should say false when it is still pending after the wait', async () => {
    expect(await arrivalWithin(new Promise(() => {}), 10)).toBe(false);
  });
});
