/**
 * Where the third-party evaluation data lives: `../shared/eval/external/` beside the repo
 * (override with EVAL_EXTERNAL_DIR). Evaluation only: never shipped, never committed. A fresh
 * clone does not have it; `EVAL_EXTERNAL_DIR=none` makes a checkout that has it behave like
 * one that does not (CI runs the evaluation tests that way too, see .ci/run).
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The value of EVAL_EXTERNAL_DIR that hides the evaluation data. */
export const NO_EXTERNAL_DATA = 'none';

export type ExternalDataLocation = { readonly dir: string } | { readonly dir: undefined; readonly reason: string };

/** The evaluation data folder, or why there is none; never throws. */
export function locateExternalData(env: NodeJS.ProcessEnv = process.env): ExternalDataLocation {
  const beside = join(REPO_ROOT, '..', 'shared', 'eval', 'external');
  if (env.EVAL_EXTERNAL_DIR === NO_EXTERNAL_DATA)
    return { dir: undefined, reason: `EVAL_EXTERNAL_DIR=${NO_EXTERNAL_DATA}: the evaluation data at ${beside} is not used` };
  const dir = env.EVAL_EXTERNAL_DIR || beside;
  if (!existsSync(dir)) return { dir: undefined, reason: `no evaluation data at ${dir}; put shared/ beside the repo or set EVAL_EXTERNAL_DIR` };
  return { dir };
}

/** The evaluation data folder; throws, saying what to do, when there is none. */
export function externalDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const found = locateExternalData(env);
  if (found.dir === undefined) throw new Error(found.reason);
  return found.dir;
}

export const TASK_A_DIR = 'quran-qa-2023-taskA';
