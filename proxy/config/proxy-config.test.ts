import { describe, expect, it } from 'vitest';
import { parseProxyConfig, ProxyConfigError } from './proxy-config.js';

function problems(env: Record<string, string>): string[] {
  try {
    parseProxyConfig(env);
  } catch (e) {
    if (e instanceof ProxyConfigError) return [...e.problems];
    throw e;
  }
  return [];
}

describe('when nothing is set', () => {
  it('should run keyless with the documented defaults', () => {
    const c = parseProxyConfig({});
    expect(c.chat).toBeNull();
    expect(c.port).toBe(8787);
    expect(c.host).toBe('127.0.0.1');
    expect(c.allowedOrigins).toStrictEqual([]);
    expect(c.trustProxy).toBe(false);
    expect(c.rateLimits).toStrictEqual({ chatPerHour: 20, embedPerHour: 120, feedbackPerHour: 30, windowMs: 3_600_000 });
    expect(c.feedback).toStrictEqual({ log: false, webhookUrl: '', webhookTimeoutMs: 5000 });
    expect(c.secrets).toStrictEqual([]);
  });
});

describe('when a provider key is set', () => {
  it('should pick xAI Grok with the default model and base URL', () => {
    const c = parseProxyConfig({ XAI_API_KEY: 'xai-1234' });
    expect(c.chat).toMatchObject({ provider: 'xai', model: 'grok-3-mini', baseURL: 'https://api.x.ai/v1', apiKey: 'xai-1234' });
    expect(c.secrets).toStrictEqual(['xai-1234']);
  });
  it('should pick an OpenAI-compatible server from its base URL', () => {
    const c = parseProxyConfig({ OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:11434/v1/', OPENAI_COMPATIBLE_MODEL: 'llama3.1:8b' });
    expect(c.chat).toMatchObject({ provider: 'openai-compatible', baseURL: 'http://127.0.0.1:11434/v1', model: 'llama3.1:8b', apiKey: '' });
  });
  it('should answer with Gemini when its key is the only one set, and prefer xAI or a local server beside it', () => {
    expect(parseProxyConfig({ GEMINI_API_KEY: 'g-1234' }).chat).toMatchObject({ provider: 'gemini', model: 'gemini-2.5-flash' });
    expect(parseProxyConfig({ GEMINI_API_KEY: 'g-1234', CHAT_PROVIDER: 'gemini' }).chat).toMatchObject({ provider: 'gemini', model: 'gemini-2.5-flash' });
    expect(parseProxyConfig({ GEMINI_API_KEY: 'g-1234', XAI_API_KEY: 'xai-1234' }).chat).toMatchObject({ provider: 'xai' });
  });
});

describe('when the configuration is wrong', () => {
  it('should say that XAI_MODEL is empty', () => {
    expect(problems({ XAI_API_KEY: 'xai-1234', XAI_MODEL: '' })).toStrictEqual([
      'XAI_API_KEY is set but XAI_MODEL is empty; set XAI_MODEL (default grok-3-mini) or remove the line',
    ]);
  });
  it('should say which key a chosen provider needs', () => {
    expect(problems({ CHAT_PROVIDER: 'xai' })[0]).toContain('CHAT_PROVIDER=xai needs XAI_API_KEY');
    expect(problems({ CHAT_PROVIDER: 'openai-compatible' })[0]).toContain('needs OPENAI_COMPATIBLE_BASE_URL');
    expect(problems({ CHAT_PROVIDER: 'claude' })[0]).toContain('must be one of xai, gemini, openai-compatible');
  });
  it('should reject a model-less OpenAI-compatible server', () => {
    expect(problems({ OPENAI_COMPATIBLE_BASE_URL: 'http://localhost:8080/v1' })[0]).toContain('OPENAI_COMPATIBLE_MODEL is empty');
  });
  it('should list every bad number, URL and origin at once', () => {
    const p = problems({
      PORT: 'eighty',
      RATE_LIMIT_CHAT_PER_HOUR: '0',
      XAI_API_KEY: 'k-1234',
      XAI_BASE_URL: 'ftp://x',
      ALLOWED_ORIGINS: 'https://ok.example,https://bad.example/path',
      TRUST_PROXY: 'maybe',
    });
    expect(p).toHaveLength(5);
    expect(p.join('\n')).toContain('PORT="eighty" must be a whole number');
    expect(p.join('\n')).toContain('RATE_LIMIT_CHAT_PER_HOUR="0"');
    expect(p.join('\n')).toContain('XAI_BASE_URL="ftp://x" must be an http(s) URL');
    expect(p.join('\n')).toContain('ALLOWED_ORIGINS entry "https://bad.example/path"');
    expect(p.join('\n')).toContain('TRUST_PROXY="maybe" must be true or false');
  });
  it('should name .env.example in the error message', () => {
    expect(() => parseProxyConfig({ PORT: '-1' })).toThrow(/See \.env\.example/);
  });
});

describe('when origins and proxy trust are set', () => {
  it('should normalise origins and accept the wildcard', () => {
    expect(parseProxyConfig({ ALLOWED_ORIGINS: ' https://a.example , http://b.example:8080/ ' }).allowedOrigins).toStrictEqual([
      'https://a.example',
      'http://b.example:8080',
    ]);
    expect(parseProxyConfig({ ALLOWED_ORIGINS: '*' }).allowedOrigins).toBe('*');
    // As the browser sends it: scheme and host in lower case.
    expect(parseProxyConfig({ ALLOWED_ORIGINS: 'https://Mosque.Example,HTTPS://www.mosque.example' }).allowedOrigins).toStrictEqual([
      'https://mosque.example',
      'https://www.mosque.example',
    ]);
    expect(parseProxyConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
  });
});

describe('when the abuse limits are set', () => {
  it('should default to no budget, no tokens, a per-process signing key and the loopback-only host check', () => {
    const c = parseProxyConfig({});
    expect(c.budget).toStrictEqual({
      chatRequestsPerHour: 0,
      chatRequestsPerDay: 0,
      chatTokensPerHour: 0,
      chatTokensPerDay: 0,
      embedRequestsPerHour: 0,
      embedRequestsPerDay: 0,
    });
    expect([c.apiToken, c.metricsToken, c.answerSigningKey]).toStrictEqual(['', '', '']);
    expect(c.publicOrigins).toStrictEqual([]);
  });
  it('should read budgets (empty = unlimited), public origins and tokens, and scrub the tokens from logs', () => {
    const c = parseProxyConfig({
      BUDGET_CHAT_REQUESTS_PER_DAY: '500',
      BUDGET_CHAT_TOKENS_PER_DAY: '2000000',
      BUDGET_EMBED_REQUESTS_PER_HOUR: '',
      PUBLIC_ORIGINS: 'https://quran.mosque.example',
      API_TOKEN: 'a'.repeat(16),
      METRICS_TOKEN: 'm'.repeat(20),
      ANSWER_SIGNING_KEY: 's'.repeat(32),
    });
    expect(c.budget).toMatchObject({ chatRequestsPerDay: 500, chatTokensPerDay: 2_000_000, embedRequestsPerHour: 0 });
    expect(c.publicOrigins).toStrictEqual(['https://quran.mosque.example']);
    expect(c.secrets).toStrictEqual(['a'.repeat(16), 'm'.repeat(20), 's'.repeat(32)]);
    expect(parseProxyConfig({ PUBLIC_ORIGINS: '*' }).publicOrigins).toBe('*');
  });
  it('should refuse short tokens, a negative budget and a public origin with a path, naming each', () => {
    const p = problems({
      API_TOKEN: 'short',
      ANSWER_SIGNING_KEY: 'x'.repeat(31),
      BUDGET_CHAT_REQUESTS_PER_HOUR: '-5',
      PUBLIC_ORIGINS: 'https://quran.mosque.example/ask',
    });
    expect(p).toStrictEqual([
      'PUBLIC_ORIGINS entry "https://quran.mosque.example/ask" must be an origin like https://mosque.example (scheme, host, optional port; no path)',
      'API_TOKEN must be at least 16 characters without spaces; generate one with: openssl rand -hex 32',
      'ANSWER_SIGNING_KEY must be at least 32 characters without spaces; generate one with: openssl rand -hex 32',
      'BUDGET_CHAT_REQUESTS_PER_HOUR="-5" must be a whole number from 0 to 1000000000 (default 0)',
    ]);
  });
});

describe('when feedback is collected', () => {
  it('should read the log switch and the webhook, and scrub the webhook URL from logs', () => {
    const url = 'https://hooks.slack.example/services/T000/B000/secret';
    const c = parseProxyConfig({ FEEDBACK_LOG: 'true', FEEDBACK_WEBHOOK_URL: url, FEEDBACK_WEBHOOK_TIMEOUT_MS: '2000', RATE_LIMIT_FEEDBACK_PER_HOUR: '5' });
    expect(c.feedback).toStrictEqual({ log: true, webhookUrl: url, webhookTimeoutMs: 2000 });
    expect(c.rateLimits.feedbackPerHour).toBe(5);
    expect(c.secrets).toStrictEqual([url]);
  });
  it('should refuse a webhook that is not an http(s) URL', () => {
    expect(problems({ FEEDBACK_WEBHOOK_URL: 'javascript:alert(1)' })).toStrictEqual([
      'FEEDBACK_WEBHOOK_URL (its value is not shown: it holds a secret) must be an http(s) URL, e.g. https://hooks.example.org/quran-dai',
    ]);
    // A webhook URL that does not parse is never printed: its path is the secret.
    expect(problems({ FEEDBACK_WEBHOOK_URL: 'hooks.slack.com/services/T000/B000/XXXXSECRET' }).join(' ')).not.toContain('XXXXSECRET');
    expect(problems({ FEEDBACK_WEBHOOK_URL: 'https://user:secret@hooks.example.org/x' })).toStrictEqual([
      expect.stringMatching(/^FEEDBACK_WEBHOOK_URL must not contain a user name or password \(user:pass@\)/),
    ]);
  });
});

describe('when the proxy runs beyond one process', () => {
  it('should default to one process, memory limits and data from this proxy', () => {
    const c = parseProxyConfig({}, 8);
    expect(c.redis).toBeNull();
    expect(c.workers).toBe(1);
    expect(c.dataPublicUrl).toBe('');
  });
  it('should read REDIS_URL, WORKERS=auto as the cores given and a CDN base URL, and scrub the Redis password', () => {
    const c = parseProxyConfig(
      {
        REDIS_URL: 'redis://:s3cret-redis-password@10.0.0.5:6379/2',
        REDIS_COMMAND_TIMEOUT_MS: '500',
        WORKERS: 'auto',
        DATA_PUBLIC_URL: 'https://cdn.mosque.example/quran-dai/',
      },
      4,
    );
    expect(c.redis).toStrictEqual({ url: 'redis://:s3cret-redis-password@10.0.0.5:6379/2', commandTimeoutMs: 500 });
    expect(c.workers).toBe(4);
    expect(c.dataPublicUrl).toBe('https://cdn.mosque.example/quran-dai');
    expect(c.secrets).toContain('s3cret-redis-password');
  });
  it('should name each bad setting', () => {
    expect(problems({ REDIS_URL: 'http://10.0.0.5:6379', WORKERS: 'many', DATA_PUBLIC_URL: 'cdn.example' })).toStrictEqual([
      "REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (or empty for one process's memory)",
      'WORKERS="many" must be auto (one per CPU core) or a whole number from 1 to 256 (default 1)',
      'DATA_PUBLIC_URL="cdn.example" must be an http(s) URL, e.g. https://cdn.mosque.example/quran-dai',
    ]);
  });
});

describe('when the shared store is Upstash over REST', () => {
  it('should read the REST URL and token, keep the token out of logs, and share the command timeout', () => {
    const c = parseProxyConfig({
      UPSTASH_REDIS_REST_URL: 'https://eu1-example.upstash.io/',
      UPSTASH_REDIS_REST_TOKEN: 'AXyz-upstash-token-123',
      REDIS_COMMAND_TIMEOUT_MS: '400',
    });
    expect(c.upstash).toStrictEqual({ url: 'https://eu1-example.upstash.io', token: 'AXyz-upstash-token-123', commandTimeoutMs: 400 });
    expect(c.redis).toBeNull();
    expect(c.secrets).toStrictEqual(['AXyz-upstash-token-123']);
  });
  it('should name a missing half and refuse two shared stores', () => {
    expect(problems({ UPSTASH_REDIS_REST_URL: 'https://eu1-example.upstash.io' })).toStrictEqual([
      'UPSTASH_REDIS_REST_URL is set but UPSTASH_REDIS_REST_TOKEN is empty; copy the REST token from the Upstash console',
    ]);
    expect(
      problems({ UPSTASH_REDIS_REST_URL: 'https://eu1-example.upstash.io', UPSTASH_REDIS_REST_TOKEN: 't', REDIS_URL: 'redis://127.0.0.1:6379' }),
    ).toStrictEqual(['REDIS_URL and UPSTASH_REDIS_REST_URL are both set; keep one shared store (REDIS_URL where the runtime can open sockets)']);
  });
});
