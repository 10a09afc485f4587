/**
 * @module
 * Public, key-free descriptions of this proxy: `GET /health`, `GET /api/config`
 * (`WidgetConfig`, data/contracts/widget-config.ts) and `GET /metrics` (Prometheus text).
 */
import type { WidgetConfig } from '../../data/contracts/widget-config.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { CorpusManifest } from '../../data/corpus/corpus-types.js';
import type { ChatModel } from '../chat/chat-model-factory.js';

export const CORPUS_MANIFEST_URL = '/data/corpus/manifest.json';
export const SITE_MANIFEST_URL = '/data/site/manifest.json';

/** What `/api/config` says about the mosque's own documents. */
export interface SiteConfigSource {
  readonly version: string;
  /** SITE_BASE_URL, or '' for no links. */
  readonly baseUrl: string;
}

export function indexManifestUrl(id: string, publicBase = ''): string {
  return `${publicBase}/data/index/${encodeURIComponent(id)}/manifest.json`;
}

export interface HealthBody {
  readonly status: 'ok';
  readonly uptimeSeconds: number;
  readonly corpus: { readonly version: string; readonly verses: number };
  readonly index: null | { readonly id: string; readonly version: string; readonly embedder: VectorIndexManifest['embedder']; readonly dims: number };
  readonly providers: {
    readonly chat: ChatModel['provider'] | null;
    readonly chatModel: string | null;
    /** `proxy` when `/api/embed` answers, `browser` for local indexes, null without an index or embedder. */
    readonly queryEmbedding: 'proxy' | 'browser' | null;
  };
}

export function queryEmbeddingMode(index: VectorIndexManifest | null, hasEmbedder: boolean): 'proxy' | 'browser' | null {
  if (!index) return null;
  if (index.embedder === 'local') return 'browser';
  return hasEmbedder ? 'proxy' : null;
}

export function healthBody(
  corpus: CorpusManifest,
  index: VectorIndexManifest | null,
  hasEmbedder: boolean,
  chat: ChatModel | null,
  uptimeSeconds: number,
): HealthBody {
  return {
    status: 'ok',
    uptimeSeconds: Math.round(uptimeSeconds),
    corpus: { version: corpus.version, verses: corpus.verseCount },
    index: index ? { id: index.id, version: index.version, embedder: index.embedder, dims: index.dims } : null,
    providers: { chat: chat?.provider ?? null, chatModel: chat?.modelId ?? null, queryEmbedding: queryEmbeddingMode(index, hasEmbedder) },
  };
}

export interface WidgetConfigOptions {
  /** Whether `/api/feedback` collects ratings (FEEDBACK_LOG or FEEDBACK_WEBHOOK_URL). Default false. */
  readonly feedback?: boolean;
  /** DATA_PUBLIC_URL: where the static files are served from. Default '' (this proxy). */
  readonly publicBase?: string;
  /** The mosque's own documents, when this proxy serves them. Default none. */
  readonly site?: SiteConfigSource | null;
  /** `/api/suggest` answers this page (an LLM is configured and the origin is allowed). */
  readonly suggest?: boolean;
}

/**
 * The widget's boot config. A proxy-embedded index without a working embedder is not offered
 * (the widget could not embed its queries); the widget then searches lexically. With
 * `publicBase` (DATA_PUBLIC_URL) the data and fonts come from there, laid out as
 * `npm run export:static` writes them (`/data/…` with the site documents, `/fonts/…`, `/widget/…`).
 */
export function widgetConfig(
  corpus: CorpusManifest,
  index: VectorIndexManifest | null,
  hasEmbedder: boolean,
  chat: boolean,
  options: WidgetConfigOptions = {},
): WidgetConfig {
  const publicBase = options.publicBase ?? '';
  const mode = queryEmbeddingMode(index, hasEmbedder);
  return {
    corpusManifest: `${publicBase}${CORPUS_MANIFEST_URL}`,
    corpusVersion: corpus.version,
    index: index && mode ? { id: index.id, manifest: indexManifestUrl(index.id, publicBase), queryEmbedding: mode } : null,
    chat,
    feedback: options.feedback ?? false,
    ...(options.suggest ? { suggest: true as const } : {}),
    ...(publicBase ? { dataBase: `${publicBase}/data`, fontBase: `${publicBase}/fonts` } : {}),
    // Absent (not null) without site documents: the config of a Quran-only proxy is unchanged.
    ...(options.site
      ? {
          site: {
            manifest: `${publicBase}${SITE_MANIFEST_URL}`,
            version: options.site.version,
            ...(options.site.baseUrl ? { baseUrl: options.site.baseUrl } : {}),
          },
        }
      : {}),
  };
}
