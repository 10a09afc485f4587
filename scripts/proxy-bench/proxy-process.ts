/**
 * @module
 * The proxy as a separate Node process for benchmarks (`bench:proxy`, `bench:soak`), run as
 * self-hosters run it (`node --import tsx proxy/server.ts`), with a Gemini index manifest
 * pointing at the fake Gemini server, and its memory read from Linux `/proc`.
 */
import { writeIndexManifestFixture } from '../../proxy/testing/index-manifest-fixture.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface ProxyProcess {
  readonly child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  /** Sends SIGTERM and waits for the exit. */
  stop(): Promise<void>;
}

/** Writes a 768-dimension Gemini index manifest (no vectors: the proxy only embeds queries for it) and returns the index directory. */
export async function writeBenchIndex(tmpDir: string, corpusVersion: string): Promise<string> {
  const dir = join(tmpDir, 'index');
  await writeIndexManifestFixture(dir, corpusVersion, { id: 'gemini-embedding-001-768', version: 'bench', dims: 768 });
  return dir;
}

/**
 * Starts the proxy on a random port of 127.0.0.1 and resolves once `/health` answers and
 * `workers` processes have logged that they listen (env WORKERS runs several).
 */
export async function startProxyProcess(rootDir: string, env: Record<string, string>, nodeArgs: readonly string[] = [], workers = 1): Promise<ProxyProcess> {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', 'proxy/server.ts'], {
    cwd: rootDir,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
  });
  const listening = countListening(child, workers);
  listening.catch(() => undefined); // awaited below, after /health
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  try {
    await waitForHealth(url, child);
    await listening;
  } catch (error) {
    await stop();
    throw error;
  }
  return { child, url, stop };
}

/** Resolves when `count` `listening` log lines have passed, then drops the request log unread. */
function countListening(child: ChildProcess, count: number): Promise<void> {
  return new Promise((resolveCount, reject) => {
    let seen = 0;
    let tail = '';
    const onData = (chunk: Buffer) => {
      const lines = (tail + chunk.toString('utf8')).split('\n');
      tail = lines.pop()!;
      seen += lines.filter((l) => l.includes('"event":"listening"')).length;
      if (seen >= count) {
        child.stdout!.off('data', onData);
        child.stdout!.resume();
        resolveCount();
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`proxy exited with code ${code} before ${count} workers listened`)));
  });
}

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`proxy exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('proxy did not become healthy within 30 s');
}

/** Resident memory now (VmRSS) and at its peak (VmHWM), MB; NaN where /proc is unavailable. */
export async function processMemoryMb(pid: number): Promise<{ rssMb: number; peakRssMb: number }> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const mb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]) / 1024;
    return { rssMb: mb('VmRSS'), peakRssMb: mb('VmHWM') };
  } catch {
    return { rssMb: NaN, peakRssMb: NaN };
  }
}
