/**
 * The container image: its Dockerfile and compose.yaml hold what a VPS needs (multi-stage,
 * production dependencies only, an unprivileged user, a health check, Redis beside it); the
 * bundled entry the image runs starts and answers; and, where this machine has a container
 * engine and a Node 20 base image, the image is built and run for real.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '../../proxy/testing/redis-server.js';
import { REPO_ROOT } from '../widget-build/build-widget-bundle.js';
import { checkContainerEngine } from './container-engine.js';

const DOCKERFILE = readFileSync(join(REPO_ROOT, 'Dockerfile'), 'utf8');
const COMPOSE = readFileSync(join(REPO_ROOT, 'compose.yaml'), 'utf8');
/** The command the image's build stage bundles the proxy with. */
const BUNDLE = /npx esbuild (proxy\/server\.ts [^\n\\]*) --outfile=proxy\/server\.mjs/.exec(DOCKERFILE);

async function waitForHealth(url: string, timeoutMs: number): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${url}/health`).catch(() => undefined);
    if (res?.ok) return res;
    if (Date.now() > deadline) throw new Error(`${url}/health did not answer within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

describe('when the image is described', () => {
  const stages = DOCKERFILE.split(/^FROM /m).slice(1);

  it('should build in one stage and run in another, with production dependencies only', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const run = stages.at(-1)!;
    expect(run).toMatch(/npm ci --omit=dev/);
    expect(run).not.toMatch(/^COPY \. /m);
  });

  it('should run as the unprivileged node user, with a health check on /health', () => {
    const run = stages.at(-1)!;
    expect(run).toMatch(/^USER node$/m);
    expect(run).toMatch(/^HEALTHCHECK .*\n?.*\/health/m);
    expect(DOCKERFILE).not.toMatch(/^ENV .*(KEY|TOKEN|SECRET)/m);
  });

  it('should run Redis beside the proxy in compose.yaml, the proxy pointed at it', () => {
    expect(COMPOSE).toMatch(/^  redis:\n/m);
    expect(COMPOSE).toMatch(/REDIS_URL: redis:\/\/redis:6379/);
    // Loopback only: with TRUST_PROXY=true, a client reaching the port directly would choose its X-Forwarded-For.
    expect(COMPOSE).toMatch(/"127\.0\.0\.1:8787:8787"/);
    expect(COMPOSE).not.toMatch(/^\s*- "8787:8787"/m);
  });
});

describe("when the image's entry runs (the bundled proxy, without an engine)", () => {
  it('should start from proxy/server.mjs beside the data and answer /health and the demo page', async () => {
    expect(BUNDLE, 'the Dockerfile should bundle proxy/server.ts with esbuild').not.toBeNull();
    const dir = mkdtempSync(join(tmpdir(), 'quran-dai-image-'));
    try {
      mkdirSync(join(dir, 'proxy'));
      for (const name of ['node_modules', 'data', 'dist', 'demo', 'package.json', '.env.example']) symlinkSync(join(REPO_ROOT, name), join(dir, name));
      const built = spawnSync(
        join(REPO_ROOT, 'node_modules', '.bin', 'esbuild'),
        [...BUNDLE![1]!.split(/\s+/), `--outfile=${join(dir, 'proxy', 'server.mjs')}`, '--log-level=warning'],
        { cwd: REPO_ROOT, encoding: 'utf8' },
      );
      expect(built.status, built.stderr).toBe(0);
      const port = await freeLoopbackPort();
      const child = spawn(process.execPath, ['proxy/server.mjs'], {
        cwd: dir,
        env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', INDEX_ID: 'none' },
        stdio: 'ignore',
      });
      try {
        const health = (await (await waitForHealth(`http://127.0.0.1:${port}`, 30_000)).json()) as { corpus: { verses: number } };
        expect(health.corpus.verses).toBe(6236);
        const page = await fetch(`http://127.0.0.1:${port}/`);
        expect(await page.text()).toContain('<quran-dai');
      } finally {
        child.kill('SIGTERM');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

const check = checkContainerEngine();
if (check.missing) console.log(`skipping the container build: ${check.missing}`);

describe.skipIf(check.missing !== undefined)('when the image is built and run by a container engine', () => {
  it(
    'should serve the demo and /health as a non-root user, and report healthy',
    async () => {
      const engine = check.engine!;
      const cmd = (...args: string[]) => [...check.globalArgs, ...args];
      // podman keeps HEALTHCHECK only in the docker image format.
      const format = engine === 'podman' ? ['--format', 'docker'] : [];
      const tag = 'localhost/quran-dai-test:latest';
      const name = `quran-dai-test-${process.pid}`;
      const build = spawnSync(engine, cmd('build', ...format, ...check.runArgs, '--build-arg', `NODE_IMAGE=${check.baseImage}`, '-t', tag, '.'), {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        timeout: 20 * 60_000,
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(build.status, build.stderr.slice(-3000)).toBe(0);
      const port = await freeLoopbackPort();
      const run = spawnSync(engine, cmd('run', '-d', '--name', name, ...check.runArgs, '-p', `127.0.0.1:${port}:8787`, tag), { encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      try {
        const url = `http://127.0.0.1:${port}`;
        await waitForHealth(url, 60_000);
        expect(await (await fetch(`${url}/`)).text()).toContain('<quran-dai');
        expect(spawnSync(engine, cmd('exec', name, 'id', '-u'), { encoding: 'utf8' }).stdout.trim()).not.toBe('0');
        if (engine === 'podman') expect(spawnSync(engine, cmd('healthcheck', 'run', name)).status).toBe(0);
      } finally {
        spawnSync(engine, cmd('rm', '-f', name), { stdio: 'ignore' });
      }
    },
    25 * 60_000,
  );
});
