import { afterEach, describe, expect, it, vi } from 'vitest';
import { framePacedUpdate, nextFrame, type Scheduler } from './frame-paced-update.js';

/** A scheduler the test runs by hand. */
function manual(): { schedule: Scheduler; flush(): void; waiting(): number } {
  const queue = new Set<() => void>();
  return {
    schedule: (run) => {
      queue.add(run);
      return () => queue.delete(run);
    },
    flush: () => {
      const runs = [...queue];
      queue.clear();
      for (const r of runs) r();
    },
    waiting: () => queue.size,
  };
}

describe('framePacedUpdate', () => {
  it('renders once for many requests before the frame', () => {
    const m = manual();
    const render = vi.fn();
    const paced = framePacedUpdate(render, m.schedule);
    for (let i = 0; i < 500; i++) paced.request();
    expect(m.waiting()).toBe(1);
    expect(render).not.toHaveBeenCalled();
    m.flush();
    expect(render).toHaveBeenCalledTimes(1);
    paced.request();
    m.flush();
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('drops a render asked for and not yet run when cancelled', () => {
    const m = manual();
    const render = vi.fn();
    const paced = framePacedUpdate(render, m.schedule);
    paced.request();
    paced.cancel();
    m.flush();
    expect(render).not.toHaveBeenCalled();
    paced.request();
    m.flush();
    expect(render).toHaveBeenCalledTimes(1);
  });
});

describe('nextFrame', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs on the fallback timer where there are no animation frames (Node, a Worker)', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    nextFrame(100)(run);
    vi.advanceTimersByTime(99);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs on the frame once and clears the timer; a cancel stops both', () => {
    vi.useFakeTimers();
    const frames = new Map<number, () => void>();
    let id = 0;
    vi.stubGlobal('requestAnimationFrame', (cb: () => void) => (frames.set(++id, cb), id));
    vi.stubGlobal('cancelAnimationFrame', (n: number) => frames.delete(n));
    const run = vi.fn();
    nextFrame(100)(run);
    for (const cb of frames.values()) cb();
    vi.advanceTimersByTime(500);
    expect(run).toHaveBeenCalledTimes(1);

    const other = vi.fn();
    const cancel = nextFrame(100)(other);
    cancel();
    expect(frames.size).toBe(0);
    vi.advanceTimersByTime(500);
    expect(other).not.toHaveBeenCalled();
  });
});
