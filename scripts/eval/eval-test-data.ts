/**
 * Test helper: the evaluation data the tests of scripts/eval/ read. The synthetic files
 * committed beside the tests (`__fixtures__/external/`, same layout as the real folder) are
 * always there; the real third-party data only beside CI's checkout (external-data.ts). Tests
 * that check numbers of the real files run only when it is there, and a file that skips
 * them says so once, on the console, naming the folder it looked for.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { locateExternalData } from './external-data.js';

/** Synthetic files at the paths of the real evaluation data. */
export const SYNTHETIC_EXTERNAL_DIR = join(dirname(fileURLToPath(import.meta.url)), '__fixtures__', 'external');

/** The real evaluation data folder, or undefined after one console line saying why `testFile` skips its tests on it. */
export function realExternalData(testFile: string): string | undefined {
  const found = locateExternalData();
  if (found.dir === undefined) console.info(`${testFile}: tests on the real evaluation data skipped (${found.reason})`);
  return found.dir;
}
