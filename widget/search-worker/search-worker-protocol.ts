/**
 * Messages between the page and the search worker (ADR 0004): the page sends the corpus
 * texts and the vector bytes once, then queries; the worker answers with `SearchResult`s.
 * Plain structured-clone data only.
 */
import type { CorpusManifest, ExplanationLang, SurahInfo, TextTrackId, VerseTextFile } from '../../data/corpus/corpus-types.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { SearchTrack } from '../../data/search/query/language-detect.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { RetrievalAssist } from '../../data/search/search-engine.js';
import type { TopicData } from '../../data/topics/topic-data.js';

export interface SearchWorkerInit {
  readonly type: 'init';
  readonly manifest: CorpusManifest;
  readonly surahs: readonly SurahInfo[];
  /** The verified Uthmani text; the worker makes its search form itself (off the main thread). */
  readonly arabic: VerseTextFile;
  readonly tracks: Partial<Record<TextTrackId, VerseTextFile>>;
  /** The verified vector files by path (a staged index's signs alone search coarsely). */
  readonly vectors: { readonly manifest: VectorIndexManifest; readonly files: ReadonlyMap<string, Uint8Array> } | null;
  /** Tracks whose BM25 index is built (or restored) right away, in the worker, off the main thread. */
  readonly prepare: readonly SearchTrack[];
  /**
   * Index snapshots to restore instead of building (`lexicalSnapshotsOf(corpus)` on the page).
   * When absent the worker reads them from IndexedDB itself. Either way, the worker saves a
   * snapshot of each index it had to build in IndexedDB, with the corpus version.
   */
  readonly snapshots?: readonly Uint8Array[];
}

export type SearchWorkerRequest =
  | SearchWorkerInit
  | { readonly type: 'lexical'; readonly id: number; readonly query: string; readonly lang?: string; readonly assist?: RetrievalAssist }
  | {
      readonly type: 'hybrid';
      readonly id: number;
      readonly query: string;
      readonly vector: Float32Array;
      readonly lang?: string;
      readonly assist?: RetrievalAssist;
    }
  | { readonly type: 'required-track'; readonly id: number; readonly query: string; readonly lang?: string }
  | { readonly type: 'add-track'; readonly id: number; readonly track: TextTrackId; readonly file: VerseTextFile }
  | { readonly type: 'add-explanation'; readonly id: number; readonly lang: ExplanationLang; readonly file: VerseTextFile }
  | { readonly type: 'use-topics'; readonly id: number; readonly data: TopicData };

export type SearchWorkerResponse =
  | {
      readonly type: 'ready';
      /** ms spent making each prepared track's index (building, or restoring a snapshot). */
      readonly prepareMs: Readonly<Record<string, number>>;
      /** Prepared tracks whose index came from a snapshot rather than a build. */
      readonly restored?: readonly SearchTrack[];
    }
  | { readonly type: 'result'; readonly id: number; readonly result: SearchResult | SearchTrack | null }
  | { readonly type: 'error'; readonly id: number | null; readonly message: string };
