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
  return {
    args: [
      'dev',
      '--ip',
      '127.0.0.1',
      '--port',
      String(o.port),
      '--persist-to',
      o.persistTo,
      '--env-file',
      o.envFile,
      '--log-level',
      'warn',
      '--show-interactive-dev-session=false',
    ],
    envFileText: settings.map(([name, value]) => `${envFileLine(name, value)}\n`).join(''),
  };
}

/**
 * One `NAME=value` line that wrangler's env-file reader (dotenv) gives back exactly: single quotes
 * keep a value literal, backticks one with a single quote, double quotes (where it reads \n and
 * \r) one with a line break. Never on the command line, where `ps` would show it.
 */
export function envFileLine(name: string, value: string): string {
  if (!/['\r\n]/.test(value)) return `${name}='${value}'`;
  if (!/[`\r\n]/.test(value)) return `${name}=\`${value}\``;
  if (!/["\\]/.test(value)) return `${name}="${value.replace(/\r/g, '\\r').replace(/\n/g, '\\n')}"`;
  throw new Error(
    `the setting ${name} holds quotes and a line break together, which the Worker's settings file cannot carry; remove them from its value (keys, URLs and origins never need them)`,
  );
}
