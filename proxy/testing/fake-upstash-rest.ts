/**
 * @module
 * Test helper: Upstash's REST API on 127.0.0.1 in front of a real `redis-server`, so the REST
 * client is tested on the real wire format (a JSON array per command, a bearer token,
 * `{"result"}` / `{"error"}`) while Redis itself does the counting. It can also be switched off
 * (every call answers 503) to play an outage.
 */
import type { ServerResponse } from 'node:http';
import { Redis } from 'ioredis';
import { closeLoopbackServer, listenOnLoopback, readBody } from '../../data/testing/loopback-server.js';

export interface FakeUpstashRest {
  readonly url: string;
  readonly token: string;
  /** Commands received, e.g. `EVAL`, `GET`, `SET`. */
  readonly commands: string[];
  /** While true, every call answers 503. */
  down: boolean;
  close(): Promise<void>;
}

export async function startFakeUpstashRest(redisUrl: string, token = 'upstash-test-token-0123456789'): Promise<FakeUpstashRest> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const open = new Set<ServerResponse>();
  const state = { down: false, commands: [] as string[] };
  const send = (res: ServerResponse, status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const { server, url } = await listenOnLoopback((req, res) => {
    open.add(res);
    res.on('close', () => open.delete(res));
    void readBody(req).then(async (text) => {
      if (state.down) return send(res, 503, { error: 'Service Unavailable' });
      if (req.method !== 'POST' || req.headers.authorization !== `Bearer ${token}`) return send(res, 401, { error: 'Unauthorized' });
      let command: unknown;
      try {
        command = JSON.parse(text);
      } catch {
        return send(res, 400, { error: 'ERR failed to parse command' });
      }
      if (!Array.isArray(command) || command.length === 0 || !command.every((p) => typeof p === 'string'))
        return send(res, 400, { error: 'ERR command must be an array of strings' });
      const [name, ...args] = command as string[];
      state.commands.push(name!.toUpperCase());
      try {
        send(res, 200, { result: await redis.call(name!, ...args) });
      } catch (error) {
        send(res, 400, { error: (error as Error).message });
      }
    });
  });
  return {
    url,
    token,
    get commands() {
      return state.commands;
    },
    get down() {
      return state.down;
    },
    set down(v) {
      state.down = v;
    },
    async close() {
      await closeLoopbackServer(server, open);
      redis.disconnect();
    },
  };
}
