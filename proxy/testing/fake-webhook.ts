/**
 * @module
 * Test helper: a site owner's feedback webhook on 127.0.0.1 that records what it receives and
 * can answer 200, answer 500, or never answer.
 */
import type { Server, ServerResponse } from 'node:http';
import { closeLoopbackServer, listenOnLoopback, readBody } from '../../data/testing/loopback-server.js';

export type FakeWebhookMode = 'ok' | 'fail' | 'hang';

export interface FakeWebhook {
  readonly url: string;
  /** Parsed JSON bodies, in arrival order. */
  readonly received: unknown[];
  mode: FakeWebhookMode;
  close(): Promise<void>;
}

export async function startFakeWebhook(mode: FakeWebhookMode = 'ok'): Promise<FakeWebhook> {
  const open = new Set<ServerResponse>();
  const hook: { mode: FakeWebhookMode; received: unknown[] } = { mode, received: [] };
  const { server, url }: { server: Server; url: string } = await listenOnLoopback((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    void readBody(req).then((text) => {
      hook.received.push(JSON.parse(text));
      if (hook.mode === 'hang') return;
      res.writeHead(hook.mode === 'ok' ? 200 : 500, { 'content-type': 'text/plain' }).end(hook.mode === 'ok' ? 'ok' : 'boom');
    });
  });
  return {
    url: `${url}/hooks/feedback`,
    get received() {
      return hook.received;
    },
    get mode() {
      return hook.mode;
    },
    set mode(m) {
      hook.mode = m;
    },
    close: () => closeLoopbackServer(server, open),
  };
}
