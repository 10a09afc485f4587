/**
 * @module
 * "Is this file the command that was run?" for the scripts that are both a command and a module
 * (`tsx scripts/x.ts` runs it; a test imports it). Compared as paths, so a checkout under a
 * folder with spaces or non-ASCII letters (percent-encoded in the module's URL) still runs.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function isMainModule(moduleUrl: string, argv: readonly string[] = process.argv): boolean {
  const script = argv[1];
  return script !== undefined && resolve(script) === fileURLToPath(moduleUrl);
}
