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

async function mount(lang: string) {
  const services = await testServices({ proxy: createFakeProxy() });
  const el = document.createElement('quran-dai') as QuranDaiElement;
  el.services = { ...services, loadTopics: async () => topics };
  for (const [k, v] of Object.entries({ proxy: PROXY, mode: 'search', lang })) el.setAttribute(k, v);
  document.body.append(el);
  await waitUntil(() => (el as unknown as { boot: { topics: unknown } }).boot.topics !== null);
  await el.updateComplete;
  return el;
}

describe('when the widget has the topic index', () => {
  it('should name the matched topic above the verses, in the interface language, with a fitting verse among the first three', async () => {
    const el = await mount('tr');
    await el.ask('İslam’da alkol içmek haram mı?');
    await el.updateComplete;
    const root = el.shadowRoot!;
    expect(root.querySelector('[part="topic"]')?.textContent?.trim()).toBe('Konu: İçki ve sarhoşluk');
    const first3 = [...root.querySelectorAll<HTMLElement>('[part~="verse"]')].slice(0, 3).map((v) => v.dataset.ref);
    expect(first3).toContain('5:90');
  });

  it('should show no topic line for a question no topic matched', async () => {
    const el = await mount('en');
    await el.ask('the cow that Moses told them to slaughter');
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part~="verse"]')).not.toBeNull();
    expect(el.shadowRoot!.querySelector('[part="topic"]')).toBeNull();
  });
});
