/**
 * One source for each part of the element's public API: the class JSDoc (attributes,
 * properties, events) and quran-dai.styling.json (parts, custom properties), which the
 * manifest config adds. The analyzer turns them into custom-elements.json (written by
 * `npm run build:manifest` with the same config), and the
 * README's tables of attributes, parts, custom properties and events must list exactly what
 * that manifest lists. Parts written in the templates must be documented too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cli } from '@custom-elements-manifest/analyzer/cli.js';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Named {
  readonly name: string;
}
interface ElementDeclaration {
  readonly tagName?: string;
  readonly attributes?: readonly Named[];
  readonly cssParts?: readonly Named[];
  readonly cssProperties?: readonly Named[];
  readonly events?: readonly (Named & { readonly type?: { readonly text: string } })[];
}
interface Manifest {
  readonly modules: readonly { readonly declarations?: readonly ElementDeclaration[] }[];
}

let element: ElementDeclaration;
beforeAll(async () => {
  const manifest = (await cli({ argv: ['analyze', '--quiet'], cwd: ROOT, noWrite: true })) as Manifest;
  const found = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.tagName === 'quran-dai');
  expect(found, 'custom-elements.json should describe <quran-dai> once').toHaveLength(1);
  element = found[0]!;
}, 30_000);

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The backticked names in the first column of the README table whose header starts with `| header |`. */
function readmeColumn(header: string): string[] {
  const lines = README.split('\n');
  const start = lines.findIndex((l) => l.startsWith(`| ${header} |`));
  if (start < 0) throw new Error(`README has no table headed "| ${header} |"`);
  const rows: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const name = /^\| `([^`]+)` \|/.exec(line)?.[1];
    if (!name) throw new Error(`README table "${header}": row without a backticked name: ${line}`);
    rows.push(name);
  }
  return rows;
}

function names(list: readonly Named[] | undefined): string[] {
  return (list ?? []).map((x) => x.name);
}

/** Same members, in any order, and no name twice. */
function expectSameNames(readme: string[], manifest: string[]): void {
  expect(new Set(readme).size, 'a README row is listed twice').toBe(readme.length);
  expect([...readme].sort()).toStrictEqual([...manifest].sort());
}

describe('when the README documents the element', () => {
  it('should list exactly the attributes in custom-elements.json', () => {
    expectSameNames(readmeColumn('Attribute'), names(element.attributes));
  });

  it('should list exactly the parts in custom-elements.json', () => {
    expectSameNames(readmeColumn('Part'), names(element.cssParts));
  });

  it('should list exactly the custom properties in custom-elements.json', () => {
    expectSameNames(readmeColumn('Custom property'), names(element.cssProperties));
  });

  it('should list exactly the events in custom-elements.json, each with its detail type', () => {
    const manifestEvents = (element.events ?? []).map((e) => `${e.name}: ${e.type?.text ?? '(no detail type)'}`);
    const readmeEvents = readmeColumn('Event').map((name) => {
      const row = README.split('\n').find((l) => l.startsWith(`| \`${name}\` |`))!;
      return `${name}: ${/^\| `[^`]+` \| `([^`]+)`/.exec(row)?.[1] ?? '(no detail type)'}`;
    });
    expectSameNames(readmeEvents, manifestEvents);
  });
});

/** Every `part` attribute in the widget's templates: its static names, and the prefixes of names built from a value (`notice-${code}`). */
function partsInTemplates(): { names: Set<string>; families: Set<string> } {
  const found = { names: new Set<string>(), families: new Set<string>() };
  const files = readdirSync(join(ROOT, 'widget'), { recursive: true, encoding: 'utf8' }).filter(
    (f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.d.ts') && !f.includes('e2e') && !f.includes('testing'),
  );
  for (const file of files) {
    const source = readFileSync(join(ROOT, 'widget', file), 'utf8');
    for (const match of source.matchAll(/\spart=(?:"([^"]*)"|\$\{((?:[^{}]|\{[^{}]*\})*)\})/g)) {
      const value = match[1] ?? [...match[2]!.matchAll(/'([^']*)'|`([^`]*)`/g)].map((m) => m[1] ?? m[2]).join(' ');
      for (const token of value.split(/\s+/).filter(Boolean)) {
        const family = /^([a-z-]+-)\$\{/.exec(token)?.[1];
        if (family) found.families.add(family);
        else if (/^[a-z][a-z-]*$/.test(token)) found.names.add(token);
        else throw new Error(`${file}: cannot read the part name "${token}"`);
      }
    }
  }
  return found;
}

describe('when the templates render parts', () => {
  it('should document every part they write, and write every part documented', () => {
    const documented = names(element.cssParts);
    const { names: written, families } = partsInTemplates();
    expect(
      [...written].filter((p) => !documented.includes(p)),
      'parts rendered but not documented',
    ).toStrictEqual([]);
    const renderable = (p: string): boolean => written.has(p) || [...families].some((f) => p.startsWith(f));
    expect(
      documented.filter((p) => !renderable(p)),
      'parts documented but never rendered',
    ).toStrictEqual([]);
  });
});
