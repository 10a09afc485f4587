import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { ProxyEnvBindings } from '../../http/app-env.js';
import { rateLimit } from './index.js';

function appWith(limit: number, clock: { t: number }) {
  const app = new Hono<ProxyEnvBindings>();
  app.use(async (c, next) => {
    c.set('clientAddress', c.req.header('x-client') ?? 'a');
    await next();
  });
  app.get('/x', rateLimit({ limit, windowMs: 60_000, now: () => clock.t, name: 'chat' }), (c) => c.text('ok'));
  return app;
}

describe('when a client stays under the limit', () => {
  it('should pass every request and report the remaining budget', async () => {
    const app = appWith(3, { t: 0 });
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await app.request('/x')).status);
    expect(statuses).toStrictEqual([200, 200, 200]);
    const res = await appWith(3, { t: 0 }).request('/x');
    expect(res.headers.get('ratelimit-remaining')).toBe('2');
  });
});

describe('when a client goes over the limit', () => {
  it('should answer 429 JSON with Retry-After in seconds until the window resets', async () => {
    const clock = { t: 1_000 };
    const app = appWith(2, clock);
    await app.request('/x');
    clock.t += 15_000;
    await app.request('/x');
    const res = await app.request('/x');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('45');
    expect(await res.json()).toStrictEqual({ error: { code: 'rate-limited', message: 'Too many chat requests; try again in 45 seconds.' } });
  });

  it('should let the client in again when the window has passed', async () => {
    const clock = { t: 0 };
    const app = appWith(1, clock);
    expect((await app.request('/x')).status).toBe(200);
    expect((await app.request('/x')).status).toBe(429);
    clock.t += 60_000;
    expect((await app.request('/x')).status).toBe(200);
  });

  it('should not count one client against another', async () => {
    const app = appWith(1, { t: 0 });
    expect((await app.request('/x', { headers: { 'x-client': 'a' } })).status).toBe(200);
    expect((await app.request('/x', { headers: { 'x-client': 'a' } })).status).toBe(429);
    expect((await app.request('/x', { headers: { 'x-client': 'b' } })).status).toBe(200);
  });
});

describe('when the options are invalid', () => {
  it('should fail fast on a limit below 1', () => {
    expect(() => rateLimit({ limit: 0 })).toThrow(/limit must be >= 1/);
  });
});
