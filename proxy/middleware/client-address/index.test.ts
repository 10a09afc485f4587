import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { clientAddress, UNKNOWN_CLIENT, type ClientAddressVariables } from './index.js';

function appWith(trustProxy: boolean, remote?: string) {
  const app = new Hono<{ Variables: ClientAddressVariables }>();
  app.use(clientAddress({ trustProxy, remoteAddress: () => remote }));
  app.get('/', (c) => c.text(c.get('clientAddress')));
  return app;
}

describe('when X-Forwarded-For is not trusted', () => {
  it('should use the socket address and ignore the header', async () => {
    const res = await appWith(false, '10.0.0.7').request('/', { headers: { 'x-forwarded-for': '1.2.3.4' } });
    expect(await res.text()).toBe('10.0.0.7');
  });
  it('should fall back to one shared bucket without a socket address', async () => {
    expect(await (await appWith(false).request('/')).text()).toBe(UNKNOWN_CLIENT);
  });
});

describe('when X-Forwarded-For is trusted', () => {
  it('should use the right-most entry, the one the reverse proxy appended', async () => {
    const res = await appWith(true, '127.0.0.1').request('/', { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.9' } });
    expect(await res.text()).toBe('203.0.113.9');
  });
  it('should use the socket address when the header is missing', async () => {
    expect(await (await appWith(true, '127.0.0.1').request('/')).text()).toBe('127.0.0.1');
  });
});

describe('when the socket is dual-stack', () => {
  it('should store an IPv4-mapped IPv6 address as the IPv4 client', async () => {
    expect(await (await appWith(false, '::ffff:198.51.100.7').request('/')).text()).toBe('198.51.100.7');
    expect(await (await appWith(true, '127.0.0.1').request('/', { headers: { 'x-forwarded-for': '::ffff:203.0.113.9' } })).text()).toBe('203.0.113.9');
  });
});
