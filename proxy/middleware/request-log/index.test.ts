import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { REDACTED } from '../../http/secret-scrubber.js';
import { requestLog, type RequestLogVariables } from './index.js';

function appWith(lines: string[], secrets: string[] = []) {
  let t = 100;
  const app = new Hono<{ Variables: RequestLogVariables }>();
  app.use(requestLog({ write: (l) => lines.push(l), now: () => (t += 7), wallClock: () => 0, secrets }));
  app.get('/plain', (c) => {
    c.get('logFields').cache = 'hit';
    return c.text('ok');
  });
  app.get('/stream', (c) => {
    let done!: () => void;
    c.set('logUntil', new Promise<void>((r) => (done = r)));
    setTimeout(() => {
      c.get('logFields').tokensOut = 42;
      done();
    }, 10);
    return c.text('streaming');
  });
  app.get('/leak', (c) => {
    c.get('logFields').errorCode = 'key sk-SECRET-123 leaked';
    return c.text('x', 500);
  });
  return app;
}

describe('when a request completes', () => {
  it('should write exactly one JSON line with route, status, duration and route fields', async () => {
    const lines: string[] = [];
    await appWith(lines).request('/plain');
    expect(lines.map((l) => JSON.parse(l))).toStrictEqual([
      { time: '1970-01-01T00:00:00.000Z', method: 'GET', route: '/plain', status: 200, durationMs: 7, cache: 'hit' },
    ]);
  });
});

describe('when a route streams', () => {
  it('should wait for the stream to end and include its final numbers', async () => {
    const lines: string[] = [];
    await appWith(lines).request('/stream');
    expect(lines).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 30));
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!).tokensOut).toBe(42);
  });
});

describe('when a field contains a secret', () => {
  it('should redact every configured secret', async () => {
    const lines: string[] = [];
    await appWith(lines, ['sk-SECRET-123']).request('/leak');
    expect(lines[0]).not.toContain('sk-SECRET-123');
    expect(lines[0]).toContain(REDACTED);
  });
});
