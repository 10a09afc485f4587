import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { slowFirst, startsProgram } from './slow-first-sequencer.js';

describe('the order of the suite', () => {
  it('should put the files that start a browser or another program first, each group in its order', () => {
    const files = ['/r/data/a.test.ts', '/r/widget/e2e/b.test.ts', '/r/proxy/c.test.ts', '/r/proxy/worker/worker-dev.e2e.test.ts', '/r/widget/wordpress/wordpress-plugin.e2e.test.ts', '/r/scripts/e5-onnx/export-e5-onnx.test.ts'];
    expect(slowFirst(files, (f) => f)).toStrictEqual([
      '/r/widget/e2e/b.test.ts',
      '/r/proxy/worker/worker-dev.e2e.test.ts',
      '/r/widget/wordpress/wordpress-plugin.e2e.test.ts',
      '/r/scripts/e5-onnx/export-e5-onnx.test.ts',
      '/r/data/a.test.ts',
      '/r/proxy/c.test.ts',
    ]);
  });

  it('should count every browser test of the widget as one that starts a program', () => {
    const dir = join(import.meta.dirname, '..', '..', 'widget', 'e2e');
    const browserTests = readdirSync(dir).filter((f) => f.endsWith('.test.ts'));
    expect(browserTests.length).toBeGreaterThan(10);
    expect(browserTests.filter((f) => !startsProgram(join(dir, f)))).toStrictEqual([]);
    expect(startsProgram(join(import.meta.dirname, 'slow-first-sequencer.test.ts'))).toBe(false);
  });
});
