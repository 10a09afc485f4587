/**
 * @module
 * Forwards feedback to the site owner's webhook (FEEDBACK_WEBHOOK_URL) in the background: the
 * visitor's request has already been answered, so a webhook that is down, slow or failing
 * changes nothing for them. Each call has a timeout, and at most `maxInFlight` calls run at
 * once; beyond that feedback is dropped (and counted) rather than queued without bound.
 */
import type { FeedbackRecord } from './feedback-record.js';

export type WebhookOutcome = 'delivered' | 'failed' | 'timeout' | 'dropped';

export interface FeedbackWebhookOptions {
  /** http(s) URL that receives a JSON POST per feedback. Required. */
  readonly url: string;
  /** Per-call limit, ms. Default 5,000. */
  readonly timeoutMs?: number;
  /** Calls running at once before new feedback is dropped. Default 16. */
  readonly maxInFlight?: number;
  readonly fetch?: typeof fetch;
  /** Each call's outcome (metrics, logs). */
  readonly onOutcome?: (outcome: WebhookOutcome, detail?: string) => void;
}

export const DEFAULT_FEEDBACK_WEBHOOK_OPTIONS = {
  timeoutMs: 5_000,
  maxInFlight: 16,
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
  const inFlight = new Set<Promise<void>>();

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
      if (inFlight.size >= maxInFlight) {
        report('dropped', `${maxInFlight} webhook calls already in flight`);
        return;
      }
      const call = deliver(record).finally(() => inFlight.delete(call));
      inFlight.add(call);
    },
    async idle() {
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}
