/**
 * docs/development.md stays the map of the project: every `package.json` script is named in it,
 * and every folder directly under data/, proxy/ and widget/ has its line (deeper folders are
 * described in their parent's). A new script or folder without its line fails here.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../proxy/server.js';

const DOC = readFileSync(join(REPO_ROOT, 'docs', 'development.md'), 'utf8');

/** How a script is named in the doc: `npm start`, `npm test`, a lifecycle hook by its name, else `npm run <name>`. */
function mentionOf(script: string): RegExp {
  const escaped = script.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (script === 'start' || script === 'test') return new RegExp(`npm ${escaped}(?![\\w:-])`);
  if (/^(pre|post)/.test(script)) return new RegExp(`\`${escaped}\``);
  return new RegExp(`npm run ${escaped}(?![\\w:-])`);
}

function trackedFolders(): string[] {
  const files = execFileSync('git', ['ls-files', 'data', 'proxy', 'widget'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim().split('\n');
  return [...new Set(files.map((f) => dirname(f)).filter((d) => d.split('/').length === 2))].sort();
}

describe('when docs/development.md is read beside the project', () => {
  it('should name every package.json script', () => {
    const scripts = Object.keys((JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts);
    expect(scripts.length).toBeGreaterThan(30);
    expect(scripts.filter((s) => !mentionOf(s).test(DOC))).toStrictEqual([]);
  });

  it('should give every folder under data/, proxy/ and widget/ its line', () => {
    const folders = trackedFolders();
    expect(folders.length).toBeGreaterThan(40);
    expect(folders.filter((f) => !DOC.includes(`\`${f}/\``))).toStrictEqual([]);
  });
});
