/**
 * @module
 * The `wrangler dev` command line for the local Worker: the settings `npm start` would read,
 * passed in an env file (only the proxy's own names: the rest of the environment, PATH and the
 * like, stays out of the Worker; keys never appear on the command line), on 127.0.0.1 and the
 * port asked for.
 */
import type { ProxyEnv } from '../../proxy/config/proxy-config.js';

export interface WorkerDevArgsOptions {
  readonly env: ProxyEnv;
  /** The proxy's setting names. */
  readonly known: ReadonlySet<string>;
  readonly port: number;
  /** Where workerd keeps its local state (a fresh folder: no state from an earlier run). */
  readonly persistTo: string;
  /** Where the env file will be written. */
  readonly envFile: string;
}

export interface WorkerDevCommand {
  readonly args: string[];
  /** The env file's text: one `NAME='value'` per setting. */
  readonly envFileText: string;
}

export function workerDevCommand(o: WorkerDevArgsOptions): WorkerDevCommand {
  const settings = Object.entries(o.env)
    .filter((e): e is [string, string] => o.known.has(e[0]) && typeof e[1] === 'string' && e[1] !== '')
    .sort(([a], [b]) => a.localeCompare(b));
  // Single quotes keep a value literal; the rare value with a quote or a line break goes as --var.
  const literal = ([, value]: [string, string]) => !/['\r\n]/.test(value);
  const envFileText = settings.filter(literal).map(([name, value]) => `${name}='${value}'\n`).join('');
  const vars = settings.filter((s) => !literal(s)).flatMap(([name, value]) => ['--var', `${name}:${value}`]);
  return {
    args: ['dev', '--ip', '127.0.0.1', '--port', String(o.port), '--persist-to', o.persistTo, '--env-file', o.envFile, '--log-level', 'warn', '--show-interactive-dev-session=false', ...vars],
    envFileText,
  };
}
