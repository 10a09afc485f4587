/**
 * @module
 * The operator's endpoints as a Hono sub-app: `GET /health` (what is served and configured) and
 * `GET /metrics` (Prometheus text, behind its token or loopback; see metricsAccess).
 */
import { Hono } from 'hono';
import type { CorpusHandle } from '../corpus/corpus-handle.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { ProxyEnvBindings } from '../http/app-env.js';
import type { ChatModel } from '../chat/chat-model-factory.js';
import type { ProxyMetrics } from '../metrics/proxy-metrics.js';
import { PROMETHEUS_CONTENT_TYPE } from '../metrics/metrics-registry.js';
import { metricsAccess } from '../middleware/metrics-access/index.js';
import { healthBody } from './info-routes.js';

export interface OpsAppOptions {
  readonly corpus: CorpusHandle;
  readonly index: VectorIndexManifest | null;
  readonly hasEmbedder: boolean;
  readonly chat: ChatModel | null;
  /** Seconds since the app started. */
  readonly uptimeSeconds: () => number;
  readonly metrics: ProxyMetrics;
  readonly metricsToken: string;
  readonly behindReverseProxy: boolean;
  /** Memory of this process (Node: `process.memoryUsage`); undefined: not reported. */
  readonly processMemory: (() => { readonly residentBytes: number; readonly heapUsedBytes: number; readonly externalBytes: number }) | undefined;
  /** What a refused `/metrics` answers (the app's own 404). */
  readonly notFound: () => Response;
}

export function createOpsApp(o: OpsAppOptions): Hono<ProxyEnvBindings> {
  const ops = new Hono<ProxyEnvBindings>();
  ops.get('/health', (c) => c.json(healthBody(o.corpus.manifest, o.index, o.hasEmbedder, o.chat, o.uptimeSeconds()), 200, { 'cache-control': 'no-store' }));
  ops.get('/metrics', metricsAccess({ token: o.metricsToken, behindReverseProxy: o.behindReverseProxy, notFound: o.notFound }), (c) => {
    const memory = o.processMemory?.();
    if (memory) {
      o.metrics.residentMemory.set({}, memory.residentBytes);
      o.metrics.heapUsed.set({}, memory.heapUsedBytes);
      o.metrics.externalMemory.set({}, memory.externalBytes);
    }
    return c.body(o.metrics.registry.render(), 200, { 'content-type': PROMETHEUS_CONTENT_TYPE, 'cache-control': 'no-store' });
  });
  return ops;
}
