/**
 * Headless Debian Chromium for the browser tests and the widget bench: one browser per test
 * file, a fresh temporary profile, no background traffic that would pollute network logs.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

export interface LaunchedChromium {
  /** The persistent context of the temp profile (IndexedDB lives here). */
  readonly context: BrowserContext;
  /** Close the browser and delete the profile. */
  close(): Promise<void>;
}

export interface LaunchChromiumOptions {
  /** CSS pixels. Default 1280 x 900. */
  viewport?: { width: number; height: number };
}

/**
 * A persistent context on a temp user-data-dir, so IndexedDB behaves as for a real visitor
 * (and survives page reloads), while every launch starts from an empty profile.
 */
export async function launchChromium(options: LaunchChromiumOptions = {}): Promise<LaunchedChromium> {
  const userDataDir = await mkdtemp(join(tmpdir(), 'quran-dai-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS],
    viewport: options.viewport ?? { width: 1280, height: 900 },
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
