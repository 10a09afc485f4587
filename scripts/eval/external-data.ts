/**
 * Where the third-party evaluation data lives: `../shared/eval/external/` beside the repo
 * (override with EVAL_EXTERNAL_DIR). Evaluation only: never shipped, never committed.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export function externalDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.EVAL_EXTERNAL_DIR ?? join(REPO_ROOT, '..', 'shared', 'eval', 'external');
  if (!existsSync(dir)) {
    throw new Error(`no evaluation data at ${dir}; put shared/ beside the repo or set EVAL_EXTERNAL_DIR`);
  }
  return dir;
}

export const TASK_A_DIR = 'quran-qa-2023-taskA';
