import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { compression, negotiate, WEB_ENCODERS } from './index.js';
import { setResourceKey } from '../../http/resource-key.js';

const BIG = JSON.stringify({ texts: Array.from({ length: 400 }, (_, i) => `verse number ${i}`) });

function appWith() {
  const app = new Hono();
  app.use(compression());
  app.get('/json', () => new Response(BIG, { headers: { 'content-type': 'application/json', 'content-length': String(BIG.length), etag: '"v1"' } }));
  app.get('/tiny', () => new Response('{}', { headers: { 'content-type': 'application/json', 'content-length': '2' } }));
  app.get('/sse', () => new Response('data: x\n\n'.repeat(500), { headers: { 'content-type': 'text/event-stream' } }));
  app.get('/vectors', () => new Response(new Uint8Array(5000), { headers: { 'content-type': 'application/vnd.quran-dai.vectors', 'content-length': '5000' } }));
  app.get('/onnx', () => new Response(new Uint8Array(5000), { headers: { 'content-type': 'application/octet-stream', 'content-length': '5000' } }));
  return app;
}

describe('when the client accepts gzip', () => {
  it('should gzip a JSON body, set its length and weaken the ETag', async () => {
    const res = await appWith().request('/json', { headers: { 'accept-encoding': 'gzip, deflate' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('etag')).toBe('W/"v1"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(BIG.length / 3);
    expect(gunzipSync(bytes).toString('utf8')).toBe(BIG);
  });
  it('should gzip the verse vectors (their codes cluster near zero)', async () => {
    const res = await appWith().request('/vectors', { headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(new Uint8Array(await res.arrayBuffer()))).toHaveLength(5000);
  });
  it('should leave small bodies, event streams and binary models alone', async () => {
    const h = { headers: { 'accept-encoding': 'gzip' } };
    for (const path of ['/tiny', '/sse', '/onnx']) {
      expect((await appWith().request(path, h)).headers.get('content-encoding')).toBeNull();
    }
  });
});

describe('when the client accepts no known encoding', () => {
  it('should send the body as is', async () => {
    const res = await appWith().request('/json', { headers: { 'accept-encoding': 'identity' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe(BIG);
  });
});

describe('when negotiating', () => {
  it('should prefer br, honour q=0 and the wildcard', () => {
    const all = { ...WEB_ENCODERS, br: WEB_ENCODERS.gzip! };
    expect(negotiate('gzip, br', all)).toBe('br');
    expect(negotiate('br;q=0, gzip', all)).toBe('gzip');
    expect(negotiate('*', WEB_ENCODERS)).toBe('gzip');
    expect(negotiate('br', WEB_ENCODERS)).toBeUndefined();
  });
});

describe('when compressed bodies are cached', () => {
  function countingApp() {
    let encodes = 0;
    const gzip = () => {
      encodes++;
      return WEB_ENCODERS.gzip!();
    };
    const app = new Hono();
    app.use(compression({ encoders: { gzip } }));
    const file = () => new Response(BIG, { headers: { 'content-type': 'application/json', 'content-length': String(BIG.length), etag: '"v1"' } });
    // Two URL spellings of one static file, and a response that is not a file.
    app.get('/a', (c) => (setResourceKey(c, '/data/x.json'), file()));
    app.get('/b', (c) => (setResourceKey(c, '/data/x.json'), file()));
    app.get('/dynamic', () => file());
    return { app, encodes: () => encodes };
  }
  it('should key on the file, not on the URL it was asked by', async () => {
    const { app, encodes } = countingApp();
    const h = { headers: { 'accept-encoding': 'gzip' } };
    const a = new Uint8Array(await (await app.request('/a', h)).arrayBuffer());
    const b = new Uint8Array(await (await app.request('/b', h)).arrayBuffer());
    expect(b).toStrictEqual(a);
    expect(encodes()).toBe(1);
  });
  it('should answer HEAD with the headers GET sends: its encoding, Vary, the weak ETag and, once known, its length', async () => {
    const { app } = countingApp();
    app.on(
      'HEAD',
      '/a',
      (c) => (
        setResourceKey(c, '/data/x.json'),
        new Response(null, { headers: { 'content-type': 'application/json', 'content-length': String(BIG.length), etag: '"v1"' } })
      ),
    );
    const h = { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } };
    const before = await app.request('/a', h);
    expect([
      before.headers.get('content-encoding'),
      before.headers.get('vary'),
      before.headers.get('etag'),
      before.headers.get('content-length'),
    ]).toStrictEqual(['gzip', 'Accept-Encoding', 'W/"v1"', null]);
    const got = await app.request('/a', { headers: { 'accept-encoding': 'gzip' } });
    const length = (await got.arrayBuffer()).byteLength;
    const after = await app.request('/a', h);
    expect(after.headers.get('content-length')).toBe(String(length));
    expect(after.headers.get('content-encoding')).toBe(got.headers.get('content-encoding'));
  });
  it('should compress a file once for many parallel cold requests, each getting the same bytes', async () => {
    const { app, encodes } = countingApp();
    const h = { headers: { 'accept-encoding': 'gzip' } };
    const bodies = await Promise.all(
      Array.from({ length: 40 }, (_, i) => Promise.resolve(app.request(i % 2 ? '/a' : '/b', h)).then(async (r) => new Uint8Array(await r.arrayBuffer()))),
    );
    expect(encodes()).toBe(1);
    for (const b of bodies) expect(gunzipSync(b).toString('utf8')).toBe(BIG);
  });
  it('should not cache a response that is not a static file', async () => {
    const { app, encodes } = countingApp();
    const h = { headers: { 'accept-encoding': 'gzip' } };
    await (await app.request('/dynamic', h)).arrayBuffer();
    await (await app.request('/dynamic', h)).arrayBuffer();
    expect(encodes()).toBe(2);
  });
});

describe('when compression could cost more than the clients pay for', () => {
  /** Static files whose bodies arrive only when released, recording how many bodies were cancelled. */
  function slowFiles() {
    const state = { bodies: 0, cancelled: 0, release: () => {} };
    const gate = new Promise<void>((r) => (state.release = r));
    const file = (etag: string) => () => {
      state.bodies++;
      const bytes = new TextEncoder().encode(BIG);
      const body = new ReadableStream<Uint8Array>({
        async pull(ctrl) {
          await gate;
          ctrl.enqueue(bytes);
          ctrl.close();
        },
        cancel() {
          state.cancelled++;
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/json', 'content-length': String(bytes.byteLength), etag } });
    };
    return { file, state };
  }
  const gzipOf = async (res: Response) => gunzipSync(new Uint8Array(await res.arrayBuffer())).toString('utf8');
  const tick = () => new Promise((r) => setTimeout(r, 20));
  /** The compression in front of slow static files `/<name>` (each its own file), and a gzip request for one. */
  function slowApp(options: Parameters<typeof compression>[0], names: readonly string[]) {
    const { file, state } = slowFiles();
    const app = new Hono();
    app.use(compression(options));
    for (const f of names) app.get(`/${f}`, (c) => (setResourceKey(c, `/${f}.json`), file(`"${f}"`)()));
    const get = (path: string, signal?: AbortSignal) =>
      Promise.resolve(app.request(new Request(`http://x${path}`, { headers: { 'accept-encoding': 'gzip' }, ...(signal ? { signal } : {}) })));
    return { state, get };
  }

  it('should let a response wait for a busy slot, and compress it once the slot is free', async () => {
    const { state, get } = slowApp({ maxConcurrent: 1 }, ['a', 'b', 'c']);
    const all = ['/a', '/b', '/c'].map((p) => get(p));
    await tick();
    state.release();
    for (const res of await Promise.all(all)) {
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(await gzipOf(res)).toBe(BIG);
    }
  });

  it('should leave the queue for a client that has gone, costing nothing', async () => {
    const { state, get } = slowApp({ maxConcurrent: 1 }, ['a', 'b']);
    const first = get('/a');
    await tick();
    const controller = new AbortController();
    const gone = get('/b', controller.signal);
    await tick();
    controller.abort();
    await gone.catch(() => undefined);
    await tick();
    expect(state.cancelled).toBe(1); // its body released unread, never compressed
    state.release();
    expect(await gzipOf(await first)).toBe(BIG);
  });

  it('should send a body as is when every compression slot is busy and the queue is full', async () => {
    const { state, get } = slowApp({ maxConcurrent: 1, maxQueued: 0 }, ['a', 'b']);
    const first = get('/a');
    await tick();
    const second = await get('/b');
    expect(second.headers.get('content-encoding')).toBeNull();
    state.release();
    expect(await second.text()).toBe(BIG);
    expect(await gzipOf(await first)).toBe(BIG);
  });

  it('should cancel the compression of a client that has gone when no other request waits for it', async () => {
    const { state, get } = slowApp({}, ['a']);
    const controller = new AbortController();
    const gone = get('/a', controller.signal);
    await tick();
    controller.abort();
    await gone.catch(() => undefined);
    await tick();
    expect(state.cancelled).toBe(1);
    // Nothing was cached: the next request compresses again.
    state.release();
    expect(await gzipOf(await get('/a'))).toBe(BIG);
    expect(state.bodies).toBe(2);
  });

  it('should keep a compression going while another request still waits for it', async () => {
    const { state, get } = slowApp({}, ['a']);
    const controller = new AbortController();
    const gone = get('/a', controller.signal);
    await tick();
    const staying = get('/a');
    await tick();
    controller.abort();
    state.release();
    await gone.catch(() => undefined);
    expect(await gzipOf(await staying)).toBe(BIG);
    // The second request's own body was released unread; the shared one ran to its end.
    expect(state.cancelled).toBe(1);
    expect(state.bodies).toBe(2);
  });

  it('should offer no deflate: a client asking for it alone gets the body as is', async () => {
    const res = await appWith().request('/json', { headers: { 'accept-encoding': 'deflate' } });
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
