/**
 * The page's own work while an answer renders, read from a Chromium trace: the main thread's
 * tasks after a mark, each with its wall time and the CPU time the thread spent in it. On a busy
 * machine a task's wall time also counts the time its thread waited for a core; its CPU time is
 * what the page itself did, so the bench can tell the two apart.
 */

/** A Chromium trace event, as far as the bench reads it. */
export interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  readonly ts: number;
  /** Wall time of a complete event (µs). */
  readonly dur?: number;
  /** Thread (CPU) time of a complete event (µs). */
  readonly tdur?: number;
  readonly args?: { readonly name?: string };
}

/** Trace categories the bench records: tasks, the page's marks, and thread names. */
export const MAIN_THREAD_TRACE_CATEGORIES = ['toplevel', 'blink.user_timing', '__metadata'] as const;

const TASK = 'ThreadControllerImpl::RunTask';

export interface LongestTask {
  /** Wall time, ms. */
  readonly wallMs: number;
  /** CPU time of the main thread in it, ms. */
  readonly cpuMs: number;
}

/**
 * The task of the marked page's main thread that used the most CPU after its mark `mark`
 * (the first one), or undefined when the trace has no such mark. Tasks with no thread time
 * (some platforms) count their wall time.
 */
export function longestTaskAfterMark(events: readonly TraceEvent[], mark: string): LongestTask | undefined {
  const marked = events.find((e) => e.name === mark);
  if (!marked) return undefined;
  const mainThreads = new Set(
    events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}/${e.tid}`),
  );
  if (!mainThreads.has(`${marked.pid}/${marked.tid}`)) return undefined;
  let longest: LongestTask = { wallMs: 0, cpuMs: 0 };
  for (const e of events) {
    if (e.name !== TASK || e.ph !== 'X' || e.pid !== marked.pid || e.tid !== marked.tid || e.ts < marked.ts) continue;
    const cpuMs = (e.tdur ?? e.dur ?? 0) / 1000;
    if (cpuMs > longest.cpuMs) longest = { wallMs: (e.dur ?? 0) / 1000, cpuMs };
  }
  return longest;
}

/** The events of a trace file as `browser.stopTracing()` returns it (an object with `traceEvents`, or the bare array). */
export function traceEvents(buffer: Uint8Array): TraceEvent[] {
  const parsed = JSON.parse(new TextDecoder().decode(buffer)) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
}
