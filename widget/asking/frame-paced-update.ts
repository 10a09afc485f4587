/**
 * One render per frame while an answer streams. Deltas arrive far faster than a screen shows
 * them (a model may send one character at a time), and when the page was busy a whole batch of
 * them is already buffered: read one after another as microtasks, with a render for each, they
 * made one task of several hundred milliseconds. Asked for many times, this renders once, on the
 * next frame (or after `fallbackMs` where frames do not run, e.g. a hidden tab).
 */

/** Runs `run` once, later; returns a function that cancels it. */
export type Scheduler = (run: () => void) => () => void;

/** The next animation frame, or a timer where there are none or they are paused. */
export function nextFrame(fallbackMs = 100): Scheduler {
  return (run) => {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      cancel();
      run();
    };
    const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(once) : undefined;
    const timer = setTimeout(once, fallbackMs);
    const cancel = () => {
      if (frame !== undefined) cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
    return () => {
      done = true;
      cancel();
    };
  };
}

export interface PacedUpdate {
  /** Asks for a render; many asks before it runs make one. */
  request(): void;
  /** Drops a render asked for and not yet run (the caller renders itself now). */
  cancel(): void;
}

export function framePacedUpdate(render: () => void, schedule: Scheduler = nextFrame()): PacedUpdate {
  let pending: (() => void) | undefined;
  return {
    request() {
      pending ??= schedule(() => {
        pending = undefined;
        render();
      });
    },
    cancel() {
      pending?.();
      pending = undefined;
    },
  };
}
