/**
 * The element's root stays a table of contents of the widget (widget/README.md): the public
 * API, the controllers it creates and the views it composes. A feature that would grow it past
 * this belongs in a view and a controller of its own.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT_FILE = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'widget', 'quran-dai.component.ts');
const MAX_LINES = 450;
/** The formatter's print width (biome.json): longer lines would let the budget be dodged. */
const MAX_LINE_CHARS = 160;

describe('when the element root is read', () => {
  it(`should be at most ${MAX_LINES} lines`, () => {
    const lines = readFileSync(ROOT_FILE, 'utf8').split('\n').length - 1;
    expect(lines, 'move the new feature into a view (and a controller) under widget/; see widget/README.md').toBeLessThanOrEqual(MAX_LINES);
  });

  it(`should have no line over the print width (${MAX_LINE_CHARS} characters)`, () => {
    const long = readFileSync(ROOT_FILE, 'utf8')
      .split('\n')
      .flatMap((line, i) => (line.length > MAX_LINE_CHARS ? [`line ${i + 1}: ${line.length} characters`] : []));
    expect(long, 'split the line (npm run format wraps code; comments and strings are wrapped by hand)').toStrictEqual([]);
  });
});
