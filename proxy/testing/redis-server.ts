/**
 * @module
 * A real `redis-server` for the shared-store tests: started on a free loopback port with no
 * persistence, stopped after. Missing binary: the tests fail and say how to install it.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, createConnection, type AddressInfo } from 'node:net';

export const REDIS_SERVER_PATH = process.env.REDIS_SERVER_PATH ?? 'redis-server';

export interface TestRedisServer {
  /** `redis://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  /** Stops Redis (SIGKILL: a crash, every key lost) and starts it again on the same port. */
  restart(options?: { downMs?: number }): Promise<void>;
  /** Stops Redis without starting it again. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function startRedisServer(): Promise<TestRedisServer> {
  const probe = spawnSync(REDIS_SERVER_PATH, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      `redis-server not found (${REDIS_SERVER_PATH}): the shared-store tests need a real Redis. Install it with: bash scripts/install-system-deps.sh (Debian package redis-server), or set REDIS_SERVER_PATH.`,
    );
  }
  const port = await freeLoopbackPort();
  let child: ChildProcess | null = await launch(port);
  const kill = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    c.kill('SIGKILL');
    await new Promise((r) => c.once('exit', r));
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    async restart({ downMs = 0 } = {}) {
      await kill();
      if (downMs > 0) await new Promise((r) => setTimeout(r, downMs));
      child = await launch(port);
    },
    stop: kill,
  };
}

async function launch(port: number): Promise<ChildProcess> {
  const child = spawn(
    REDIS_SERVER_PATH,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes', '--loglevel', 'warning'],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode} on port ${port}`);
    if (await answersPing(port)) return child;
    await new Promise((r) => setTimeout(r, 20));
  }
  child.kill('SIGKILL');
  throw new Error(`redis-server did not answer PING on port ${port} within 10 s`);
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => {
      socket.destroy();
      resolve(d.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

/** A port nothing listens on now (the OS picks it). */
export async function freeLoopbackPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise((r) => server.close(r));
  return port;
}
