/** `npm run build:adr-index`: docs/adr/README.md from the ADRs (scripts/docs/adr-index.ts). */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../proxy/server.js';
import { adrIndexMarkdown, readAdrs } from './docs/adr-index.js';
import { isMainModule } from './main-module.js';

export const ADR_DIR = join(REPO_ROOT, 'docs', 'adr');

if (isMainModule(import.meta.url)) {
  const entries = await readAdrs(ADR_DIR);
  await writeFile(join(ADR_DIR, 'README.md'), adrIndexMarkdown(entries));
  console.log(`docs/adr/README.md: ${entries.length} decisions`);
}
