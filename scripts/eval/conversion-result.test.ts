import { describe, expect, it } from 'vitest';
import { parseTsvWithHeader, partitionRefs, toLine, type ConversionResult } from './conversion-result.js';

const parse = (ref: string) => {
  if (ref === 'bad') throw new Error('not a reference');
  return { surah: 1, from: 1, to: 1 };
};

describe('when reading a TSV with a header', () => {
  it('should key each row by the header names and fill missing cells with empty strings', () => {
    expect(parseTsvWithHeader('a\tb\n1\t2\n3\n\n')).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: '' },
    ]);
    expect(() => parseTsvWithHeader('\n')).toThrow(/empty/);
  });
});

describe('when validating references', () => {
  it('should split valid from invalid and keep the reason', () => {
    expect(partitionRefs(['1:1', 'bad'], parse)).toEqual({ valid: ['1:1'], invalid: ['bad (not a reference)'] });
  });

  it('should skip a row with an empty question or no valid reference', () => {
    const out: ConversionResult = { lines: [], skipped: [] };
    toLine('a', '  ', 'en', ['1:1'], parse, out);
    toLine('b', 'q', 'en', ['bad'], parse, out);
    toLine('c', ' q ', 'en', ['1:1', '1:1'], parse, out);
    expect(out.skipped).toEqual([
      { id: 'a', reason: 'empty question text' },
      { id: 'b', reason: 'no valid reference: bad (not a reference)' },
    ]);
    expect(out.lines).toEqual([{ id: 'c', query: 'q', lang: 'en', relevant: ['1:1'] }]);
  });
});
