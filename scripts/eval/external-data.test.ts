import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { externalDataDir, locateExternalData, REPO_ROOT } from './external-data.js';

describe('when locating the external evaluation data', () => {
  it('should honour EVAL_EXTERNAL_DIR', () => {
    expect(externalDataDir({ EVAL_EXTERNAL_DIR: tmpdir() })).toBe(tmpdir());
  });

  it('should say what to do when the folder is missing', () => {
    const missing = join(tmpdir(), 'no-such-eval-dir-4711');
    expect(() => externalDataDir({ EVAL_EXTERNAL_DIR: missing })).toThrow(/set EVAL_EXTERNAL_DIR/);
    expect(locateExternalData({ EVAL_EXTERNAL_DIR: missing })).toStrictEqual({
      dir: undefined,
      reason: `no evaluation data at ${missing}; put shared/ beside the repo or set EVAL_EXTERNAL_DIR`,
    });
  });

  it('should treat EVAL_EXTERNAL_DIR=none as no data, even where the folder exists', () => {
    expect(locateExternalData({ EVAL_EXTERNAL_DIR: 'none' })).toStrictEqual({
      dir: undefined,
      reason: `EVAL_EXTERNAL_DIR=none: the evaluation data at ${join(REPO_ROOT, '..', 'shared', 'eval', 'external')} is not used`,
    });
    expect(() => externalDataDir({ EVAL_EXTERNAL_DIR: 'none' })).toThrow(/EVAL_EXTERNAL_DIR=none/);
  });
});
