import { describe, expect, it } from 'vitest';
import { longestTaskAfterMark, traceEvents, type TraceEvent } from './main-thread-tasks.js';

const thread = (pid: number, tid: number, name: string): TraceEvent => ({ name: 'thread_name', ph: 'M', pid, tid, ts: 0, args: { name } });
const task = (pid: number, tid: number, ts: number, dur: number, tdur: number): TraceEvent => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  pid,
  tid,
  ts,
  dur,
  tdur,
});
const mark: TraceEvent = { name: 'answer-start', ph: 'I', pid: 7, tid: 7, ts: 1000 };

describe('when the bench reads the page main thread from a trace', () => {
  const events = [
    thread(7, 7, 'CrRendererMain'),
    thread(7, 9, 'Compositor'),
    task(7, 7, 500, 90_000, 80_000), // before the mark: the search, not the answer
    mark,
    task(7, 7, 2000, 150_000, 12_000), // waited for a core: long wall, little CPU
    task(7, 7, 3000, 40_000, 30_000),
    task(7, 9, 4000, 200_000, 190_000), // another thread
    task(8, 8, 5000, 300_000, 290_000), // another process
  ];
  it('should take the task with the most CPU on the marked main thread after the mark, with its wall time', () => {
    expect(longestTaskAfterMark(events, 'answer-start')).toStrictEqual({ wallMs: 40, cpuMs: 30 });
  });
  it('should say nothing when the mark is missing', () => {
    expect(longestTaskAfterMark(events, 'other')).toBeUndefined();
  });
  it('should read a trace file with its events in traceEvents or as a bare list', () => {
    const bytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v));
    expect(traceEvents(bytes({ traceEvents: [mark] }))).toStrictEqual([mark]);
    expect(traceEvents(bytes([mark]))).toStrictEqual([mark]);
  });
});
