import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { apiAccess } from './index.js';

const TOKEN = 'server-token-0123456789abcdef';

function appWith(apiToken = '') {
  const app = new Hono();
  app.use('/api/*', apiAccess({ allowedOrigins: ['https://mosque.example'], apiToken }));
  app.post('/api/x', (c) => c.json({ ok: true }));
  app.onError((e) => (e instanceof HTTPException ? e.getResponse() : new Response('boom', { status: 500 })));
  return app;
}

const post = (headers: Record<string, string> = {}) => ({ method: 'POST', headers }) as RequestInit;

describe('when a request has no Origin and no token (curl, a script)', () => {
  it('should refuse it with 403 origin-required', async () => {
    const res = await appWith(TOKEN).request('http://proxy.example/api/x', post());
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('origin-required');
    expect(body.error.message).toContain('API_TOKEN');
  });
});

describe('when a web page calls', () => {
  it("should serve an allowed origin and the proxy's own origin, and refuse others", async () => {
    const app = appWith();
    const allowed = await app.request('http://proxy.example/api/x', post({ origin: 'https://mosque.example' }));
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://mosque.example');
    expect((await app.request('http://proxy.example/api/x', post({ origin: 'http://proxy.example' }))).status).toBe(200);
    const other = await app.request('http://proxy.example/api/x', post({ origin: 'https://evil.example' }));
    expect(other.status).toBe(403);
    expect(((await other.json()) as { error: { code: string } }).error.code).toBe('origin-not-allowed');
  });
});

describe('when a server sends the bearer token', () => {
  it('should serve the right token without an Origin', async () => {
    const res = await appWith(TOKEN).request('http://proxy.example/api/x', post({ authorization: `Bearer ${TOKEN}` }));
    expect(res.status).toBe(200);
    expect(await res.json()).toStrictEqual({ ok: true });
  });
  it('should refuse a wrong, empty or unconfigured token with 401', async () => {
    for (const [token, header] of [
      [TOKEN, `Bearer ${TOKEN}x`],
      [TOKEN, `Bearer ${TOKEN.slice(0, -1)}`],
      [TOKEN, 'Bearer '],
      [TOKEN, 'Basic abc'],
      ['', `Bearer ${TOKEN}`],
    ] as const) {
      const res = await appWith(token).request('http://proxy.example/api/x', post({ authorization: header, origin: 'https://mosque.example' }));
      expect(res.status, header).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer');
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('invalid-token');
    }
  });
});
