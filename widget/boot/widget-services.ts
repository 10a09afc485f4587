/**
 * The widget's outside collaborators, gathered so the element can be tested with stand-ins:
 * network, the data loader (widget/data-cache), the retrieval engine (data/search) and the
 * conversation store. `default-services.ts` wires the real ones.
 */
import type { ExplanationLang, TextTrackId } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { LocalModelProgressListener } from '../../data/embed/local-embedder-progress.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import type { WidgetSearchEngine, QueryEmbedder } from '../asking/search-engine-port.js';
import type { AudioLike } from '../listen/recitation-player.js';
import type { ConversationStore } from '../history/conversation-store.js';
import type { SiteKnowledge } from '../site/site-knowledge.js';
import type { LoadQuranDataOptions } from '../data-cache/load-quran-data.js';
import type { TopicData } from '../../data/topics/topic-data.js';

// One declaration, the loader's own (type-only: the loader itself stays out of the first load).
export type { LoadQuranDataOptions };

export interface LoadedQuranData {
  corpus: Corpus;
  vectorSearch: VectorSearch | null;
  indexManifest: VectorIndexManifest | null;
  fromCache: boolean;
}

export interface WidgetServices {
  readonly fetch: typeof fetch;
  readonly loadQuranData: (options: LoadQuranDataOptions) => Promise<LoadedQuranData>;
  /**
   * Asks for the corpus manifest under the data folder as soon as the config has said where it
   * is, before the loader's code is here; `loadQuranData` takes that response. Optional: without
   * it the manifest is asked for when the data code has loaded.
   */
  readonly requestDataEarly?: (dataBase: string) => void;
  /** Adds a translation the visitor switched to (cached like the rest). */
  readonly loadTranslationTrack: (options: { dataBase: string; corpus: Corpus; track: TextTrackId; signal?: AbortSignal }) => Promise<void>;
  /**
   * Adds a verse explanation (after the first results: search uses it and it shows under the
   * verses). Optional: without it no explanation is shown.
   */
  readonly loadVerseExplanation?: (options: { dataBase: string; corpus: Corpus; lang: ExplanationLang; signal?: AbortSignal }) => Promise<void>;
  /** The search engine (in a Worker when one can start, else on the page); it may still be building when returned. */
  readonly createSearchEngine: (corpus: Corpus, vectorSearch: VectorSearch | null, indexManifest: VectorIndexManifest | null) => WidgetSearchEngine;
  /**
   * Query embedding in the browser for a local-model index (lazy: loads the model runtime on
   * first use). `onProgress` reports the first download of the model files, then `ready`.
   */
  readonly createBrowserQueryEmbedder: (proxy: string, manifest: VectorIndexManifest, onProgress?: LocalModelProgressListener) => QueryEmbedder;
  readonly openConversationStore: () => Promise<ConversationStore>;
  /** The one audio element recitations play in (default `new Audio()`); replaced in unit tests. */
  readonly createAudio?: () => AudioLike;
  /** The mosque's own documents from their manifest URL (`/api/config`'s `site`), or null when they cannot be loaded. */
  readonly loadSiteKnowledge: (manifestUrl: string, version: string, signal?: AbortSignal) => Promise<SiteKnowledge | null>;
  /**
   * The topic index from the data folder, with the topic vectors beside the loaded vector index
   * (its manifest URL), or null when there is none or it cannot be loaded. Optional: without it
   * the widget searches without topics. `lang`: the visitor's interface language, whose smaller
   * topic file is enough.
   */
  readonly loadTopics?: (dataBase: string, indexManifestUrl: string | null, signal?: AbortSignal, lang?: string) => Promise<TopicData | null>;
}
