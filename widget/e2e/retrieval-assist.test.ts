/**
 * Browser test of LLM-assisted retrieval, verified against the fake xAI upstream only (no real
 * LLM is reachable here): the demo page shows its own results at once, the proxy asks the model
 * (one call, not streamed) for a query and candidate verses, the widget merges the checked
 * verses and only then asks for the streamed answer, which cites the merged verse.
 */
import { describe, expect, it } from 'vitest';
import type { FakeXaiCall } from '../../proxy/testing/fake-xai.js';
import { useE2eStack } from '../testing/e2e/e2e-stack.js';
import { askQuestion, waitForAnswerDone, waitForWidgetReady } from '../testing/e2e/widget-page.js';

const WIDGET = 'inline-widget';
const stack = useE2eStack({ env: { SUGGEST_TIMEOUT_MS: '4000' } });

/** Like a model following each prompt: JSON for the suggestion call, prose for the answer. */
function modelReply(call: FakeXaiCall): string {
  if (call.requestBodyJson.stream !== true) return '```json\n{"query": "created jinn and mankind except to worship Me", "refs": ["51:56", "2:999"]}\n```';
  return 'You were created to worship Allah [51:56].';
}

describe('when the proxy has an LLM and a visitor asks in their own words', () => {
  it("should merge the model's checked verses into the results and answer from them", async () => {
    stack().xai.respondWith(modelReply);
    const before = stack().xai.calls.length;
    const { page } = await stack().newPage();
    await page.goto(`${stack().baseUrl}/`);
    await waitForWidgetReady(page, WIDGET);
    await askQuestion(page, WIDGET, 'What is the purpose of my life?');
    await waitForAnswerDone(page, WIDGET);

    await page.locator(`#${WIDGET} article[part~="verse"][data-ref="51:56"]`).waitFor();
    expect(await page.locator(`#${WIDGET} article[part~="verse"][data-ref="2:999"]`).count()).toBe(0);
    const cited = page.locator(`#${WIDGET} [part~="answer-body"] [data-ref="51:56"]`);
    expect(await cited.getAttribute('data-status')).toBe('verified');

    const calls = stack().xai.calls.slice(before);
    expect(calls.map((c) => c.requestBodyJson.stream === true)).toStrictEqual([false, true]);
    // The answer's prompt carries the merged verse's text from the corpus.
    expect(JSON.stringify(calls[1]!.requestBodyJson.messages)).toContain('51:56');
    await page.close();
  });

  it('should answer from the search alone when the model replies with something else', async () => {
    stack().xai.respondWith((call) => (call.requestBodyJson.stream !== true ? 'Sorry, I cannot do that.' : 'Allah is with the patient [2:153].'));
    const { page } = await stack().newPage();
    await page.goto(`${stack().baseUrl}/`);
    await waitForWidgetReady(page, WIDGET);
    await askQuestion(page, WIDGET, 'seek help through patience and prayer');
    await waitForAnswerDone(page, WIDGET);
    await page.locator(`#${WIDGET} article[part~="verse"][data-ref="2:153"]`).waitFor();
    expect(await page.locator(`#${WIDGET} [part~="notice"]`).count()).toBe(0);
    await page.close();
  });
});
