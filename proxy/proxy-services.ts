/**
 * @module
 * The proxy's collaborators made from its configuration, one way for both entries (the Node
 * server and the Cloudflare Worker): the metrics, the shared store for limits, budgets and the
 * embed cache (Redis over TCP where the runtime has sockets, Upstash's REST API, or this
 * instance's memory), the question embedder and the chat model. Each entry adds what only it
 * has: its files, the visitor's address, its compression.
 */
import type { VectorIndexManifest } from '../data/index/index-manifest.js';
import { createChatModel } from './chat/chat-model-factory.js';
import type { ProxyConfig } from './config/proxy-config.js';
import { createQueryEmbedder } from './embed/query-embedder.js';
import { createProxyMetrics, type ProxyMetrics } from './metrics/proxy-metrics.js';
import type { ProxyStores } from './shared-store/proxy-stores.js';
import type { RedisCommands } from './shared-store/redis-commands.js';
import { createRedisStores } from './shared-store/redis-stores.js';
import { createSharedStoreHealth } from './shared-store/shared-store-health.js';
import { upstashRestCommands } from './shared-store/upstash-rest-commands.js';

export interface ProxyServicesOptions {
  readonly index: VectorIndexManifest | null;
  /** Opens the Redis connection of REDIS_URL where the runtime has sockets (Node), reporting to the metrics; absent on Workers. */
  readonly connectRedis?: (metrics: ProxyMetrics) => RedisCommands | null;
  /** A question embedder the caller made already (tests); default: the one the index and settings call for. */
  readonly embedder?: ReturnType<typeof createQueryEmbedder>;
  readonly fetch?: typeof fetch;
  /** A scrubbed log line (the entry scrubs secrets). */
  readonly log: (line: string) => void;
  /** The structured start-up notes (`note(event, fields)`). */
  readonly note: Parameters<typeof createQueryEmbedder>[3];
}

export interface ProxyServices {
  readonly metrics: ProxyMetrics;
  /** Undefined: this instance's memory. */
  readonly stores: ProxyStores | undefined;
  readonly sharedStore: 'redis' | 'upstash' | 'memory';
  readonly embedder: ReturnType<typeof createQueryEmbedder>;
  readonly chat: ReturnType<typeof createChatModel> | null;
}

export function createProxyServices(config: ProxyConfig, o: ProxyServicesOptions): ProxyServices {
  const metrics = createProxyMetrics();
  const upstash = config.upstash;
  const redis = o.connectRedis?.(metrics) ?? null;
  const commands =
    redis ??
    (upstash
      ? upstashRestCommands({ url: upstash.url, token: upstash.token, timeoutMs: upstash.commandTimeoutMs, ...(o.fetch ? { fetch: o.fetch } : {}) })
      : null);
  const stores = commands ? createRedisStores(commands, createSharedStoreHealth({ fallbacks: metrics.sharedStoreFallbacks, log: o.log })) : undefined;
  return {
    metrics,
    stores,
    sharedStore: redis ? 'redis' : commands ? 'upstash' : 'memory',
    embedder: o.embedder ?? createQueryEmbedder(o.index, config, o.fetch, o.note),
    chat: config.chat ? createChatModel(config.chat, o.fetch) : null,
  };
}
