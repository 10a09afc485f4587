/**
 * @module
 * At most `limit` pieces of costly work at once (compressing a file, embedding a question); up to
 * `queue` more wait their turn, first come first served; past that there is no turn, and the
 * caller does without (a body sent as is) or says so (503). A waiter whose client has gone leaves
 * the queue at once and costs nothing.
 */
export interface WorkGate {
  /** A turn: resolves with the function that ends it, or undefined when the queue is full or `signal` has aborted. */
  enter(signal?: AbortSignal): Promise<(() => void) | undefined>;
}

export function createWorkGate(limit: number, queue: number): WorkGate {
  if (!(limit >= 1) || !(queue >= 0)) throw new Error(`work gate: limit must be >= 1 and queue >= 0, got ${limit} and ${queue}`);
  let running = 0;
  const waiting: (() => void)[] = [];
  /** Ends a turn once: the next waiter takes it over, else a place frees. */
  const turn = (): (() => void) => {
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      const next = waiting.shift();
      if (next) next();
      else running--;
    };
  };
  return {
    enter(signal) {
      if (signal?.aborted) return Promise.resolve(undefined);
      if (running < limit) {
        running++;
        return Promise.resolve(turn());
      }
      if (waiting.length >= queue) return Promise.resolve(undefined);
      return new Promise((resolve) => {
        const onAbort = () => {
          const i = waiting.indexOf(grant);
          if (i >= 0) waiting.splice(i, 1);
          resolve(undefined);
        };
        // Called by the turn that ends: the place passes on as it is (running stays the same).
        const grant = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve(turn());
        };
        waiting.push(grant);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}
