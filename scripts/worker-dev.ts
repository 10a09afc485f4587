/**
 * `npm run worker:dev -- --port N`: the proxy on workerd, Cloudflare's runtime, on this machine
 * (offline). It reads the same settings as `npm start` (the environment over `.env`) and hands
 * them to the Worker as variables, writes the Worker's assets first, and serves the demo page
 * at http://127.0.0.1:N/. Meaning search as with `npm start`: the embeddings server in
 * EMBEDDINGS_BASE_URL, or the bundled model started beside it (the Worker reaches it on loopback).
 * Run by node itself (`node --import tsx`), so it can remove its settings folder, which holds the
 * keys, however it is stopped (scripts/start/node-run-script.ts says why).
 */
import { parseArgs } from 'node:util';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_PROXY_ENV } from '../proxy/config/proxy-config.js';
import { envExampleKeys } from '../proxy/config/unknown-env-keys.js';
import { readProxyEnv, REPO_ROOT } from '../proxy/server.js';
import { writeWorkerAssets } from './build-worker-assets.js';
import { workerDevCommand } from './worker-build/worker-dev-args.js';
import { semanticSearch } from './start/semantic-search.js';

async function main(): Promise<void> {
  const given = parseArgs({ options: { port: { type: 'string', default: '8787' } } }).values.port;
  const port = Number(given);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`--port ${given} is not a port; e.g. npm run worker:dev -- --port 8788`);
  const semantic = await semanticSearch(readProxyEnv());
  const env = semantic.env;
  const report = await writeWorkerAssets(env);
  const known = new Set([...Object.keys(DEFAULT_PROXY_ENV), ...envExampleKeys(readFileSync(join(REPO_ROOT, '.env.example'), 'utf8'))]);
  const state = mkdtempSync(join(tmpdir(), 'quran-dai-worker-'));
  // The settings file holds the keys: it goes with the Worker, however it ends.
  const removeState = () => rmSync(state, { recursive: true, force: true });
  process.once('exit', removeState);
  const envFile = join(state, 'settings.env');
  const command = workerDevCommand({ env, known, port, persistTo: join(state, 'state'), envFile });
  writeFileSync(envFile, command.envFileText, { mode: 0o600 });
  const search = report.index ? `meaning and keyword search, index ${report.index}` : (semantic.note ?? 'keyword search only');
  console.log(`quran-dai: Worker on workerd at http://127.0.0.1:${port}/ (${search}); Ctrl+C stops it`);
  const child = spawn(process.execPath, [join(REPO_ROOT, 'node_modules', 'wrangler', 'bin', 'wrangler.js'), ...command.args], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    // Offline: no usage reports, no update check.
    env: { ...process.env, WRANGLER_SEND_METRICS: 'false', WRANGLER_HIDE_BANNER: 'true', CLOUDFLARE_CF_FETCH_ENABLED: 'false', CI: 'true' },
  });
  const stop = () => child.kill('SIGTERM');
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  child.once('exit', (code) => void (semantic.e5?.stop() ?? Promise.resolve()).finally(() => process.exit(code ?? 0)));
}

main().catch((error: unknown) => {
  console.error(`quran-dai: the Worker did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
