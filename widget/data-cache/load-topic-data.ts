/**
 * The topic index and its vectors for the loaded vector index, after the first results: from
 * the cache, or downloaded, verified against the manifests' sha256 and stored like the corpus.
 * Any failure returns null (the reason on the console): search then works as without topics.
 */
import { sha256Hex } from '../../data/corpus/content-hash.js';
import { parseTopicVectorManifest, TOPIC_VECTORS_MANIFEST, type TopicVectorManifest } from '../../data/index/topic-vector-file.js';
import { parseTopicFile, parseTopicManifest, topicFileFor } from '../../data/topics/topic-file-parser.js';
import type { TopicData } from '../../data/topics/topic-data.js';
import type { TopicManifest } from '../../data/topics/topic-types.js';
import { decodeJson } from '../../data/corpus/corpus-parts.js';
import { cacheVersionOf } from './cache-version.js';
import type { DataStore } from './data-store.js';
import { DataLoadError } from './data-load-error.js';
import { isAbortError } from '../api/abort-error.js';
import { absoluteUrl, resolveUrl } from './data-urls.js';
import { fetchManifestJson } from './fetch-manifest.js';
import { findStored, obtainVerifiedFiles } from './obtain-verified-files.js';

export interface TopicDataOptions {
  /** The data folder (holds `topics/manifest.json`). */
  readonly dataBase: string;
  /** The vector index's manifest URL, when one is loaded: its folder may hold topic vectors. */
  readonly indexManifestUrl: string | null;
  readonly stores: Promise<readonly DataStore[]>;
  readonly signal?: AbortSignal;
  /** The visitor's interface language: its own smaller topic file is downloaded when the manifest has one. */
  readonly lang?: string;
}

const TOPICS_SLOT = 'topics';

export async function loadTopicData(o: TopicDataOptions): Promise<TopicData | null> {
  try {
    const manifestUrl = resolveUrl('topics/manifest.json', o.dataBase.endsWith('/') ? o.dataBase : `${o.dataBase}/`);
    // Each language's file is stored apart (two widgets in two languages keep both); offline, the
    // stored manifest of the visitor's language is read first, then the whole index's.
    const langSlot = o.lang === undefined ? undefined : `${TOPICS_SLOT}:${o.lang}`;
    const manifest = await manifestOrCached(manifestUrl, langSlot ? [langSlot, TOPICS_SLOT] : [TOPICS_SLOT], parseTopicManifest, o);
    if (!manifest) return null;
    const ref = topicFileFor(manifest, o.lang);
    const slot = ref === manifest.file || !langSlot ? TOPICS_SLOT : langSlot;
    // The vectors beside the file, not after it: on a slow link one after the other made meaning
    // matching of topics wait a second longer than the bytes need.
    const vectorsLoading = o.indexManifestUrl ? loadTopicVectors(o.indexManifestUrl, manifest, o) : Promise.resolve(null);
    vectorsLoading.catch(() => undefined);
    const file = await obtainOne(slot, manifest.version, ref, manifestUrl, manifest, (b) => parseTopicFile(decodeJson(b), manifest.count), o);
    const vectors = await vectorsLoading;
    return { version: manifest.version, file, vectors };
  } catch (e) {
    if (isAbortError(e)) throw e;
    console.warn(`quran-dai: topics not used: ${(e as Error).message}`);
    return null;
  }
}

async function loadTopicVectors(indexManifestUrl: string, topics: TopicManifest, o: TopicDataOptions): Promise<TopicData['vectors']> {
  const url = resolveUrl(TOPIC_VECTORS_MANIFEST, absoluteUrl(indexManifestUrl));
  const slot = `topic-vectors:${url}`;
  let manifest: TopicVectorManifest | null;
  try {
    manifest = await manifestOrCached(url, [slot], parseTopicVectorManifest, o);
  } catch (e) {
    if (isAbortError(e)) throw e;
    console.warn(`quran-dai: topics are matched by keywords only: ${(e as Error).message}`);
    return null;
  }
  if (!manifest || manifest.topicsVersion !== (topics.textVersion ?? topics.version)) return null;
  const m = manifest;
  const bytes = await obtainOne(slot, m.topicsVersion, m.file, url, m, (b) => b, o);
  return { manifest: m, bytes };
}

/** The manifest from the network (revalidated), else the first stored copy of `slots`, else null (none published). */
async function manifestOrCached<M>(url: string, slots: readonly string[], parse: (json: unknown) => M, o: TopicDataOptions): Promise<M | null> {
  try {
    return parse(await fetchManifestJson(url, o.signal));
  } catch (e) {
    if (isAbortError(e)) throw e;
    const stores = await o.stores;
    for (const slot of slots) {
      const cached = await findStored(stores, slot);
      if (cached) return parse(cached.stored.manifest);
    }
    return null;
  }
}

async function obtainOne<T>(
  slot: string,
  version: string,
  file: { readonly path: string; readonly bytes: number; readonly sha256: string },
  manifestUrl: string,
  manifest: unknown,
  decode: (bytes: Uint8Array) => T,
  o: TopicDataOptions,
): Promise<T> {
  let value: T | undefined;
  const { bytes } = await obtainVerifiedFiles({
    stores: await o.stores,
    slot,
    stored: { version: cacheVersionOf({ version, files: [file] }), manifest },
    files: [
      {
        part: file.path,
        url: resolveUrl(file.path, manifestUrl),
        bytes: file.bytes,
        verify: async (b) => {
          if ((await sha256Hex(b)) !== file.sha256) throw new DataLoadError('corrupt-data', `${file.path} failed its integrity check; reload the page`);
        },
        decode: (b) => (value = decode(b)),
      },
    ],
    mode: 'commit',
    ...(o.signal ? { signal: o.signal } : {}),
  });
  return value ?? decode(bytes.get(file.path)!);
}
