/**
 * @module
 * Child process of `bench:soak`: the fake xAI and fake Gemini upstreams, acting on the text
 * markers of `soak-scenarios.ts`: `[soak:stall]` stops mid-answer (the proxy's idle timeout
 * must end it), `[soak:reset]` resets the connection mid-answer, `[soak:429]` refuses. Run in
 * its own process, like a remote API, so its work does not slow the load generator.
 */
import { startFakeXai, type FakeXaiBehaviour } from '../../proxy/testing/fake-xai.js';
import { startFakeGemini } from '../../data/testing/fake-gemini.js';
import { UPSTREAM_MARKERS } from './soak-scenarios.js';
import { isMainModule } from '../main-module.js';

/** The answer every healthy call streams (about 20 chunks). */
export const SOAK_ANSWER = 'Seek help through patience and prayer; Allah is with the patient [2:153]. After hardship comes ease [94:5-6]. '.repeat(2);

/** Sent to the parent once both fakes listen. */
export interface SoakFakesReady {
  readonly xaiBaseURL: string;
  readonly geminiBaseURL: string;
}

export function chatBehaviourFor(lastUserText: string): FakeXaiBehaviour {
  if (lastUserText.includes(UPSTREAM_MARKERS.stall)) return { text: SOAK_ANSWER, hang: 3 };
  if (lastUserText.includes(UPSTREAM_MARKERS.reset)) return { text: SOAK_ANSWER, failAfterChunks: 3, failMode: 'reset' };
  if (lastUserText.includes(UPSTREAM_MARKERS.refuse)) return { status: 429, retryAfter: 20 };
  return { text: SOAK_ANSWER };
}

async function main(): Promise<void> {
  const xai = await startFakeXai({
    latencyMs: 30,
    chunkDelayMs: 8,
    maxRecordedCalls: 1,
    respondWith: (call) => chatBehaviourFor(String(call.requestBodyJson?.messages?.at(-1)?.content ?? '')),
  });
  const gemini = await startFakeGemini({
    latencyMs: 15,
    failureFor: (texts) =>
      texts.some((t) => t.includes(UPSTREAM_MARKERS.reset)) ? 'reset' : texts.some((t) => t.includes(UPSTREAM_MARKERS.stall)) ? 'hang' : undefined,
  });
  // The fake Gemini keeps every call for tests' assertions; a soak run sends many thousands.
  setInterval(() => (gemini.calls.length = 0), 5_000).unref();
  process.on('disconnect', () => void Promise.all([xai.close(), gemini.close()]).then(() => process.exit(0)));
  process.send!({ xaiBaseURL: xai.baseURL, geminiBaseURL: gemini.baseURL } satisfies SoakFakesReady);
}

if (isMainModule(import.meta.url)) void main();
