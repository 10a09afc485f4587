import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { hostCheck, hostnameOf, type HostCheckOptions } from './index.js';

function appWith(options: HostCheckOptions = {}) {
  const app = new Hono();
  app.use(hostCheck(options));
  app.get('/health', (c) => c.text('ok'));
  app.onError((e) => (e instanceof HTTPException ? e.getResponse() : new Response('boom', { status: 500 })));
  return app;
}

const asHost = (app: Hono, host: string, headers: Record<string, string> = {}) => app.request('http://127.0.0.1/health', { headers: { host, ...headers } });

describe("when no public origin is configured (a developer's local proxy)", () => {
  it('should answer loopback names and IP literals on any port', async () => {
    const app = appWith();
    for (const host of [
      '127.0.0.1:8787',
      'localhost:8787',
      'LOCALHOST',
      '[::1]:8787',
      'app.localhost:3000',
      '192.168.1.20:8787',
      '10.0.0.5',
      'localhost.:8787',
    ]) {
      expect((await asHost(app, host)).status, host).toBe(200);
    }
  });
  it('should refuse a DNS name pointed at it (DNS rebinding) with 421 naming PUBLIC_ORIGINS', async () => {
    const res = await asHost(appWith(), 'evil.example:8787');
    expect(res.status).toBe(421);
    expect(await res.json()).toStrictEqual({
      error: {
        code: 'host-not-allowed',
        message:
          'This proxy does not answer for the host "evil.example:8787"; if that is its public name, add its origin (e.g. https://evil.example) to PUBLIC_ORIGINS.',
      },
    });
    for (const host of ['127.0.0.1.evil.example', 'localhost.evil.example', 'evil.example@127.0.0.1', '127.0.0.1/x', '']) {
      expect((await asHost(appWith(), host)).status, host).toBe(421);
    }
  });
});

describe('when the public origins are configured', () => {
  it('should answer those names (any port) and still loopback', async () => {
    const app = appWith({ publicOrigins: ['https://quran.mosque.example'] });
    expect((await asHost(app, 'quran.mosque.example')).status).toBe(200);
    expect((await asHost(app, 'Quran.Mosque.Example:443')).status).toBe(200);
    expect((await asHost(app, '127.0.0.1:8787')).status).toBe(200);
    expect((await asHost(app, 'mosque.example')).status).toBe(421);
  });
  it('should switch the check off for *', async () => {
    expect((await asHost(appWith({ publicOrigins: '*' }), 'anything.example')).status).toBe(200);
  });
});

describe('when behind a reverse proxy', () => {
  it('should never take X-Forwarded-Host for the host: a page can send it', async () => {
    const app = appWith({ publicOrigins: ['https://quran.mosque.example'] });
    expect((await asHost(app, 'evil.example', { 'x-forwarded-host': 'quran.mosque.example' })).status).toBe(421);
    expect((await asHost(app, 'quran.mosque.example', { 'x-forwarded-host': 'evil.example' })).status).toBe(200);
  });
});

describe('when reading a Host value', () => {
  it('should give the bare lower-case name', () => {
    expect(hostnameOf('Example.COM:80')).toBe('example.com');
    expect(hostnameOf('[::1]:8787')).toBe('[::1]');
    expect(hostnameOf('a b')).toBeNull();
  });
});
