// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { QuranDaiElement } from '../quran-dai.component.js';
import { createFakeProxy, PROXY, testServices } from '../testing/element-harness.js';
import { waitUntil } from '../testing/wait-until.js';
import { SAMPLE_TOPICS } from '../../data/testing/sample-topics.js';

if (!customElements.get('quran-dai')) customElements.define('quran-dai', QuranDaiElement);
afterEach(() => {
  document.body.innerHTML = '';
});

const topics = { version: 't1', file: { schema: 1 as const, topics: SAMPLE_TOPICS }, vectors: null };

async function mount(lang: string, mode = 'search') {
  const proxy = createFakeProxy();
  const services = await testServices({ proxy });
  const el = document.createElement('quran-dai') as QuranDaiElement;
  el.services = { ...services, loadTopics: async () => topics };
  for (const [k, v] of Object.entries({ proxy: PROXY, mode, lang })) el.setAttribute(k, v);
  document.body.append(el);
  await waitUntil(() => el.shadowRoot?.querySelector('[part~="topics"]') != null);
  await el.updateComplete;
  return { el, root: el.shadowRoot!, proxy };
}

/** Opens the Topics list as a click on its summary does. */
async function openList(el: QuranDaiElement, root: ShadowRoot): Promise<void> {
  const details = root.querySelector<HTMLDetailsElement>('details[part~="topics"]')!;
  details.open = true;
  details.dispatchEvent(new Event('toggle'));
  await el.updateComplete;
}

const refs = (root: ShadowRoot) => [...root.querySelectorAll<HTMLElement>('article[part~="verse"]')].map((v) => v.dataset.ref);

describe('when a visitor browses the topics', () => {
  it('should list every topic by its name in the interface language, as buttons, once the list is opened', async () => {
    const { el, root } = await mount('ar');
    expect(root.querySelector('[part~="topics-summary"]')!.textContent!.trim()).toBe('الموضوعات');
    // Closed, the list draws no topic: most visitors never open it, and drawing them all blocks a slow phone.
    expect(root.querySelectorAll('[part~="topic-link"]')).toHaveLength(0);
    await openList(el, root);
    const names = [...root.querySelectorAll('[part~="topic-link"]')].map((b) => b.textContent!.trim());
    expect(names).toHaveLength(SAMPLE_TOPICS.length);
    expect(names).toContain('الخمر والمسكرات');
    expect(root.querySelector('[part~="topic-link"]')!.tagName).toBe('BUTTON');
  });

  it('should narrow the list as they type, and say when nothing matches', async () => {
    const { el, root } = await mount('en');
    await openList(el, root);
    const filter = root.querySelector<HTMLInputElement>('[part~="topics-filter"]')!;
    filter.value = 'khamr';
    filter.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect([...root.querySelectorAll<HTMLElement>('[part~="topic-link"]')].map((b) => b.dataset.topic)).toStrictEqual(['intoxicants']);
    expect(root.querySelector('[part~="topics"] [role="status"]')!.textContent).toBe('Topics: 1.');
    filter.value = 'zzzz';
    filter.dispatchEvent(new Event('input'));
    await el.updateComplete;
    expect(root.querySelector('.topics__none')!.textContent).toBe('No topic matches these words.');
  });

  it("should open a topic as its verses in the topic's order, named above them, with no answer asked for", async () => {
    const { el, root, proxy } = await mount('en', 'chat');
    await openList(el, root);
    root.querySelector<HTMLButtonElement>('[part~="topic-link"][data-topic="intoxicants"]')!.click();
    await el.updateComplete;
    const topic = SAMPLE_TOPICS.find((t) => t.id === 'intoxicants')!;
    expect(refs(root)).toStrictEqual([...topic.verses]);
    expect(root.querySelector('[part="topic"]')!.textContent!.trim()).toBe('Topic: Intoxicants and alcohol');
    expect(proxy.chatRequests()).toHaveLength(0);
  });

  it("should open the matched topic from its name above a question's verses", async () => {
    const { el, root } = await mount('en');
    await el.ask('Can a Muslim drink beer?');
    await el.updateComplete;
    const open = root.querySelector<HTMLButtonElement>('[part~="topic-open"]')!;
    expect(root.querySelector('[part="topic"]')!.textContent!.trim()).toBe('Topic: Intoxicants and alcohol');
    open.click();
    await el.updateComplete;
    expect(refs(root)).toStrictEqual([...SAMPLE_TOPICS.find((t) => t.id === 'intoxicants')!.verses]);
  });
});
