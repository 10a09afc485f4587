import { describe, expect, it } from 'vitest';
import { formatTrecRun, parseTrecQrels, parseTrecRun } from './trec-files.js';

describe('when parsing a run', () => {
  it('should order by score descending and ignore the rank column', () => {
    const run = parseTrecRun('7\tQ0\t1:1-4\t1\t2.0\tt\n7\tQ0\t2:1-2\t2\t5.5\tt\n8 Q0 -1 1 1 t\n');
    expect(run.get('7')).toEqual(['2:1-2', '1:1-4']);
    expect(run.get('8')).toEqual(['-1']);
  });

  it('should break score ties by descending passage id, as trec_eval does', () => {
    const run = parseTrecRun('7\tQ0\t2:1-2\t1\t3\tt\n7\tQ0\t3:1-2\t2\t3\tt\n7\tQ0\t10:1-2\t3\t3\tt\n');
    expect(run.get('7')).toEqual(['3:1-2', '2:1-2', '10:1-2']);
  });

  it('should reject a passage listed twice for one question', () => {
    expect(() => parseTrecRun('7\tQ0\t2:1-2\t1\t3\tt\n7\tQ0\t2:1-2\t2\t2\tt\n')).toThrow(/twice/);
  });

  it('should reject a line with the wrong number of columns', () => {
    expect(() => parseTrecRun('7\tQ0\t2:1-2\t1\n')).toThrow(/line 1 has 4 columns, expected 6/);
  });

  it('should round-trip through formatTrecRun in the same order', () => {
    const run = new Map([
      ['7', ['3:1-2', '1:1-4']],
      ['9', ['-1']],
    ]);
    expect(parseTrecRun(formatTrecRun(run, 'x'))).toEqual(run);
  });
});

describe('when parsing qrels', () => {
  it('should group judgements by question in file order', () => {
    const qrels = parseTrecQrels('5\t0\t1:1-4\t1\n5\t0\t2:3-5\t1\n6\t0\t-1\t1\n');
    expect([...qrels.keys()]).toEqual(['5', '6']);
    expect([...qrels.get('5')!.keys()]).toEqual(['1:1-4', '2:3-5']);
    expect(qrels.get('6')!.get('-1')).toBe(1);
  });
});
