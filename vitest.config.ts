import { defineConfig } from 'vitest/config';

const TESTS = '{data,proxy,scripts,widget,demo}/**/*.test.ts';
const NOT_TESTS = ['node_modules/**', 'data/dist/**', 'dist/**'];
/**
 * Test files that run in a fresh process of their own. Every other file shares its worker's
 * module cache with the files before it: on two cores, starting a process and importing the
 * same modules again for each of 300 files took a sixth of the suite (610 -> 504 s). This one has
 * failed once when it shared (its demo page came without the page policy) and passed alone.
 */
const ISOLATED = ['proxy/worker/worker-app.test.ts'];

export default defineConfig({
  test: {
    exclude: NOT_TESTS,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // 2-core machines: browser and server tests must not fight over the CPU.
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'shared', include: [TESTS], exclude: [...NOT_TESTS, ...ISOLATED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
