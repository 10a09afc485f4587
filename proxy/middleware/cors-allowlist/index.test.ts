import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { corsAllowlist } from './index.js';

function appWith(allowedOrigins: readonly string[] | '*') {
  const app = new Hono();
  app.use('/api/*', corsAllowlist({ allowedOrigins }));
  app.post('/api/x', (c) => c.json({ ok: true }));
  app.onError((e) => (e instanceof HTTPException ? e.getResponse() : new Response('boom', { status: 500 })));
  return app;
}

const post = (origin?: string, host = 'proxy.example') => ({ method: 'POST', headers: { ...(origin ? { origin } : {}), host } }) as RequestInit;

describe('when the origin is on the allowlist', () => {
  it('should answer with that origin in Access-Control-Allow-Origin', async () => {
    const res = await appWith(['https://mosque.example']).request('http://proxy.example/api/x', post('https://mosque.example'));
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://mosque.example');
    expect(res.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });
  it('should answer a preflight', async () => {
    const res = await appWith(['https://mosque.example']).request('http://proxy.example/api/x', {
      method: 'OPTIONS',
      headers: { origin: 'https://mosque.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://mosque.example');
    expect(res.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('content-type');
  });
});

describe('when the origin is not allowed', () => {
  it('should refuse the call with 403 JSON and no CORS headers', async () => {
    const res = await appWith(['https://mosque.example']).request('http://proxy.example/api/x', post('https://evil.example'));
    expect(res.status).toBe(403);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('origin-not-allowed');
  });
  it('should refuse the preflight too', async () => {
    const res = await appWith([]).request('http://proxy.example/api/x', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(res.status).toBe(403);
  });
});

describe('when the request is same-origin or has no Origin', () => {
  it('should allow the page served by the proxy itself', async () => {
    expect((await appWith([]).request('http://proxy.example/api/x', post('http://proxy.example'))).status).toBe(200);
  });
  it('should allow same-origin behind a TLS-terminating proxy (https origin, same Host)', async () => {
    expect((await appWith([]).request('http://proxy.example/api/x', post('https://proxy.example'))).status).toBe(200);
  });
  it('should allow requests without Origin (curl, servers)', async () => {
    expect((await appWith([]).request('http://proxy.example/api/x', post())).status).toBe(200);
  });
});

describe('when every origin is allowed', () => {
  it('should accept any origin', async () => {
    const res = await appWith('*').request('http://proxy.example/api/x', post('https://anyone.example'));
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://anyone.example');
  });
});
