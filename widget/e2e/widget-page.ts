/**
 * Page helpers for the browser tests: wait for a widget's `quran-dai-ready` event, read
 * what the data cache stored in IndexedDB, ask a question through the real form.
 */
import type { Page } from 'playwright-core';
import type { QuranDaiReadyDetail } from '../events/quran-dai-ready.js';

type ReadyLog = Record<string, QuranDaiReadyDetail[]>;

/**
 * Resolve with the detail of the widget's next `quran-dai-ready` after the current
 * navigation (the listener is installed before any page script runs).
 */
export async function waitForWidgetReady(page: Page, widgetId: string, timeoutMs = 30_000): Promise<QuranDaiReadyDetail> {
  await installReadyLog(page);
  const handle = await page.waitForFunction(
    (id) => ((window as unknown as { __quranDaiReady?: ReadyLog }).__quranDaiReady?.[id] ?? [])[0] ?? null,
    widgetId,
    { timeout: timeoutMs },
  );
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
  readonly partCount: number;
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
          const count = tx.objectStore('parts').count();
          tx.oncomplete = () => {
            resolve({ corpusVersion: (current.result as { version?: string } | undefined)?.version ?? null, partCount: count.result });
            db.close();
          };
        };
      }),
  );
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
