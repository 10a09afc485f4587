import { describe, expect, it } from 'vitest';
import { meetsTarget, renderWorkerMatrix, upsertRow, type WorkerMatrixRow } from './worker-matrix.js';

const p = (p50: number, p95: number) => ({ p50, p95, max: p95 });
const row = (over: Partial<WorkerMatrixRow>): WorkerMatrixRow => ({
  date: '2026-11-23',
  workers: 1,
  sharedStore: 'memory',
  chats: 200,
  errors: 0,
  complete: 200,
  wallMs: 1000,
  ttft: p(500, 900),
  directWallMs: 400,
  directTtft: p(80, 300),
  loadAverage: 1.5,
  ...over,
});

describe('when a configuration is run again', () => {
  it('should replace its own row only and keep the rows sorted by streams, then workers', () => {
    const rows = [row({ chats: 1000 }), row({ workers: 2, sharedStore: 'redis' }), row({ wallMs: 1 })];
    const updated = upsertRow(rows, row({ wallMs: 2 }));
    expect(updated.map((r) => [r.chats, r.workers, r.wallMs])).toStrictEqual([
      [200, 1, 2],
      [200, 2, 1000],
      [1000, 1, 1000],
    ]);
  });
});

describe('when judging the targets', () => {
  it('should want every stream complete, and at 200 streams p95 within 3x the direct p95', () => {
    expect(meetsTarget(row({}))).toBe(true);
    expect(meetsTarget(row({ ttft: p(500, 901) }))).toBe(false);
    expect(meetsTarget(row({ errors: 1, complete: 199 }))).toBe(false);
    expect(meetsTarget(row({ chats: 1000, complete: 1000, ttft: p(5000, 9000) }))).toBe(true);
  });
});

describe('when rendering the table', () => {
  it('should show each run next to its direct baseline', () => {
    const md = renderWorkerMatrix([row({ workers: 2, sharedStore: 'redis' })], '2 × CPU');
    expect(md).toContain('| 2 (redis) | 200 | 0 / 200 | 500 ms / 900 ms | 1000 ms, 200/s | 80 ms / 300 ms, 400 ms | pass | 2026-11-23, 1.5 |');
  });
  it('should say what the first failed stream said', () => {
    const md = renderWorkerMatrix([row({ chats: 1000, errors: 1, complete: 999, firstError: '{"type":"error"}' })], '2 × CPU');
    expect(md).toContain('- 1 (memory), 1000 streams, first error: `{"type":"error"}`');
  });
});
