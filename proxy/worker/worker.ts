/**
 * @module
 * Cloudflare Workers entry (`main` in wrangler.toml). The app is built on the first request
 * of each isolate (reading the corpus needs the assets binding, which only a request has) and
 * kept for the next; a failed start answers 500, logs what to fix, and is tried again.
 */
import type { ProxyApp } from '../app.js';
import { createWorkerApp, type WorkerEnv } from './worker-app.js';

let app: Promise<ProxyApp> | undefined;

export default {
  async fetch(request: Request, env: WorkerEnv, ctx: unknown): Promise<Response> {
    app ??= createWorkerApp(env);
    let ready: ProxyApp;
    try {
      ready = await app;
    } catch (error) {
      app = undefined;
      // The reason goes to the Worker's log (`wrangler tail`), not to whoever asked.
      console.error(`quran-dai proxy did not start: ${error instanceof Error ? error.message : String(error)}`);
      return Response.json({ error: 'not-configured', message: 'the quran-dai proxy did not start; its log (wrangler tail) says why' }, { status: 500 });
    }
    return ready.fetch(request, env, ctx as never);
  },
};
