/**
 * Test helper: a `fetch` that serves the real built corpus (`data/dist/corpus`) under
 * `http://data.test/data/corpus/` (plus any file a test adds, e.g. `index/<id>/...`), logs
 * every request and can be told to misbehave (corrupt a file, cut a download short, go
 * offline, serve another version).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_CORPUS_DIR } from '../../data/corpus/corpus-loader-node.js';
import { sha256Hex } from '../../data/corpus/content-hash.js';
import type { CorpusManifest } from '../../data/corpus/corpus-types.js';

export const STUB_DATA_BASE = 'http://data.test/data';
const PREFIX = `${STUB_DATA_BASE}/`;

export interface DataFetchStub {
  readonly fetch: typeof fetch;
  /** URLs requested, in order. */
  readonly requests: string[];
  /** Requests other than the manifests: the data files that were downloaded. */
  dataRequests(): string[];
  /** Path under the data base (`corpus/manifest.json`) → bytes served; edit to change what is served. */
  readonly files: Map<string, Uint8Array>;
  /** Paths of files whose body errors after half the bytes (an interrupted download). */
  readonly cutShort: Set<string>;
  /** When true every request fails like a network error (offline). */
  offline: boolean;
  /** Paths whose response is held back until the returned promise of `release()` (a slow link). */
  readonly held: Map<string, Promise<void>>;
}

export function createDataFetchStub(dir = DEFAULT_CORPUS_DIR): DataFetchStub {
  const files = new Map<string, Uint8Array>();
  for (const name of readdirSync(dir)) files.set(`corpus/${name}`, new Uint8Array(readFileSync(join(dir, name))));
  const requests: string[] = [];
  const stub: DataFetchStub = {
    files,
    requests,
    cutShort: new Set(),
    offline: false,
    held: new Map(),
    dataRequests: () => requests.filter((u) => !u.endsWith('manifest.json')),
    fetch: async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      requests.push(url);
      if (init?.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
      if (stub.offline) throw new TypeError('fetch failed');
      const name = url.startsWith(PREFIX) ? url.slice(PREFIX.length) : undefined;
      const bytes = name === undefined ? undefined : files.get(name);
      if (!bytes) return new Response('not found', { status: 404 });
      await stub.held.get(name!);
      return new Response(stub.cutShort.has(name!) ? halfThenError(bytes) : bodyInChunks(bytes, init?.signal ?? undefined), { status: 200 });
    },
  };
  return stub;
}

/** Like a real fetch body: chunked, and erroring with AbortError once the signal aborts. */
function bodyInChunks(bytes: Uint8Array, signal?: AbortSignal, chunk = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (signal?.aborted) return controller.error(new DOMException('The operation was aborted.', 'AbortError'));
      if (offset >= bytes.byteLength) return controller.close();
      controller.enqueue(bytes.slice(offset, offset + chunk));
      offset += chunk;
    },
  });
}

function halfThenError(bytes: Uint8Array): ReadableStream<Uint8Array> {
  let sent = false;
  return new ReadableStream({
    pull(controller) {
      if (sent) return controller.error(new TypeError('network connection lost'));
      controller.enqueue(bytes.slice(0, bytes.byteLength >> 1));
      sent = true;
    },
  });
}

/** The corpus manifest the stub currently serves. */
export function servedManifest(stub: DataFetchStub): CorpusManifest {
  return JSON.parse(new TextDecoder().decode(stub.files.get('corpus/manifest.json')!)) as CorpusManifest;
}

/** Publish a new corpus version on the stub: the English text of 1:1 changes. Returns its manifest. */
export async function publishNewCorpusVersion(stub: DataFetchStub): Promise<CorpusManifest> {
  const m = servedManifest(stub);
  const entry = m.files.find((f) => f.part === 'translation-en')!;
  const file = JSON.parse(new TextDecoder().decode(stub.files.get(`corpus/${entry.path}`)!));
  file.texts[0] = 'In the name of Allah (new edition).';
  const bytes = new TextEncoder().encode(JSON.stringify(file));
  const sha256 = await sha256Hex(bytes);
  const path = `translation-en.${sha256.slice(0, 10)}.json`;
  stub.files.set(`corpus/${path}`, bytes);
  const next: CorpusManifest = {
    ...m,
    version: `next-${sha256.slice(0, 10)}`,
    files: m.files.map((f) => (f.part === 'translation-en' ? { ...f, path, sha256, bytes: bytes.byteLength } : f)),
  };
  stub.files.set('corpus/manifest.json', new TextEncoder().encode(JSON.stringify(next)));
  return next;
}
