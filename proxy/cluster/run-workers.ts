/**
 * @module
 * `WORKERS=N`: N Node `cluster` workers serve one port, so every core answers visitors. The
 * primary only forks, restarts a worker that crashes and stops them all on SIGTERM/SIGINT;
 * each worker is a whole proxy (proxy/server.ts). Rate limits, budgets and the embed cache are
 * per worker unless REDIS_URL shares them, which the primary says once at start.
 */
import cluster, { type Worker } from 'node:cluster';

export interface RunWorkersOptions {
  /** Worker processes to keep running. Required. */
  readonly workers: number;
  /** True when REDIS_URL is set (limits shared by the workers). Required. */
  readonly sharedStore: boolean;
  /** Environment each worker gets (merged over this process's). Default none extra. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Module each worker runs. Default: this process's entry script. */
  readonly exec?: string;
  /** Log sink, one JSON line per call. Default stdout. */
  readonly log?: (line: string) => void;
  /** Wait before replacing a crashed worker, ms. Default 1,000. */
  readonly restartDelayMs?: number;
  /** Give up when this many workers in a row die within `restartDelayMs * 10` of starting (a port in use). Default 5. */
  readonly maxQuickExits?: number;
}

export const DEFAULT_RUN_WORKERS_OPTIONS = {
  log: (line: string) => void process.stdout.write(`${line}\n`),
  restartDelayMs: 1_000,
  maxQuickExits: 5,
} satisfies Partial<RunWorkersOptions>;

export interface RunningWorkers {
  /** Resolves when every worker has exited after SIGTERM. */
  stop(): Promise<void>;
  /** Resolves with an exit code when the workers cannot be kept running. */
  readonly failed: Promise<number>;
}

/** Call in the primary only (`cluster.isPrimary`). */
export function runWorkers(options: RunWorkersOptions): RunningWorkers {
  const opts = { ...DEFAULT_RUN_WORKERS_OPTIONS, ...options };
  if (!(Number.isInteger(opts.workers) && opts.workers >= 1)) throw new Error(`runWorkers: workers must be a whole number >= 1, got ${opts.workers}`);
  const note = (level: 'info' | 'warn' | 'error', event: string, fields: Record<string, unknown> = {}) =>
    opts.log(JSON.stringify({ time: new Date().toISOString(), level, event, ...fields }));
  if (opts.exec) cluster.setupPrimary({ exec: opts.exec });
  note('info', 'workers', { workers: opts.workers, primaryPid: process.pid, sharedStore: opts.sharedStore ? 'redis' : 'memory' });
  if (!opts.sharedStore && opts.workers > 1) {
    note('warn', 'limits-per-worker', {
      workers: opts.workers,
      hint: `without REDIS_URL each worker keeps its own rate limits, spend budget and embed cache: a visitor may get up to ${opts.workers} times RATE_LIMIT_CHAT_PER_HOUR and the budgets are ${opts.workers} times as large; set REDIS_URL to share them`,
    });
  }

  let stopping = false;
  let quickExits = 0;
  let fail!: (code: number) => void;
  const failed = new Promise<number>((r) => (fail = r));
  const fork = () => {
    const startedAt = Date.now();
    const worker: Worker = cluster.fork(opts.env ?? {});
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      const quick = Date.now() - startedAt < opts.restartDelayMs * 10;
      quickExits = quick ? quickExits + 1 : 0;
      note('error', 'worker-exited', { pid: worker.process.pid, code, signal, restartInMs: quickExits >= opts.maxQuickExits ? null : opts.restartDelayMs });
      if (quickExits >= opts.maxQuickExits) {
        note('error', 'workers-failing', {
          hint: `${quickExits} workers in a row exited right after starting; see the lines above (a port in use, a bad setting)`,
        });
        void stop().then(() => fail(1));
        return;
      }
      setTimeout(() => !stopping && fork(), opts.restartDelayMs).unref();
    });
  };
  for (let i = 0; i < opts.workers; i++) fork();

  const stop = async () => {
    stopping = true;
    const live = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    await Promise.all(
      live.map(
        (w) =>
          new Promise<void>((done) => {
            w.once('exit', () => done());
            w.process.kill('SIGTERM');
          }),
      ),
    );
  };
  return { stop, failed };
}
