import { afterEach, describe, expect, it } from 'vitest';
import { createProxyMetrics } from '../metrics/proxy-metrics.js';
import { startFakeWebhook, type FakeWebhook } from '../testing/fake-webhook.js';
import { chatInit, createTestProxy as createProxy } from '../testing/test-proxy.js';
import { createAnswerSigner } from '../chat/answer-signer.js';

/** Every proxy here signs with KEY, so the rated answer is one it gave. */
const createTestProxy = (env: Record<string, string> = {}, deps?: Parameters<typeof createProxy>[1]) => createProxy({ ANSWER_SIGNING_KEY: KEY, ...env }, deps);

const KEY = 'answer-signing-key-for-tests-0123456789';
const ANSWER = 'Wine and gambling hold great sin [2:219].';
const THUMBS_DOWN = {
  question: 'Is drinking alcohol forbidden?',
  rating: 'down',
  comment: 'It missed 5:90',
  citations: ['2:219', '4:43'],
  lang: 'en',
  answer: { text: ANSWER, signature: await createAnswerSigner(KEY).sign('Is drinking alcohol forbidden?', ANSWER) },
};
const post = (body: unknown, headers: Record<string, string> = {}) => chatInit(body, headers);
let hook: FakeWebhook | undefined;

afterEach(async () => {
  await hook?.close();
  hook = undefined;
});

/** The request-log line of the feedback request. */
function feedbackLine(logs: readonly string[]): Record<string, unknown> {
  const line = logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.route === '/api/feedback');
  if (!line) throw new Error(`no /api/feedback log line in ${logs.join('\n')}`);
  return line;
}

describe('when feedback is not collected', () => {
  it('should answer 503 feedback-not-configured and tell widgets not to post', async () => {
    const { app } = await createTestProxy();
    const res = await app.request('/api/feedback', post(THUMBS_DOWN));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('feedback-not-configured');
    expect(await (await app.request('/api/config')).json()).toMatchObject({ feedback: false });
  });
});

describe('when FEEDBACK_LOG=true', () => {
  it("should answer 202, count the rating and log it without the visitor's words", async () => {
    const metrics = createProxyMetrics();
    const { app, logs } = await createTestProxy({ FEEDBACK_LOG: 'true' }, { metrics });
    expect(await (await app.request('/api/config')).json()).toMatchObject({ feedback: true });
    const res = await app.request('/api/feedback', post(THUMBS_DOWN));
    expect(res.status).toBe(202);
    expect(await res.json()).toStrictEqual({ ok: true });
    const line = feedbackLine(logs);
    // The verses the signed answer cites, not the list the page sent (it added 4:43).
    expect(line).toMatchObject({ status: 202, feedback: 'down', citations: '2:219', hasComment: true, lang: 'en' });
    expect(JSON.stringify(logs)).not.toContain('alcohol');
    expect(JSON.stringify(logs)).not.toContain('missed');
    expect(metrics.registry.render()).toContain('quran_dai_feedback_total{rating="down"} 1');
  });

  it('should log the question and comment only with LOG_USER_TEXT=true', async () => {
    const { app, logs } = await createTestProxy({ FEEDBACK_LOG: 'true', LOG_USER_TEXT: 'true' });
    await app.request('/api/feedback', post(THUMBS_DOWN));
    expect(feedbackLine(logs)).toMatchObject({ question: 'Is drinking alcohol forbidden?', comment: 'It missed 5:90' });
  });

  it('should refuse a bad body with the field to fix', async () => {
    const { app } = await createTestProxy({ FEEDBACK_LOG: 'true' });
    const res = await app.request('/api/feedback', post({ ...THUMBS_DOWN, rating: 'meh' }));
    expect(res.status).toBe(400);
    expect(await res.json()).toStrictEqual({ error: { code: 'invalid-field', message: 'rating: rating must be "up" or "down"', field: 'rating' } });
  });

  it('should refuse a body over 16 KB with 413', async () => {
    const { app } = await createTestProxy({ FEEDBACK_LOG: 'true' });
    const res = await app.request('/api/feedback', post({ ...THUMBS_DOWN, comment: 'x'.repeat(17_000) }));
    expect(res.status).toBe(413);
  });

  it('should refuse a rating of an answer this proxy did not give, and count nothing', async () => {
    const metrics = createProxyMetrics();
    const { app } = await createTestProxy({ FEEDBACK_LOG: 'true' }, { metrics });
    for (const answer of [
      { ...THUMBS_DOWN.answer, text: 'Another answer.' },
      { ...THUMBS_DOWN.answer, signature: 'A'.repeat(43) },
    ]) {
      const res = await app.request('/api/feedback', post({ ...THUMBS_DOWN, answer }));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'unknown-answer', field: 'answer' } });
    }
    const unsigned = await app.request('/api/feedback', post({ ...THUMBS_DOWN, answer: undefined }));
    expect(((await unsigned.json()) as { error: { field: string } }).error.field).toBe('answer');
    expect(metrics.registry.render()).not.toContain('quran_dai_feedback_total{');
  });

  it('should rate-limit one visitor at RATE_LIMIT_FEEDBACK_PER_HOUR', async () => {
    const { app } = await createTestProxy({ FEEDBACK_LOG: 'true', RATE_LIMIT_FEEDBACK_PER_HOUR: '2' });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.request('/api/feedback', post(THUMBS_DOWN))).status);
    expect(statuses).toStrictEqual([202, 202, 429]);
  });

  it('should refuse a page that is not allowed, like the paid endpoints', async () => {
    const { app } = await createTestProxy({ FEEDBACK_LOG: 'true', ALLOWED_ORIGINS: 'https://mosque.example' });
    const res = await app.request('/api/feedback', post(THUMBS_DOWN, { origin: 'https://elsewhere.example' }));
    expect(res.status).toBe(403);
  });
});

describe('when FEEDBACK_WEBHOOK_URL is set', () => {
  it("should forward the record without the visitor's words and count the delivery", async () => {
    hook = await startFakeWebhook('ok');
    const metrics = createProxyMetrics();
    const { app } = await createTestProxy({ FEEDBACK_WEBHOOK_URL: hook.url }, { metrics });
    expect((await app.request('/api/feedback', post(THUMBS_DOWN))).status).toBe(202);
    await expect.poll(() => hook!.received.length).toBe(1);
    expect(hook.received[0]).toMatchObject({ type: 'quran-dai-feedback', rating: 'down', citations: ['2:219'], hasComment: true });
    expect(JSON.stringify(hook.received[0])).not.toContain('alcohol');
    await expect.poll(() => metrics.registry.render()).toContain('quran_dai_feedback_webhook_total{outcome="delivered"} 1');
  });

  it.each(['fail', 'hang'] as const)('should answer the visitor 202 at once when the webhook is %s, and log it scrubbed', async (mode) => {
    hook = await startFakeWebhook(mode);
    const metrics = createProxyMetrics();
    const { app, logs } = await createTestProxy({ FEEDBACK_WEBHOOK_URL: hook.url, FEEDBACK_WEBHOOK_TIMEOUT_MS: '200' }, { metrics });
    const res = await app.request('/api/feedback', post(THUMBS_DOWN));
    expect(res.status).toBe(202);
    const outcome = mode === 'fail' ? 'failed' : 'timeout';
    // The visitor's answer did not wait for the webhook.
    if (mode === 'hang') expect(metrics.registry.render()).not.toContain('outcome="timeout"');
    await expect.poll(() => metrics.registry.render(), { timeout: 3000 }).toContain(`quran_dai_feedback_webhook_total{outcome="${outcome}"} 1`);
    const line = logs.find((l) => l.includes('feedback-webhook'))!;
    expect(JSON.parse(line)).toMatchObject({ event: 'feedback-webhook', outcome });
    expect(logs.join('\n')).not.toContain(hook.url);
  });

  it('should answer 202 when the webhook is down', async () => {
    hook = await startFakeWebhook('ok');
    const url = hook.url;
    await hook.close();
    hook = undefined;
    const metrics = createProxyMetrics();
    const { app } = await createTestProxy({ FEEDBACK_WEBHOOK_URL: url }, { metrics });
    expect((await app.request('/api/feedback', post(THUMBS_DOWN))).status).toBe(202);
    await expect.poll(() => metrics.registry.render()).toContain('quran_dai_feedback_webhook_total{outcome="failed"} 1');
  });
});

describe('when a comment carries chat markup, new lines or direction controls', () => {
  it('should reach the webhook and the log as one plain line, markup escaped for the chat', async () => {
    hook = await startFakeWebhook('ok');
    const { app, logs } = await createTestProxy({ FEEDBACK_WEBHOOK_URL: hook.url, FEEDBACK_LOG: 'true', LOG_USER_TEXT: 'true' });
    const comment = 'Bad <!channel>\n<https://evil.example|click> & \u2028more\u202E';
    expect((await app.request('/api/feedback', post({ ...THUMBS_DOWN, comment }))).status).toBe(202);
    await expect.poll(() => hook!.received.length).toBe(1);
    const record = hook.received[0] as { text: string; comment: string };
    expect(record.text).toContain('"Bad &lt;!channel&gt; &lt;https:\u2060//evil.example|click&gt; &amp; more"');
    expect(record.comment).toBe('Bad <!channel> <https://evil.example|click> & more');
    expect(feedbackLine(logs).comment).toBe('Bad <!channel> <https://evil.example|click> & more');
    expect(logs.join('\n')).not.toMatch(/[\u2028\u202e]/);
  });
});

describe('when a comment mentions a channel or hides a link in markdown', () => {
  it('should mention nobody and link nowhere in the chat text', async () => {
    hook = await startFakeWebhook('ok');
    const { app } = await createTestProxy({ FEEDBACK_WEBHOOK_URL: hook.url, LOG_USER_TEXT: 'true' });
    const comment = '@channel @here @all see [this](https://evil.example) and https://evil.example/x';
    expect((await app.request('/api/feedback', post({ ...THUMBS_DOWN, comment }))).status).toBe(202);
    await expect.poll(() => hook!.received.length).toBe(1);
    const { text } = hook.received[0] as { text: string };
    expect(text).not.toMatch(/@(channel|here|all)\b/);
    // An escaped bracket is no markdown link.
    expect(text).not.toMatch(/(?<!\\)\]\(https?:/);
    expect(text).not.toContain('https://');
    expect(text.replace(/\u2060|\\/g, '')).toContain('@channel @here @all see [this](https://evil.example)');
  });
});

describe('when one answer is rated again and again', () => {
  it('should count its first three ratings in an hour and refuse the rest with 429', async () => {
    const { app } = await createTestProxy({ FEEDBACK_LOG: 'true', RATE_LIMIT_FEEDBACK_PER_HOUR: '100' });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await app.request('/api/feedback', post(THUMBS_DOWN))).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
  });
});
