import { describe, expect, it } from 'vitest';
import { LatestRun } from './latest-run.js';

describe('when runs follow each other', () => {
  it('should abort and mark stale the run before, and leave the latest running', () => {
    const runs = new LatestRun();
    const first = runs.start();
    const second = runs.start();
    expect([first.signal.aborted, first.stale()]).toStrictEqual([true, true]);
    expect([second.signal.aborted, second.stale()]).toStrictEqual([false, false]);
    expect(runs.current).toBe(second);
  });

  it('should end the current run on cancel', () => {
    const runs = new LatestRun();
    const run = runs.start();
    runs.cancel();
    expect([run.signal.aborted, run.stale()]).toStrictEqual([true, true]);
  });
});
