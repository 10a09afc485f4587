/**
 * After an engine builds a track's lexical index (the first visit, or a track first searched
 * later), save a snapshot of it with the corpus version, off the critical path: the visitor
 * already has results, the next visit restores instead of building. Shared by the page engine
 * (cached-search-engine.ts) and the search worker.
 */
import { TRANSLATION_LANGS, TRANSLITERATION_KEY, type CorpusManifest } from '../../data/corpus/corpus-types.js';
import type { SearchEngine, SearchTrack } from '../../data/search/search-engine.js';
import type { DataStore } from '../data-cache/data-store.js';
import { storeLexicalSnapshot } from './lexical-snapshot-store.js';

const SEARCH_TRACKS: readonly SearchTrack[] = ['arabic-search', TRANSLITERATION_KEY, ...TRANSLATION_LANGS];

/** Runs a save later; the default waits for an idle moment. */
export type SaveScheduler = (save: () => Promise<void>) => void;

export interface SnapshotSaverOptions {
  readonly engine: Pick<SearchEngine, 'indexOrigin' | 'exportSnapshot'>;
  /** Manifest of the engine's corpus (its snapshots are kept with that version). */
  readonly manifest: CorpusManifest;
  readonly stores: Promise<readonly DataStore[]>;
  /** Default: `requestIdleCallback` (1 s timeout), else a 200 ms timer. */
  readonly schedule?: SaveScheduler;
}

/**
 * Returns `noticeBuilds`: call it after any use of the engine; each track it finds newly
 * built (not restored) is saved once, at the scheduler's convenience.
 */
export function createSnapshotSaver(o: SnapshotSaverOptions): () => void {
  const schedule = o.schedule ?? whenIdle;
  const seen = new Set<SearchTrack>();
  return function noticeBuilds(): void {
    for (const track of SEARCH_TRACKS) {
      if (seen.has(track) || o.engine.indexOrigin(track) !== 'built') continue;
      seen.add(track);
      schedule(async () => {
        try {
          await storeLexicalSnapshot(await o.stores, o.manifest, track, o.engine.exportSnapshot(track));
        } catch (e) {
          // A snapshot only saves time on the next visit; never an error for the visitor.
          console.warn(`quran-dai: the ${track} search index was not cached: ${(e as Error).message}`);
        }
      });
    }
  };
}

function whenIdle(save: () => Promise<void>): void {
  const run = () => void save();
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: 1000 });
  else setTimeout(run, 200);
}
