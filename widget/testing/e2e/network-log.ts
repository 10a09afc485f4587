/**
 * Every response a page received, with the bytes that crossed the wire, so tests can say
 * "the reload fetched no data files" and the bench can count first-visit bytes.
 */
import type { Page } from 'playwright-core';

export interface LoggedResponse {
  readonly url: string;
  readonly status: number;
  /** Body bytes on the wire (compressed size when the server compressed), 0 for cache hits. */
  readonly transferBytes: number;
  /** Body bytes after decoding (what the page got), when the log was asked to read bodies. */
  readonly decodedBytes?: number;
}

export interface NetworkLog {
  readonly responses: LoggedResponse[];
  /** Responses under `/data/` other than manifests: the corpus, translations and index files. */
  dataFiles(): LoggedResponse[];
  /** Wait for in-flight size lookups (call before asserting on bytes). */
  settle(): Promise<void>;
  clear(): void;
}

export function isDataFileUrl(url: string): boolean {
  const path = new URL(url).pathname;
  return path.startsWith('/data/') && !path.endsWith('/manifest.json') && !path.endsWith('.md') && !path.endsWith('.txt');
}

/** @param options.decoded also read each body, for its decoded size (costs a copy of every response). */
export function recordNetwork(page: Page, options: { readonly decoded?: boolean } = {}): NetworkLog {
  const responses: LoggedResponse[] = [];
  const pending = new Set<Promise<void>>();
  page.on('requestfinished', (request) => {
    const job = (async () => {
      const response = await request.response();
      if (!response) return;
      const sizes = await request.sizes().catch(() => ({ responseBodySize: 0 }));
      const decoded = options.decoded ? ((await response.body().catch(() => undefined))?.length ?? 0) : undefined;
      responses.push({
        url: request.url(),
        status: response.status(),
        transferBytes: sizes.responseBodySize,
        ...(decoded === undefined ? {} : { decodedBytes: decoded }),
      });
    })().catch(() => undefined);
    pending.add(job);
    void job.finally(() => pending.delete(job));
  });
  return {
    responses,
    dataFiles: () => responses.filter((r) => isDataFileUrl(r.url)),
    settle: async () => {
      while (pending.size) await Promise.all([...pending]);
    },
    clear: () => void responses.splice(0),
  };
}
