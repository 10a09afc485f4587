/**
 * Page helpers for the browser tests: wait for a widget's `quran-dai-ready` event, read
 * what the data cache stored in IndexedDB, ask a question through the real form.
 */
import type { Page } from 'playwright-core';
import type { QuranDaiReadyDetail } from '../../events/quran-dai-ready.js';

type ReadyLog = Record<string, QuranDaiReadyDetail[]>;

/**
 * Resolve with the detail of the widget's next `quran-dai-ready` after the current
 * navigation (the listener is installed before any page script runs).
 */
export async function waitForWidgetReady(page: Page, widgetId: string, timeoutMs = 30_000): Promise<QuranDaiReadyDetail> {
  await installReadyLog(page);
  const handle = await page.waitForFunction((id) => ((window as unknown as { __quranDaiReady?: ReadyLog }).__quranDaiReady?.[id] ?? [])[0] ?? null, widgetId, {
    timeout: timeoutMs,
  });
  return (await handle.jsonValue()) as QuranDaiReadyDetail;
}

const installed = new WeakSet<Page>();

/** Record every ready event per widget id, from the first script of each document. */
export async function installReadyLog(page: Page): Promise<void> {
  if (installed.has(page)) return;
  installed.add(page);
  await page.addInitScript(() => {
    const log: Record<string, unknown[]> = {};
    (window as unknown as { __quranDaiReady: unknown }).__quranDaiReady = log;
    document.addEventListener('quran-dai-ready', (e) => {
      const id = (e.target as Element).id || 'anonymous';
      (log[id] ??= []).push((e as CustomEvent).detail);
    });
  });
}

export interface StoredDataSummary {
  readonly corpusVersion: string | null;
  /** Stored data files (corpus files, vector index files), snapshots not counted. */
  readonly partCount: number;
  /** Parts of the current corpus version that are index snapshots (`lexical-en`, ...), sorted. */
  readonly snapshotParts: readonly string[];
}

/** What the widget's data cache holds in this profile's IndexedDB. */
export function readStoredData(page: Page): Promise<StoredDataSummary> {
  return page.evaluate(
    () =>
      new Promise<StoredDataSummary>((resolve, reject) => {
        const open = indexedDB.open('quran-dai-data');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const tx = db.transaction(['parts', 'current'], 'readonly');
          const current = tx.objectStore('current').get('corpus');
          const keys = tx.objectStore('parts').getAllKeys();
          tx.oncomplete = () => {
            const version = (current.result as { version?: string } | undefined)?.version ?? null;
            const all = keys.result as unknown as [string, string, string][];
            const isSnapshot = (k: [string, string, string]) => k[0] === 'corpus' && k[2].startsWith('lexical-');
            resolve({
              corpusVersion: version,
              partCount: all.filter((k) => !isSnapshot(k)).length,
              snapshotParts: all
                .filter((k) => isSnapshot(k) && k[1] === version)
                .map((k) => k[2])
                .sort(),
            });
            db.close();
          };
        };
      }),
  );
}

/**
 * Resolve once the data cache has stored what it keeps under `slot` (`corpus`, `site`, …) in this
 * profile's IndexedDB: a test that is about search, not about the first visit's order of
 * downloads, can wait for the mosque's documents before asking.
 */
export async function waitForStoredSlot(page: Page, slot: string, timeoutMs = 120_000): Promise<void> {
  await page.waitForFunction(
    (name) =>
      new Promise<boolean>((resolve) => {
        const open = indexedDB.open('quran-dai-data');
        open.onerror = () => resolve(false);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('current')) return (resolve(false), db.close());
          const get = db.transaction('current', 'readonly').objectStore('current').get(name);
          get.onsuccess = () => (resolve(get.result !== undefined), db.close());
          get.onerror = () => (resolve(false), db.close());
        };
      }),
    slot,
    { timeout: timeoutMs, polling: 250 },
  );
}

/** What a search worker said when ready (see search-worker-protocol.ts). */
export interface WorkerReadyMessage {
  readonly prepareMs: Readonly<Record<string, number>>;
  readonly restored?: readonly string[];
}

/** Record the `ready` message of every Worker the page starts (read with `workerReadyMessages`). */
export async function installWorkerReadyLog(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log: unknown[] = [];
    (window as unknown as { __workerReady: unknown[] }).__workerReady = log;
    const Original = window.Worker;
    window.Worker = class extends Original {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (e: MessageEvent<{ type?: string }>) => void (e.data?.type === 'ready' && log.push(e.data)));
      }
    };
  });
}

export function workerReadyMessages(page: Page): Promise<WorkerReadyMessage[]> {
  return page.evaluate(() => (window as unknown as { __workerReady?: WorkerReadyMessage[] }).__workerReady ?? []);
}

/** Type a question into a widget's form and submit it, as a visitor would. */
export async function askQuestion(page: Page, widgetId: string, question: string): Promise<void> {
  const widget = page.locator(`#${widgetId}`);
  await widget.locator('[part~="input"]').fill(question);
  await widget.locator('[part~="submit"]').click();
}

/** Resolve once the widget's answer has finished streaming (or failed). */
export async function waitForAnswerDone(page: Page, widgetId: string, timeoutMs = 20_000): Promise<void> {
  await page.locator(`#${widgetId} [part~="answer-body"][aria-busy="false"]`).waitFor({ timeout: timeoutMs });
}

/** Resolve with the status of the widget's Quranic font face once it has loaded (it loads when Arabic verses show). */
export async function waitForQuranFontLoaded(page: Page, timeoutMs = 15_000): Promise<string> {
  const status = await page.waitForFunction(
    async () => {
      await document.fonts.ready;
      const face = [...document.fonts].find((f) => f.family.replace(/"/g, '') === 'quran-dai Scheherazade New');
      return face?.status === 'loaded' ? face.status : false;
    },
    null,
    { timeout: timeoutMs },
  );
  return (await status.jsonValue()) as string;
}
