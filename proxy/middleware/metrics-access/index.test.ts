import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ProxyEnvBindings } from '../../http/app-env.js';
import { clientAddress } from '../client-address/index.js';
import { metricsAccess } from './index.js';

const TOKEN = 'metrics-token-0123456789abcdef';

function appWith(options: { token?: string; remote: string; trustProxy?: boolean }) {
  const app = new Hono<ProxyEnvBindings>();
  app.use(clientAddress({ trustProxy: options.trustProxy ?? false, remoteAddress: () => options.remote }));
  app.get('/metrics', metricsAccess({ token: options.token ?? '', behindReverseProxy: options.trustProxy ?? false }), (c) =>
    c.text('quran_dai_http_requests_total 1'),
  );
  app.onError((e) => (e instanceof HTTPException ? e.getResponse() : new Response('boom', { status: 500 })));
  return app;
}

describe('when no METRICS_TOKEN is set', () => {
  it('should answer a client on this machine', async () => {
    for (const remote of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await appWith({ remote }).request('/metrics');
      expect(res.status, remote).toBe(200);
      expect(await res.text()).toBe('quran_dai_http_requests_total 1');
    }
  });
  it('should answer 404 to anyone else, and to a request forwarded by a reverse proxy on this machine', async () => {
    expect((await appWith({ remote: '203.0.113.9' }).request('/metrics')).status).toBe(404);
    expect((await appWith({ remote: '127.0.0.1' }).request('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(404);
    expect((await appWith({ remote: '127.0.0.1' }).request('/metrics', { headers: { 'x-real-ip': '203.0.113.9' } })).status).toBe(404);
    expect((await appWith({ remote: '127.0.0.1', trustProxy: true }).request('/metrics', { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
  });
});

describe('when METRICS_TOKEN is set', () => {
  it('should answer the token from anywhere and refuse everyone else with 401, loopback included', async () => {
    expect((await appWith({ token: TOKEN, remote: '203.0.113.9' }).request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcd' }] as Record<string, string>[]) {
      const res = await appWith({ token: TOKEN, remote: '127.0.0.1' }).request('/metrics', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
    }
  });
});

describe('when the proxy runs behind a reverse proxy (TRUST_PROXY) without a token', () => {
  it('should close /metrics even to a loopback request with no forwarding header (a bare proxy_pass)', async () => {
    expect((await appWith({ remote: '127.0.0.1', trustProxy: true }).request('/metrics')).status).toBe(404);
    expect(
      (await appWith({ remote: '127.0.0.1', trustProxy: true, token: TOKEN }).request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).status,
    ).toBe(200);
  });
});
