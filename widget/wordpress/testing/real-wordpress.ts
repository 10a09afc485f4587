/**
 * @module
 * A real WordPress for the plugin's tests: Debian's `wordpress` package copied into a temp
 * folder, a MariaDB server of its own (a temp data folder, a Unix socket, no TCP port), PHP's
 * built-in web server on 127.0.0.1, and the site installed with an administrator. Nothing of
 * the machine's own WordPress or MySQL is touched. `missingWordPressParts()` says what this
 * machine lacks (the tests then skip, saying so once).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';

export const DEBIAN_WORDPRESS = '/usr/share/wordpress';
const MARIADBD = '/usr/sbin/mariadbd';
const INSTALL_DB = '/usr/bin/mariadb-install-db';

export const WP_ADMIN = { user: 'admin', password: 'admin-test-password-1', email: 'admin@mosque.example' } as const;

/** The Debian packages this machine lacks for a real WordPress (empty: it has them all). */
export function missingWordPressParts(): string[] {
  const missing: string[] = [];
  if (!existsSync(join(DEBIAN_WORDPRESS, 'wp-settings.php'))) missing.push('wordpress');
  if (!existsSync(join(DEBIAN_WORDPRESS, 'wp-content', 'themes', 'twentytwentyone'))) missing.push('wordpress-theme-twentytwentyone');
  if (!existsSync(MARIADBD) || !existsSync(INSTALL_DB)) missing.push('mariadb-server');
  if (spawnSync('php', ['-r', 'exit(function_exists("mysqli_connect") ? 0 : 1);']).status !== 0) missing.push('php-cli php-mysql');
  return missing;
}

export interface RealWordPress {
  /** e.g. `http://127.0.0.1:PORT` */
  readonly url: string;
  /** Its document root (the copy). */
  readonly root: string;
  /** Runs PHP with WordPress loaded (`$code` after `wp-load.php`); resolves with what it printed. */
  php(code: string): Promise<string>;
  close(): Promise<void>;
}

export interface RealWordPressOptions {
  readonly port: number;
  /** The plugin's zip, unpacked into wp-content/plugins as WordPress's upload would. */
  readonly pluginZip: Uint8Array;
}

export async function startRealWordPress(o: RealWordPressOptions): Promise<RealWordPress> {
  const dir = await mkdtemp(join(tmpdir(), 'quran-dai-wordpress-'));
  const children: ChildProcess[] = [];
  const close = async (): Promise<void> => {
    for (const c of children.reverse()) {
      c.kill('SIGTERM');
      await new Promise((r) => (c.exitCode !== null ? r(undefined) : c.once('exit', r)));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const socket = join(dir, 'mysql.sock');
    const data = join(dir, 'db');
    run(INSTALL_DB, ['--no-defaults', `--datadir=${data}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db']);
    const db = spawn(
      MARIADBD,
      [
        '--no-defaults',
        `--datadir=${data}`,
        `--socket=${socket}`,
        '--skip-networking',
        '--user=root',
        `--pid-file=${join(dir, 'db.pid')}`,
        '--innodb-buffer-pool-size=16M',
      ],
      { stdio: 'ignore' },
    );
    children.push(db);
    await waitFor(() => existsSync(socket), 30_000, 'MariaDB did not start');
    await waitFor(
      () => spawnSync('mariadb', [`--socket=${socket}`, '-uroot', '-e', 'CREATE DATABASE IF NOT EXISTS wordpress']).status === 0,
      30_000,
      'MariaDB did not accept the database',
    );

    const root = join(dir, 'wp');
    cpSync(DEBIAN_WORDPRESS, root, { recursive: true, dereference: true, filter: (src) => !src.endsWith('/.htaccess') });
    const url = `http://127.0.0.1:${o.port}`;
    writeFileSync(join(root, 'wp-config.php'), wpConfig(url, socket));
    for (const [name, bytes] of Object.entries(unzipSync(o.pluginZip))) {
      const to = join(root, 'wp-content', 'plugins', name);
      if (name.endsWith('/')) continue;
      mkdirSync(dirname(to), { recursive: true });
      writeFileSync(to, bytes);
    }
    const php = (code: string): Promise<string> => runPhp(root, url, code);
    const installed = await runPhp(
      root,
      url,
      `require_once ABSPATH . 'wp-admin/includes/upgrade.php'; wp_install('Test mosque', '${WP_ADMIN.user}', '${WP_ADMIN.email}', true, '', '${WP_ADMIN.password}'); switch_theme('twentytwentyone'); echo 'installed';`,
      true,
    );
    if (!installed.includes('installed')) throw new Error(`WordPress did not install: ${installed.slice(0, 500)}`);
    const server = spawn('php', ['-S', `127.0.0.1:${o.port}`, '-t', root], { stdio: 'ignore' });
    children.push(server);
    await waitFor(async () => (await fetch(`${url}/wp-login.php`).catch(() => undefined))?.ok === true, 30_000, "PHP's web server did not answer");
    return { url, root, php, close };
  } catch (error) {
    await close();
    throw error;
  }
}

function wpConfig(url: string, socket: string): string {
  const salt = () => randomBytes(32).toString('hex');
  const keys = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT'];
  return `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:${socket}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${keys.map((k) => `define('${k}', '${salt()}');`).join('\n')}
$table_prefix = 'wp_';
define('WP_HOME', '${url}');
define('WP_SITEURL', '${url}');
// Offline: no update checks, no calls to wordpress.org, no cron requests.
define('WP_HTTP_BLOCK_EXTERNAL', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('DISABLE_WP_CRON', true);
define('FS_METHOD', 'direct');
define('WP_DEBUG', false);
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`;
}

function runPhp(root: string, url: string, code: string, installing = false): Promise<string> {
  const host = new URL(url).host;
  // Before the install, WordPress would send every page (and this script) to install.php.
  const script = `${installing ? "define('WP_INSTALLING', true); " : ''}$_SERVER['HTTP_HOST'] = '${host}'; $_SERVER['SERVER_NAME'] = '127.0.0.1'; $_SERVER['REQUEST_URI'] = '/'; require '${root}/wp-load.php'; ${code}`;
  return new Promise((resolve, reject) => {
    const child = spawn('php', ['-d', 'display_errors=stderr', '-r', script], { cwd: root });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`php exited ${code}: ${err || out}`))));
  });
}

function run(command: string, args: readonly string[]): void {
  const r = spawnSync(command, args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${command} failed (${r.status}): ${r.stderr || r.stdout}`);
}

async function waitFor(ok: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await ok()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} within ${timeoutMs / 1000} s`);
}
