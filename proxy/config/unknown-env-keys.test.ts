import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT, readProxyEnv } from '../server.js';
import { envExampleKeys, unknownEnvKeys } from './unknown-env-keys.js';

let known: Set<string>;
let root: string;
beforeEach(async () => {
  known = envExampleKeys(await readFile(join(REPO_ROOT, '.env.example'), 'utf8'));
  root = await mkdtemp(join(tmpdir(), 'env-keys-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("when the site owner's .env is read", () => {
  it('should know every name .env.example lists, commented out or not', () => {
    for (const name of ['ALLOWED_ORIGINS', 'XAI_API_KEY', 'SITE_DOCS_DIR', 'GEMINI_EMBED_MODEL', 'EVAL_EXTERNAL_DIR']) expect(known.has(name), name).toBe(true);
  });

  it('should name the misspelt settings with the one most likely meant, and not the known ones', () => {
    expect(unknownEnvKeys(['ALLOWED_ORIGIN', 'XAI_APIKEY', 'THEME', 'PORT', 'XAI_API_KEY', 'NODE_ENV', 'TZ'], known)).toStrictEqual([
      { key: 'ALLOWED_ORIGIN', suggestion: 'ALLOWED_ORIGINS' },
      { key: 'XAI_APIKEY', suggestion: 'XAI_API_KEY' },
      { key: 'THEME' },
    ]);
  });

  it('should warn once when the proxy reads a .env with a misspelt name, and still read the rest', async () => {
    await copyFile(join(REPO_ROOT, '.env.example'), join(root, '.env.example'));
    await writeFile(join(root, '.env'), 'ALLOWED_ORIGIN=https://mosque.example\nPORT=8901\n');
    const warnings: string[] = [];
    const env = readProxyEnv(root, (w) => warnings.push(w));
    readProxyEnv(root, (w) => warnings.push(w));
    expect(env.PORT).toBe(process.env.PORT ?? '8901');
    expect(warnings).toStrictEqual([
      `quran-dai: ${join(root, '.env')} sets names that nothing reads, so they have no effect:\n  - ALLOWED_ORIGIN (did you mean ALLOWED_ORIGINS?)\n  .env.example lists every name.`,
    ]);
  });
});
