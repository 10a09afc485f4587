import { afterEach, describe, expect, it } from 'vitest';
import { startFakeWebhook, type FakeWebhook } from '../testing/fake-webhook.js';
import { feedbackRecord } from './feedback-record.js';
import { createFeedbackWebhook, type WebhookOutcome } from './feedback-webhook.js';

const RECORD = feedbackRecord(
  { question: 'Is alcohol forbidden?', rating: 'down', citations: ['5:90'], answer: { text: 'An answer.', signature: 'a'.repeat(43) } },
  new Date('2026-11-23T12:00:00Z'),
  false,
);
let hook: FakeWebhook | undefined;

afterEach(async () => {
  await hook?.close();
  hook = undefined;
});

function recorder(): { outcomes: [WebhookOutcome, string | undefined][]; onOutcome: (o: WebhookOutcome, d?: string) => void } {
  const outcomes: [WebhookOutcome, string | undefined][] = [];
  return { outcomes, onOutcome: (o, d) => outcomes.push([o, d]) };
}

describe('when the webhook answers', () => {
  it('should POST the record as JSON and report it delivered', async () => {
    hook = await startFakeWebhook('ok');
    const r = recorder();
    const webhook = createFeedbackWebhook({ url: hook.url, onOutcome: r.onOutcome });
    webhook.send(RECORD);
    await webhook.idle();
    expect(hook.received).toStrictEqual([JSON.parse(JSON.stringify(RECORD))]);
    expect(r.outcomes).toStrictEqual([['delivered', undefined]]);
  });
});

describe('when the webhook fails', () => {
  it('should report a 500 as failed with its status', async () => {
    hook = await startFakeWebhook('fail');
    const r = recorder();
    const webhook = createFeedbackWebhook({ url: hook.url, onOutcome: r.onOutcome });
    webhook.send(RECORD);
    await webhook.idle();
    expect(r.outcomes).toStrictEqual([['failed', 'HTTP 500']]);
  });

  it('should give up on a webhook that never answers after the timeout', async () => {
    hook = await startFakeWebhook('hang');
    const r = recorder();
    const webhook = createFeedbackWebhook({ url: hook.url, timeoutMs: 100, onOutcome: r.onOutcome });
    webhook.send(RECORD);
    await webhook.idle();
    expect(r.outcomes).toStrictEqual([['timeout', 'no answer in 100 ms']]);
  });

  it('should report a webhook that is down as failed, without throwing', async () => {
    hook = await startFakeWebhook('ok');
    const url = hook.url;
    await hook.close();
    hook = undefined;
    const r = recorder();
    const webhook = createFeedbackWebhook({ url, onOutcome: r.onOutcome });
    expect(() => webhook.send(RECORD)).not.toThrow();
    await webhook.idle();
    expect(r.outcomes.map(([o]) => o)).toStrictEqual(['failed']);
  });
});

describe('when more feedback comes than calls may run', () => {
  it('should queue it and send it as calls finish, dropping (and reporting) only past the queue', async () => {
    hook = await startFakeWebhook('hang');
    const r = recorder();
    const webhook = createFeedbackWebhook({ url: hook.url, timeoutMs: 100, maxInFlight: 2, maxQueued: 3, onOutcome: r.onOutcome });
    for (let i = 0; i < 6; i++) webhook.send(RECORD);
    expect(r.outcomes).toStrictEqual([['dropped', '2 webhook calls in flight and 3 waiting']]);
    await webhook.idle();
    expect(r.outcomes.map(([o]) => o).sort()).toStrictEqual(['dropped', 'timeout', 'timeout', 'timeout', 'timeout', 'timeout']);
  });

  it('should deliver all of 40 ratings sent together to a slow webhook', async () => {
    hook = await startFakeWebhook('ok');
    const r = recorder();
    const webhook = createFeedbackWebhook({ url: hook.url, maxInFlight: 4, onOutcome: r.onOutcome });
    for (let i = 0; i < 40; i++) webhook.send(RECORD);
    await webhook.idle();
    expect(r.outcomes.filter(([o]) => o === 'delivered')).toHaveLength(40);
    expect(hook.received).toHaveLength(40);
  });
});
