import { describe, expect, it } from 'vitest';
import { createProxyMetrics } from '../../proxy/metrics/proxy-metrics.js';
import { createTestProxy, TEST_PROXY_ORIGIN } from '../../proxy/testing/test-proxy.js';
import { ProxyError } from './proxy-error.js';
import { postFeedback } from './post-feedback.js';
import { createAnswerSigner } from '../../proxy/chat/answer-signer.js';

const KEY = 'answer-signing-key-for-tests-0123456789';

/** The widget's request, answered by the real proxy app as if from the demo page. */
function fetchThrough(app: { request: (url: string, init?: RequestInit) => Response | Promise<Response> }): typeof fetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('origin', TEST_PROXY_ORIGIN);
    return app.request(String(input), { ...init, headers });
  }) as typeof fetch;
}

describe('postFeedback', () => {
  it("should reach the proxy's /api/feedback and be counted", async () => {
    const metrics = createProxyMetrics();
    const { app } = await createTestProxy({ FEEDBACK_LOG: 'true', ANSWER_SIGNING_KEY: KEY }, { metrics });
    const signature = await createAnswerSigner(KEY).sign('Who was Jesus?', 'An answer.');
    await postFeedback(
      'http://localhost/',
      { question: 'Who was Jesus?', rating: 'up', citations: ['3:59'], answer: { text: 'An answer.', signature } },
      fetchThrough(app),
    );
    expect(metrics.registry.render()).toContain('quran_dai_feedback_total{rating="up"} 1');
  });

  it("should reject with the proxy's message when it refuses", async () => {
    const { app } = await createTestProxy({ FEEDBACK_LOG: 'true' });
    const error = await postFeedback(
      'http://localhost/',
      { question: 'q', rating: 'up', citations: ['1:8'], answer: { text: 'An answer.', signature: 'a'.repeat(43) } },
      fetchThrough(app),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProxyError);
    expect((error as ProxyError).message).toContain('citations[0]: 1:8 is not a verse of the Quran');
  });
});
