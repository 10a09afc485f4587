import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { DEMO_CONTENT_SECURITY_POLICY, pagePolicy } from './index.js';

function appWith() {
  const app = new Hono();
  app.use(pagePolicy());
  app.get('/', (c) => c.html('<!doctype html><title>demo</title>'));
  app.get('/data.json', (c) => c.json({ ok: true }));
  return app;
}

describe('when an HTML page is served', () => {
  it('should send the CSP and the Permissions-Policy', async () => {
    const res = await appWith().request('/');
    expect(res.headers.get('content-security-policy')).toBe(
      "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'self'",
    );
    expect(res.headers.get('permissions-policy')).toContain('camera=()');
    expect(res.headers.get('permissions-policy')).toContain('microphone=()');
  });
});

describe('when data is served', () => {
  it('should leave it alone', async () => {
    const res = await appWith().request('/data.json');
    expect(res.headers.get('content-security-policy')).toBeNull();
    expect(DEMO_CONTENT_SECURITY_POLICY).not.toContain('unsafe-inline');
  });
});
