/**
 * @module
 * Forwards feedback to the site owner's webhook (FEEDBACK_WEBHOOK_URL) in the background: the
 * visitor's request has already been answered, so a webhook that is down, slow or failing
 * changes nothing for them. Each call has a timeout, and at most `maxInFlight` calls run at
 * once; feedback beyond that waits in a bounded queue and is sent as calls finish (a slow
 * webhook used to lose 24 of 40 ratings sent together). Only past the queue is feedback
 * dropped, and each drop is reported (metrics and log), never silent.
 */
import type { FeedbackRecord } from './feedback-record.js';

export type WebhookOutcome = 'delivered' | 'failed' | 'timeout' | 'dropped';

export interface FeedbackWebhookOptions {
  /** http(s) URL that receives a JSON POST per feedback. Required. */
  readonly url: string;
  /** Per-call limit, ms. Default 5,000. */
  readonly timeoutMs?: number;
  /** Calls running at once; more feedback waits in the queue. Default 16. */
  readonly maxInFlight?: number;
  /** Feedback waiting for a free call before new feedback is dropped. Default 256. */
  readonly maxQueued?: number;
  readonly fetch?: typeof fetch;
  /** Each call's outcome (metrics, logs). */
  readonly onOutcome?: (outcome: WebhookOutcome, detail?: string) => void;
}

export const DEFAULT_FEEDBACK_WEBHOOK_OPTIONS = {
  timeoutMs: 5_000,
  maxInFlight: 16,
  maxQueued: 256,
} as const;

export interface FeedbackWebhook {
  /** Start delivering `record`; never throws, never waits. */
  send(record: FeedbackRecord): void;
  /** Resolves when no call is in flight (tests, graceful shutdown). */
  idle(): Promise<void>;
}

export function createFeedbackWebhook(options: FeedbackWebhookOptions): FeedbackWebhook {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FEEDBACK_WEBHOOK_OPTIONS.timeoutMs;
  const maxInFlight = options.maxInFlight ?? DEFAULT_FEEDBACK_WEBHOOK_OPTIONS.maxInFlight;
  const doFetch = options.fetch ?? fetch;
  const report = options.onOutcome ?? (() => {});
  const maxQueued = options.maxQueued ?? DEFAULT_FEEDBACK_WEBHOOK_OPTIONS.maxQueued;
  const inFlight = new Set<Promise<void>>();
  const queue: FeedbackRecord[] = [];
  const start = (record: FeedbackRecord): void => {
    const call = deliver(record).finally(() => {
      inFlight.delete(call);
      const next = queue.shift();
      if (next) start(next);
    });
    inFlight.add(call);
  };

  async function deliver(record: FeedbackRecord): Promise<void> {
    try {
      const res = await doFetch(options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(record),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
      await res.body?.cancel().catch(() => {});
      if (res.ok) report('delivered');
      else report('failed', `HTTP ${res.status}`);
    } catch (error) {
      const name = (error as { name?: string } | null)?.name;
      if (name === 'TimeoutError' || name === 'AbortError') report('timeout', `no answer in ${timeoutMs} ms`);
      else report('failed', (error as Error)?.message ?? String(error));
    }
  }

  return {
    send(record) {
      if (inFlight.size < maxInFlight) return start(record);
      if (queue.length < maxQueued) return void queue.push(record);
      report('dropped', `${maxInFlight} webhook calls in flight and ${maxQueued} waiting`);
    },
    async idle() {
      while (inFlight.size || queue.length) await Promise.all([...inFlight]);
    },
  };
}
