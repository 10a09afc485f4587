import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['{data,proxy,scripts,widget,demo}/**/*.test.ts'],
    exclude: ['node_modules/**', 'data/dist/**', 'dist/**'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // 2-core machines: browser and server tests must not fight over the CPU.
    maxWorkers: 2,
  },
});
