/**
 * The order the suite's files run in: those that start a browser or another program (the browser
 * tests, the Worker on workerd, WordPress, the model export) first. They take 8 to 60 s each, and
 * on a fresh clone vitest knows no durations yet and runs larger files first, so the longest
 * browser test could start last and leave the other worker idle while it ran.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Whether a test file starts a browser or another program (by its path). */
export function startsProgram(path: string): boolean {
  return /[\\/]e2e[\\/]|\.e2e\.test\.ts$|[\\/]wordpress-plugin\.|[\\/]export-e5-onnx\./.test(path);
}

/** `items` with those that start a program first, each group in the order it had. */
export function slowFirst<T>(items: readonly T[], pathOf: (item: T) => string): T[] {
  return [...items.filter((i) => startsProgram(pathOf(i))), ...items.filter((i) => !startsProgram(pathOf(i)))];
}

export class SlowFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return slowFirst(await super.sort(files), (f) => f.moduleId);
  }
}
