/**
 * @module
 * The proxy's metric families (names are part of the ops contract; see README).
 */
import { MetricsRegistry, type Counter, type Histogram } from './metrics-registry.js';

export interface ProxyMetrics {
  readonly registry: MetricsRegistry;
  readonly requests: Counter;
  readonly duration: Histogram;
  readonly embedCache: Counter;
  readonly upstream: Counter;
  readonly upstreamDuration: Histogram;
  readonly tokens: Counter;
  readonly tokensEstimated: Counter;
  readonly activeStreams: Counter;
  readonly rateLimited: Counter;
  readonly budgetRefused: Counter;
  readonly feedback: Counter;
  readonly feedbackWebhook: Counter;
  readonly sharedStoreUp: Counter;
  readonly sharedStoreFallbacks: Counter;
  readonly residentMemory: Counter;
  readonly heapUsed: Counter;
  readonly externalMemory: Counter;
}

export function createProxyMetrics(): ProxyMetrics {
  const registry = new MetricsRegistry();
  return {
    registry,
    requests: registry.counter('quran_dai_http_requests_total', 'HTTP requests by route, method and status.'),
    duration: registry.histogram('quran_dai_http_request_duration_seconds', 'Request duration (streams: until the stream ends).'),
    embedCache: registry.counter('quran_dai_embed_cache_total', 'Query embeddings by cache result (hit, shared, miss, coalesced).'),
    upstream: registry.counter('quran_dai_upstream_requests_total', 'Upstream calls by kind (chat, embed) and outcome.'),
    upstreamDuration: registry.histogram('quran_dai_upstream_duration_seconds', 'Upstream call duration by kind.'),
    tokens: registry.counter('quran_dai_chat_tokens_total', 'LLM tokens by direction (input, output), reported or estimated.'),
    tokensEstimated: registry.counter(
      'quran_dai_chat_tokens_estimated_total',
      "LLM tokens by direction that were estimated from the text (4 characters a token) because the provider's usage report never came (an answer the visitor left, cut or failed); included in quran_dai_chat_tokens_total.",
    ),
    activeStreams: registry.gauge('quran_dai_active_chat_streams', 'Chat answers currently streaming.'),
    rateLimited: registry.counter('quran_dai_rate_limited_total', 'Requests refused by the rate limit, by route.'),
    budgetRefused: registry.counter('quran_dai_budget_refused_total', 'Requests refused by the global spend budget, by route and limit.'),
    feedback: registry.counter('quran_dai_feedback_total', 'Visitor feedback on answers, by rating (up, down).'),
    feedbackWebhook: registry.counter('quran_dai_feedback_webhook_total', 'Feedback webhook calls by outcome (delivered, failed, timeout, dropped).'),
    sharedStoreUp: registry.gauge('quran_dai_shared_store_up', 'Whether the shared store (REDIS_URL) is connected: 1 or 0; absent without REDIS_URL.'),
    sharedStoreFallbacks: registry.counter(
      'quran_dai_shared_store_fallback_total',
      "Shared-store operations served from this instance's memory because Redis failed or was paused after a failure, by store (rate-limit, budget, embed-cache).",
    ),
    residentMemory: registry.gauge('quran_dai_process_resident_memory_bytes', 'Resident memory of the proxy process at scrape time (runtimes that report it).'),
    heapUsed: registry.gauge('quran_dai_process_heap_used_bytes', 'JavaScript heap in use at scrape time (runtimes that report it).'),
    externalMemory: registry.gauge(
      'quran_dai_process_external_memory_bytes',
      'Memory the JavaScript engine tracks outside its heap (Buffers: cached compressed files, bodies in flight) at scrape time.',
    ),
  };
}
