import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../proxy/server.js';
import { LONG_RUNNING_SCRIPTS, nodeArgsOfScript } from './node-run-script.js';

describe('when a long-running command is started with npm', () => {
  const pkg = readFileSync(join(REPO_ROOT, 'package.json'), 'utf8');
  it.each(LONG_RUNNING_SCRIPTS)('should run node itself with tsx as a loader: %s', (name) => {
    expect(nodeArgsOfScript(pkg, name).slice(0, 2)).toStrictEqual(['--import', 'tsx']);
  });
  it('should refuse a script under the tsx command, saying why', () => {
    expect(() => nodeArgsOfScript(JSON.stringify({ scripts: { start: 'tsx scripts/start.ts' } }), 'start')).toThrow(/must run node itself.*not "tsx"/);
    expect(() => nodeArgsOfScript('{}', 'start')).toThrow(/no "start" script/);
  });
});
