import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeControllerHost } from '../testing/fake-controller-host.js';
import { RetryCountdown } from './retry-countdown.js';

beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-29T12:00:00Z') }));
afterEach(() => vi.useRealTimers());

describe('when a rate limit asks the visitor to wait', () => {
  it('should count the whole seconds down to 0 and render at each', () => {
    const host = fakeControllerHost();
    const wait = new RetryCountdown(host);
    wait.start(2.2);
    expect([wait.total, wait.remaining, wait.waiting]).toStrictEqual([3, 3, true]);
    vi.advanceTimersByTime(1000);
    expect(wait.remaining).toBe(2);
    vi.advanceTimersByTime(2000);
    expect([wait.remaining, wait.waiting]).toStrictEqual([0, false]);
    expect(host.updates).toBe(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('should end on time after the tab slept, counting against its deadline', () => {
    const host = fakeControllerHost();
    const wait = new RetryCountdown(host);
    wait.start(10);
    wait.hostDisconnected();
    vi.setSystemTime(Date.now() + 7_500);
    wait.hostConnected();
    expect(wait.remaining).toBe(3);
  });

  it('should forget an earlier wait when a refusal names none', () => {
    const wait = new RetryCountdown(fakeControllerHost());
    wait.follow(30);
    expect(wait.waiting).toBe(true);
    wait.follow(undefined);
    expect([wait.waiting, wait.total, vi.getTimerCount()]).toStrictEqual([false, undefined, 0]);
  });
});
