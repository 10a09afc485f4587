/**
 * No module imports itself through others: a circle makes load order decide what a module
 * sees at start, and it hides which layer depends on which. madge reads the imports the way
 * TypeScript resolves them (type-only imports included: they are still a dependency to read).
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import madge from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('when reading the imports of the widget, the proxy, the data code and the scripts', () => {
  it('should find no import circle', async () => {
    const graph = await madge(
      ['widget', 'proxy', 'data', 'scripts'].map((d) => join(ROOT, d)),
      {
        baseDir: ROOT,
        fileExtensions: ['ts'],
        tsConfig: join(ROOT, 'tsconfig.json'),
        excludeRegExp: [/node_modules/, /\/dist\//],
      },
    );
    expect(Object.keys(graph.obj()).length, 'madge should have read the project').toBeGreaterThan(400);
    expect(graph.circular()).toStrictEqual([]);
  }, 60_000);
});
