import { describe, expect, it } from 'vitest';
import { logSafeJson } from './log-safe-json.js';

describe('when a log value holds line separators or direction overrides', () => {
  it('should escape them so the line stays one line and reads back to the same value', () => {
    const value = { comment: 'a\u2028b\u2029c\u202Eevil\u2066d', question: 'line\nbreak' };
    const line = logSafeJson(value);
    expect(line).toBe('{"comment":"a\\u2028b\\u2029c\\u202eevil\\u2066d","question":"line\\nbreak"}');
    expect(/[\u2028\u2029\u202e\u2066\n]/.test(line)).toBe(false);
    expect(JSON.parse(line)).toStrictEqual(value);
  });
});
