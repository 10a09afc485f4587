/**
 * Two widgets on one page (inline + floating launcher) ask for the same data at the same
 * time; the second must join the first download, not start another. Every caller keeps its
 * own progress listener and abort signal; the shared work is aborted only when all callers
 * have aborted.
 */
import type { DataLoadProgress, DataLoadProgressListener } from './data-load-progress.js';

interface Shared<T> {
  readonly promise: Promise<T>;
  readonly listeners: Set<DataLoadProgressListener>;
  readonly controller: AbortController;
  callers: number;
}

const inFlight = new Map<string, Shared<unknown>>();

export async function shareInFlight<T>(
  key: string,
  caller: { onProgress?: DataLoadProgressListener; signal?: AbortSignal },
  run: (onProgress: DataLoadProgressListener, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  caller.signal?.throwIfAborted();
  let shared = inFlight.get(key) as Shared<T> | undefined;
  if (!shared) {
    const listeners = new Set<DataLoadProgressListener>();
    const controller = new AbortController();
    const fanOut = (p: DataLoadProgress) => listeners.forEach((l) => l(p));
    const promise = run(fanOut, controller.signal).finally(() => inFlight.delete(key));
    shared = { promise, listeners, controller, callers: 0 };
    inFlight.set(key, shared as Shared<unknown>);
  }
  const s = shared;
  s.callers++;
  if (caller.onProgress) s.listeners.add(caller.onProgress);
  const leave = () => {
    if (caller.onProgress) s.listeners.delete(caller.onProgress);
    if (--s.callers === 0 && inFlight.get(key) === s) s.controller.abort(caller.signal?.reason);
  };
  if (!caller.signal) return s.promise.finally(leave);
  const signal = caller.signal;
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => {
      leave();
      reject(signal.reason ?? new DOMException('The operation was aborted.', 'AbortError'));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    s.promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) return;
        leave();
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        if (signal.aborted) return;
        leave();
        reject(error);
      },
    );
  });
}
