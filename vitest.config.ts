import { defineConfig } from 'vitest/config';
import { SlowFirstSequencer } from './scripts/test-run/slow-first-sequencer.js';

export default defineConfig({
  test: {
    include: ['{data,proxy,scripts,widget,demo}/**/*.test.ts'],
    exclude: ['node_modules/**', 'data/dist/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // 2-core machines: browser and server tests must not fight over the CPU.
    maxWorkers: 2,
    // The browser tests first, so the longest of them never starts last (slow-first-sequencer.ts).
    sequence: { sequencer: SlowFirstSequencer },
  },
});
