import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { externalDataDir } from './external-data.js';

describe('when locating the external evaluation data', () => {
  it('should honour EVAL_EXTERNAL_DIR', () => {
    expect(externalDataDir({ EVAL_EXTERNAL_DIR: tmpdir() })).toBe(tmpdir());
  });

  it('should say what to do when the folder is missing', () => {
    const missing = join(tmpdir(), 'no-such-eval-dir-4711');
    expect(() => externalDataDir({ EVAL_EXTERNAL_DIR: missing })).toThrow(/set EVAL_EXTERNAL_DIR/);
  });
});
