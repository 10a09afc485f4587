import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { ProxyEnvBindings } from '../../http/app-env.js';
import { rateLimit, type RateLimitOptions } from './index.js';

function appWith(limit: number, clock: { t: number }, extra: Partial<RateLimitOptions> = {}) {
  const app = new Hono<ProxyEnvBindings>();
  app.use(async (c, next) => {
    c.set('clientAddress', c.req.header('x-client') ?? 'a');
    await next();
  });
  app.get('/x', rateLimit({ limit, windowMs: 60_000, now: () => clock.t, name: 'chat', ...extra }), (c) => c.text('ok'));
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

describe('when one IPv6 client rotates through its /64', () => {
  it('should count every address of the block as the same client', async () => {
    const app = appWith(2, { t: 0 });
    const statuses = [];
    for (const ip of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:ffff::3'])
      statuses.push((await app.request('/x', { headers: { 'x-client': ip } })).status);
    expect(statuses).toStrictEqual([200, 200, 429]);
    expect((await app.request('/x', { headers: { 'x-client': '2001:db8:5:7::1' } })).status).toBe(200);
  });
  it('should count an IPv4-mapped address with its IPv4 form', async () => {
    const app = appWith(1, { t: 0 });
    expect((await app.request('/x', { headers: { 'x-client': '198.51.100.7' } })).status).toBe(200);
    expect((await app.request('/x', { headers: { 'x-client': '::ffff:198.51.100.7' } })).status).toBe(429);
  });
});

describe('when the client table is full', () => {
  it('should let a new client in by forgetting the client with the fewest requests, never one at its limit', async () => {
    const clock = { t: 0 };
    const app = appWith(3, clock, { maxKeys: 3 });
    const as = (ip: string) => app.request('/x', { headers: { 'x-client': ip } });
    for (let i = 0; i < 4; i++) await as('10.0.0.1'); // at its limit (3) and refused
    await as('10.0.0.2');
    await as('10.0.0.2'); // two requests
    await as('10.0.0.3'); // one request: the table is full
    // A flood of one-request clients keeps replacing each other, not the others.
    for (let i = 10; i < 60; i++) expect((await as(`10.0.1.${i}`)).status).toBe(200);
    expect((await as('10.0.0.9')).status).toBe(200); // a well-behaved newcomer gets in
    expect((await as('10.0.0.1')).status).toBe(429); // the limited client is still limited
    expect((await as('10.0.0.2')).status).toBe(200); // and the two-request client kept its count (3rd of 3)
    expect((await as('10.0.0.2')).status).toBe(429);
  });

  it('should refuse a new client with 503 only when every tracked client has reached its limit', async () => {
    const clock = { t: 0 };
    const app = appWith(1, clock, { maxKeys: 2 });
    const as = (ip: string) => app.request('/x', { headers: { 'x-client': ip } });
    expect((await as('10.0.0.1')).status).toBe(200);
    expect((await as('10.0.0.1')).status).toBe(429); // limited
    clock.t += 10_000;
    expect((await as('10.0.0.2')).status).toBe(200); // table now full
    const refused = await as('10.0.0.3');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('50'); // when the oldest window (10.0.0.1) ends
    expect(await refused.json()).toStrictEqual({
      error: { code: 'too-many-clients', message: 'The proxy is serving too many visitors right now; try again in 50 seconds.' },
    });
    // A flood of newcomers never washed out the limited client's window.
    for (let i = 4; i < 50; i++) await as(`10.0.0.${i}`);
    expect((await as('10.0.0.1')).status).toBe(429);
    expect((await as('10.0.0.2')).status).toBe(429);
  });
  it('should refuse a newcomer for at most a minute when the table is full of limited clients', async () => {
    const clock = { t: 0 };
    const app = appWith(1, clock, { maxKeys: 2, windowMs: 3_600_000 });
    const as = (ip: string) => app.request('/x', { headers: { 'x-client': ip } });
    await as('10.0.0.1');
    await as('10.0.0.2'); // both at their limit: the table is full of limited clients
    clock.t += 59_000;
    const refused = await as('10.0.0.3');
    expect([refused.status, refused.headers.get('retry-after')]).toStrictEqual([503, '1']);
    clock.t += 1_000; // the first window is a minute old: it gives way
    expect((await as('10.0.0.3')).status).toBe(200);
    expect((await as('10.0.0.2')).status).toBe(429); // the other limited client is still limited
  });
  it("should not count invalid requests: junk neither spends a visitor's allowance nor fills the table", async () => {
    const clock = { t: 0 };
    const app = new Hono<ProxyEnvBindings>();
    app.use(async (c, next) => {
      c.set('clientAddress', c.req.header('x-client') ?? 'a');
      await next();
    });
    app.post('/x', rateLimit({ limit: 2, windowMs: 60_000, now: () => clock.t, name: 'chat', maxKeys: 2 }), async (c) =>
      (await c.req.text()) === 'ok' ? c.text('ok') : c.json({ error: { code: 'invalid-json' } }, 400),
    );
    const post = (ip: string, body: string) => app.request('/x', { method: 'POST', body, headers: { 'x-client': ip } });
    for (let i = 0; i < 20; i++) expect((await post('10.0.0.1', 'junk')).status).toBe(400);
    for (let i = 0; i < 20; i++) expect((await post(`10.0.1.${i}`, 'junk')).status).toBe(400);
    expect((await post('10.0.0.1', 'ok')).status).toBe(200);
    expect((await post('10.0.0.1', 'ok')).status).toBe(200);
    expect((await post('10.0.0.1', 'ok')).status).toBe(429);
    expect((await post('10.0.0.9', 'ok')).status).toBe(200);
  });
  it('should make room from windows that have ended, oldest first', async () => {
    const clock = { t: 0 };
    const app = appWith(1, clock, { maxKeys: 2 });
    const as = (ip: string) => app.request('/x', { headers: { 'x-client': ip } });
    await as('10.0.0.1');
    clock.t += 30_000;
    await as('10.0.0.2');
    clock.t += 30_000; // 10.0.0.1's window has ended; 10.0.0.2's has not
    expect((await as('10.0.0.3')).status).toBe(200);
    expect((await as('10.0.0.2')).status).toBe(429);
    expect((await as('10.0.0.4')).status).toBe(503);
  });
});

describe('when the options are invalid', () => {
  it('should fail fast on a limit below 1', () => {
    expect(() => rateLimit({ limit: 0 })).toThrow(/limit must be >= 1/);
    expect(() => rateLimit({ limit: 1, maxKeys: 0 })).toThrow(/maxKeys must be >= 1/);
  });
});
