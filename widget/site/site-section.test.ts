// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QuranDaiElement } from '../quran-dai.component.js';
import { createFakeProxy, PROXY, testServices, type FakeProxy } from '../testing/element-harness.js';
import { waitUntil } from '../testing/wait-until.js';
import { buildDemoSite, demoChunkId, type DemoSite } from '../../scripts/site-build/demo-site.js';
import { createSiteKnowledge, type SiteKnowledge } from './site-knowledge.js';
import { BootStatus } from '../boot/boot-controller.js';
import { memoryConversationStore, type ConversationExchange, type ConversationStore } from '../history/conversation-store.js';

if (!customElements.get('quran-dai')) customElements.define('quran-dai', QuranDaiElement);

let demo: DemoSite;
let site: SiteKnowledge;
beforeAll(async () => {
  demo = await buildDemoSite();
  site = createSiteKnowledge(demo.site);
});
afterEach(() => {
  document.body.innerHTML = '';
});

const siteConfig = (baseUrl?: string) => ({ manifest: '/data/site/manifest.json', version: demo.site.manifest.version, ...(baseUrl ? { baseUrl } : {}) });

const siteProxy = () =>
  createFakeProxy({
    corpusManifest: 'data/corpus/manifest.json',
    corpusVersion: 'x',
    index: null,
    chat: true,
    site: siteConfig('https://mosque.example.org/info'),
  });

async function mount(attrs: Record<string, string> = {}, proxy: FakeProxy = siteProxy(), store?: ConversationStore) {
  const services = await testServices({ proxy, site, ...(store ? { store } : {}) });
  const el = document.createElement('quran-dai') as QuranDaiElement;
  el.services = services;
  for (const [k, v] of Object.entries({ proxy: PROXY, ...attrs })) el.setAttribute(k, v);
  document.body.append(el);
  await waitUntil(() => el.shadowRoot?.querySelector('form') !== null && (el as unknown as { boot: { site: unknown } }).boot.site !== null);
  await el.updateComplete;
  return { el, proxy };
}

/** End a hanging answer while the element is still in the page. */
async function stopWhileMounted(el: QuranDaiElement, asking: Promise<void>): Promise<void> {
  el.stop();
  await asking;
}

const $$ = (el: QuranDaiElement, selector: string) => [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('when the proxy serves site documents', () => {
  it("should show the mosque's passages in their own section below the verses, linked to the document", async () => {
    const { el, proxy } = await mount();
    proxy.chat = { kind: 'hang', delta: 'Friday' };
    const asking = el.ask("When is Jumu'ah?");
    await waitUntil(() => $$(el, '[part~="site-card"]').length > 0);
    await el.updateComplete;
    const jumuah = demoChunkId(demo.site, 'jumuah-friday-prayer');
    const section = el.shadowRoot!.querySelector('[part="site"]')!;
    expect(text(section.querySelector('h3'))).toBe('From this mosque');
    const cards = $$(el, '[part="site-card"]');
    expect(cards[0]!.dataset.site).toBe(String(jumuah));
    const link = cards[0]!.querySelector('a')!;
    expect([text(link), link.getAttribute('href'), link.target, link.rel]).toEqual([
      "Opening times › Jumu'ah (Friday prayer)",
      'https://mosque.example.org/info/opening-times#jumuah-friday-prayer',
      '_blank',
      'noopener noreferrer',
    ]);
    expect(text(cards[0]!.querySelector('[part="site-card-text"]'))).toContain('the prayer is at 1:30 pm');
    // Never mixed: no site passage inside the verses section, and the section comes after it.
    // ("Jumu'ah" is in 62:9, so the verses section is there too.)
    const verses = el.shadowRoot!.querySelector('[part="verses"]');
    expect(verses).not.toBeNull();
    expect(verses!.querySelector('[part="site-card"]')).toBeNull();
    expect(verses!.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await stopWhileMounted(el, asking);
  });

  it('should send the passage ids with the site version, not their text', async () => {
    const { el, proxy } = await mount();
    await el.ask("When is Jumu'ah?");
    await waitUntil(() => proxy.chatRequests().length > 0);
    const request = proxy.chatRequests()[0]!;
    expect(request.site!.version).toBe(demo.site.manifest.version);
    expect(request.site!.chunks[0]).toBe(demoChunkId(demo.site, 'jumuah-friday-prayer'));
    expect(JSON.stringify(request)).not.toContain('1:30 pm');
  });

  it('should wait for documents still on their way when the question comes before them', async () => {
    const proxy = siteProxy();
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const services = { ...(await testServices({ proxy })), loadSiteKnowledge: async () => (await arrived, site) };
    const el = document.createElement('quran-dai') as QuranDaiElement;
    el.services = services;
    el.setAttribute('proxy', PROXY);
    document.body.append(el);
    await waitUntil(
      () => el.shadowRoot?.querySelector('form') !== null && (el as unknown as { boot: { status: BootStatus } }).boot.status === BootStatus.Ready,
    );
    const asking = el.ask("When is Jumu'ah?");
    await waitUntil(() => $$(el, '[part~="verse"]').length > 0);
    expect(proxy.chatRequests()).toHaveLength(0);
    arrive();
    await asking;
    const request = proxy.chatRequests()[0]!;
    expect(request.site!.chunks[0]).toBe(demoChunkId(demo.site, 'jumuah-friday-prayer'));
    expect($$(el, '[part="site-card"]')[0]!.dataset.site).toBe(String(demoChunkId(demo.site, 'jumuah-friday-prayer')));
  });

  it('should check [site:N] in the answer against the passages retrieved', async () => {
    const { el, proxy } = await mount();
    const jumuah = demoChunkId(demo.site, 'jumuah-friday-prayer');
    const other = demoChunkId(demo.site, 'arabic-language');
    proxy.chat = { kind: 'hang', delta: `Jumu'ah is at 1:30 pm [site:${jumuah}], see [site:${other}].` };
    const asking = el.ask("When is Jumu'ah?");
    await waitUntil(() => $$(el, '[data-site][data-status]').length === 2);
    const cited = $$(el, '.answer__body [data-site]').map((c) => [c.dataset.site, c.dataset.status]);
    expect(cited).toEqual([
      [String(jumuah), 'verified'],
      [String(other), 'not-retrieved'],
    ]);
    await stopWhileMounted(el, asking);
  });

  it('should let the site-base-url attribute win over the proxy setting, and link nothing without either', async () => {
    const withAttr = await mount({ 'site-base-url': 'https://other.example/pages/' });
    await withAttr.el.ask('Is there a sisters entrance?');
    await waitUntil(() => $$(withAttr.el, '[part="site-card"]').length > 0);
    expect($$(withAttr.el, '[part="site-link"]')[0]!.getAttribute('href')).toBe('https://other.example/pages/visitors-faq#is-there-a-sisters-entrance');
    document.body.innerHTML = '';
    const bare = await mount(
      {},
      createFakeProxy({ corpusManifest: 'data/corpus/manifest.json', corpusVersion: 'x', index: null, chat: false, site: siteConfig() }),
    );
    await bare.el.ask('Is there a sisters entrance?');
    await waitUntil(() => $$(bare.el, '[part="site-card"]').length > 0);
    expect($$(bare.el, '[part="site-link"]')).toEqual([]);
    expect(text($$(bare.el, '[part="site-card-title"]')[0])).toBe(
      "Visitors' FAQ › Is there a sisters' entrance? [site:" + demoChunkId(demo.site, 'is-there-a-sisters-entrance') + ']',
    );
  });

  it('should show no site section for a question about what the Quran says', async () => {
    const { el } = await mount();
    await el.ask('What does the Quran say about patience?');
    await waitUntil(() => $$(el, '[part="verses"]').length > 0);
    expect(el.shadowRoot!.querySelector('[part="site"]')).toBeNull();
  });
});

describe("when earlier answers cite the mosque's passages", () => {
  it('should keep the passages each answer was given with it', async () => {
    const { el } = await mount();
    await el.ask('Is there a sisters entrance?');
    const stored = await (el.services as unknown as { store: ConversationStore }).store.list();
    const given = $$(el, '[part="site-card"]').map((c) => Number(c.dataset.site));
    expect(given).toContain(demoChunkId(demo.site, 'is-there-a-sisters-entrance'));
    expect(stored.at(-1)!.site).toEqual({ version: demo.site.manifest.version, chunks: given });
  });

  it('should check their [site:N] against those passages, and flag without a link those given before the documents were rebuilt', async () => {
    const jumuah = demoChunkId(demo.site, 'jumuah-friday-prayer');
    const other = demoChunkId(demo.site, 'arabic-language');
    const answer = `At 1:30 pm [site:${jumuah}], see [site:${other}].`;
    const base = { question: "When is Jumu'ah?", answer, refs: [], context: [], at: 1 } satisfies ConversationExchange;
    const store = memoryConversationStore();
    await store.append({ ...base, site: { version: demo.site.manifest.version, chunks: [jumuah] } });
    await store.append({ ...base, at: 2, site: { version: 'before-the-documents-changed', chunks: [jumuah, other] } });
    const { el } = await mount({}, siteProxy(), store);
    await waitUntil(() => $$(el, '[part="history-item"] [data-site][data-status]').length === 4);
    const items = $$(el, '[part="history-item"]').map((item) =>
      [...item.querySelectorAll<HTMLElement>('[data-site]')].map((c) => [c.dataset.site, c.dataset.status, c.getAttribute('href')]),
    );
    expect(items).toEqual([
      [
        [String(jumuah), 'verified', `https://mosque.example.org/info/opening-times#jumuah-friday-prayer`],
        [String(other), 'not-retrieved', expect.stringMatching(/^https:\/\/mosque\.example\.org\/info\//)],
      ],
      [
        [String(jumuah), 'invalid', null],
        [String(other), 'invalid', null],
      ],
    ]);
  });
});
