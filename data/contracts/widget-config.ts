/**
 * `GET /api/config`: what the widget needs to boot, served by the proxy. Public data only:
 * never a key. When this request fails the widget still searches lexically.
 */
export interface WidgetConfig {
  /** URL (absolute or relative to the proxy) of the corpus `manifest.json`. */
  readonly corpusManifest: string;
  readonly corpusVersion: string;
  /** Vector index to use, or null when only lexical search is available. */
  readonly index: null | {
    readonly id: string;
    readonly manifest: string;
    /** `proxy`: query vectors come from `/api/embed`; `browser`: embed locally with the index's model (ADR 0005). */
    readonly queryEmbedding: 'proxy' | 'browser';
  };
  /** True when an LLM provider is configured and `/api/chat` will answer. */
  readonly chat: boolean;
  /**
   * The mosque's own documents (`npm run build:site`), searched beside the verses and shown
   * apart from them; null or absent when the proxy has none.
   */
  readonly site?: null | {
    /** URL of the site artefact's `manifest.json`. */
    readonly manifest: string;
    readonly version: string;
    /** Where the documents are published (SITE_BASE_URL): a result links to `<base>/<doc>#<anchor>`. Absent: no links. */
    readonly baseUrl?: string;
  };
  /**
   * True when `/api/suggest` gives LLM-assisted retrieval to this page (a chat provider is
   * configured, SUGGEST_TIMEOUT_MS > 0, the origin is allowed). Absent = off.
   */
  readonly suggest?: true;
  /** True when `/api/feedback` collects answers' 👍/👎 (FEEDBACK_LOG or FEEDBACK_WEBHOOK_URL); the widget posts only then. Absent (an older proxy) = false. */
  readonly feedback?: boolean;
  /**
   * Absolute URL of the data folder (`…/data`, holding `corpus/` and `index/`) when a CDN or
   * object store serves it; absent: the proxy's own `/data`. A `data-base` attribute wins.
   */
  readonly dataBase?: string;
  /** Absolute URL of the font folder when a CDN serves it; absent: the proxy's own `/fonts`. */
  readonly fontBase?: string;
  /**
   * `false` when the asking page's origin is not in the proxy's ALLOWED_ORIGINS: it gets keyword
   * search only (chat, feedback and meaning search off), and the widget tells the site owner on
   * the console. Absent for an allowed origin, a request without an Origin, or an older proxy.
   */
  readonly originAllowed?: false;
}
