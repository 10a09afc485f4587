// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { QuranDaiElement } from './quran-dai.component.js';
import { createFakeProxy, fixedVectorSearch, PROXY, testServices, type FakeProxy } from './testing/element-harness.js';
import type { Corpus } from '../data/corpus/corpus.js';
import { loadTestCorpus } from '../data/testing/test-corpus.js';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { createSearchEngine } from '../data/search/search-engine.js';
import { memoryConversationStore, type ConversationStore } from './history/conversation-store.js';
import type { VectorSearch } from '../data/index/vector-search.js';
import type { LocalModelProgress } from '../data/embed/local-embedder-progress.js';
import { waitUntil } from './testing/wait-until.js';
import type { AudioLike } from './listen/recitation-player.js';
import type { WidgetConfig } from '../data/contracts/widget-config.js';
import { formatRange, quranComTafsirUrl } from '../data/corpus/verse-range.js';

if (!customElements.get('quran-dai')) customElements.define('quran-dai', QuranDaiElement);

// The real answer renderer, counted: earlier answers must be parsed once, not on every render.
vi.mock('./answer/answer-view.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./answer/answer-view.js')>();
  return { ...real, answerView: vi.fn(real.answerView) };
});

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

afterEach(() => {
  document.body.innerHTML = '';
});

interface Mounted {
  el: QuranDaiElement;
  proxy: FakeProxy;
  store: ConversationStore;
  events: Record<string, CustomEvent[]>;
}

async function mount(
  attrs: Record<string, string> = {},
  setup: { proxy?: FakeProxy; vectorSearch?: VectorSearch | null; store?: ConversationStore; createAudio?: () => AudioLike } = {},
): Promise<Mounted> {
  const proxy = setup.proxy ?? createFakeProxy();
  const services = await testServices({ proxy, vectorSearch: setup.vectorSearch ?? null, ...(setup.store ? { store: setup.store } : {}) });
  const el = document.createElement('quran-dai') as QuranDaiElement;
  el.services = setup.createAudio ? { ...services, createAudio: setup.createAudio } : services;
  const events: Record<string, CustomEvent[]> = {};
  for (const name of ['quran-dai-ready', 'quran-dai-search', 'quran-dai-answer', 'quran-dai-error', 'quran-dai-explain', 'quran-dai-share', 'quran-dai-play', 'quran-dai-feedback']) {
    events[name] = [];
    // Listen on the document: events must bubble out of the shadow root.
    document.addEventListener(name, (e) => events[name]!.push(e as CustomEvent));
  }
  for (const [k, v] of Object.entries({ proxy: PROXY, ...attrs })) el.setAttribute(k, v);
  document.body.append(el);
  await waitUntil(() => events['quran-dai-ready']!.length > 0 || events['quran-dai-error']!.some((e) => e.detail.code === 'data-failed'));
  await el.updateComplete;
  return { el, proxy, store: services.store, events };
}


function $(el: QuranDaiElement, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}
function $$(el: QuranDaiElement, selector: string): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
}
function text(node: Element | null): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

async function askAndWait(m: Mounted, question: string): Promise<void> {
  await m.el.ask(question);
  await m.el.updateComplete;
}

function refsOf(result: { hits: readonly { ref: { surah: number; ayah: number } }[] }): string[] {
  return result.hits.map((h) => `${h.ref.surah}:${h.ref.ayah}`);
}

/** A search-mode widget whose data is still loading until `release()`; its search events are recorded. */
async function mountLoading(): Promise<{ el: QuranDaiElement; searches: CustomEvent[]; release: () => void }> {
  const services = await testServices({ proxy: createFakeProxy() });
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const el = document.createElement('quran-dai') as QuranDaiElement;
  el.services = { ...services, loadQuranData: async (o) => (await gate, services.loadQuranData(o)) };
  const searches: CustomEvent[] = [];
  document.addEventListener('quran-dai-search', (e) => searches.push(e as CustomEvent));
  el.setAttribute('proxy', PROXY);
  el.setAttribute('mode', 'search');
  document.body.append(el);
  await waitUntil(() => $(el, 'progress') !== null);
  return { el, searches, release };
}

describe('when mounted with defaults', () => {
  it('should default to chat mode, English, light theme, inline layout', async () => {
    const { el, events } = await mount();
    // No lang or translation set: the page's language (none here), so English and its translation.
    expect([el.mode, el.lang, el.translation, el.theme, el.layout]).toStrictEqual(['chat', '', undefined, 'light', 'inline']);
    expect($(el, '[part~="base"]')!.getAttribute('lang')).toBe('en');
    expect(el.getAttribute('theme')).toBe('light');
    expect(el.getAttribute('layout')).toBe('inline');
    expect($(el, '[part~="base"]')!.getAttribute('dir')).toBe('ltr');
    expect(events['quran-dai-ready']![0]!.detail).toStrictEqual({ corpusVersion: corpus.version, fromCache: false, indexId: null, chat: true });
  });

  it('should label the question field and offer localised starter questions', async () => {
    const { el } = await mount();
    const input = $(el, '[part~="input"]') as HTMLInputElement;
    const label = $(el, `label[for="${input.id}"]`);
    expect(text(label)).toBe('Your question');
    expect(input.placeholder).toBe('Ask a question about Islam…');
    expect($$(el, '[part~="starter"]').map(text)[0]).toBe('What does the Quran say about patience?');
  });

  it('should show a progress bar while the data loads', async () => {
    const proxy = createFakeProxy();
    const services = await testServices({ proxy });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const el = document.createElement('quran-dai') as QuranDaiElement;
    el.services = {
      ...services,
      loadQuranData: async (o) => {
        o.onProgress?.({ loaded: 40, total: 100, phase: 'download' });
        await gate;
        return services.loadQuranData(o);
      },
    };
    el.setAttribute('proxy', PROXY);
    document.body.append(el);
    await waitUntil(() => $(el, 'progress') !== null && ($(el, 'progress') as HTMLProgressElement).getAttribute('value') === '40');
    expect(text($(el, '[part~="progress-region"]'))).toBe('Downloading the Quran text: 40%');
    release();
    await waitUntil(() => $(el, 'progress') === null);
  });

  it('should keep a question asked while the data loads, say so, and ask it when the data is ready', async () => {
    const { el, searches, release } = await mountLoading();
    const submit = $(el, '[part~="submit"]') as HTMLButtonElement;
    expect(submit.disabled).toBe(false);
    const input = $(el, '[part~="input"]') as HTMLInputElement;
    input.value = 'What does the Quran say about patience?';
    input.dispatchEvent(new Event('input'));
    submit.click();
    await waitUntil(() => $(el, '[part~="notice-queued"]') !== null);
    expect(text($(el, '[part~="notice-queued"]'))).toBe('Your question will be searched as soon as the Quran text is ready.');
    expect(searches).toHaveLength(0);
    release();
    await waitUntil(() => searches.length > 0 && $$(el, 'article[data-ref]').length > 0);
    expect(searches[0]!.detail.query).toBe('What does the Quran say about patience?');
    expect($(el, '[part~="notice-queued"]')).toBeNull();
    expect(input.value).toBe('What does the Quran say about patience?');
  });

  it('should ask only the newest of two questions asked while the data loads, and keep the question if the data fails', async () => {
    const proxy = createFakeProxy();
    const services = await testServices({ proxy });
    let fail!: () => void;
    const failed = new Promise<never>((_, reject) => (fail = () => reject(new Error('offline'))));
    const el = document.createElement('quran-dai') as QuranDaiElement;
    el.services = { ...services, loadQuranData: () => failed };
    const searches: CustomEvent[] = [];
    document.addEventListener('quran-dai-search', (e) => searches.push(e as CustomEvent));
    el.setAttribute('proxy', PROXY);
    document.body.append(el);
    await waitUntil(() => $(el, 'progress') !== null);
    const first = el.ask('first question');
    const second = el.ask('second question');
    await el.updateComplete;
    expect(text($(el, '[part~="notice-queued"]'))).toBe('Your question will be searched as soon as the Quran text is ready.');
    fail();
    await Promise.all([first, second]);
    await el.updateComplete;
    expect(searches).toHaveLength(0);
    expect($(el, '[part~="notice-queued"]')).toBeNull();
    expect($(el, '[part~="notice-data-failed"]')).not.toBeNull();
    // Nothing the visitor typed is lost.
    expect(($(el, '[part~="input"]') as HTMLInputElement).value).toBe('second question');
    expect(($(el, '[part~="submit"]') as HTMLButtonElement).disabled).toBe(true);
  });

  it('should ask the newest question asked while the data loads, once', async () => {
    const { el, searches, release } = await mountLoading();
    const first = el.ask('patience');
    const second = el.ask('mercy');
    release();
    await Promise.all([first, second]);
    expect(searches.map((e) => e.detail.query)).toStrictEqual(['mercy']);
  });

  it('should say so and fire an error when the proxy attribute is missing', async () => {
    const errors: CustomEvent[] = [];
    document.addEventListener('quran-dai-error', (e) => errors.push(e as CustomEvent));
    const el = document.createElement('quran-dai') as QuranDaiElement;
    document.body.append(el);
    await el.updateComplete;
    expect(text($(el, '[part~="notice-not-configured"]'))).toBe('This widget has no proxy address set (the proxy attribute).');
    expect(errors.map((e) => e.detail.code)).toContain('not-configured');
  });

  it('should say to write https:// when the proxy attribute is a host name without it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const errors: CustomEvent[] = [];
      document.addEventListener('quran-dai-error', (e) => errors.push(e as CustomEvent));
      const services = await testServices({ proxy: createFakeProxy() });
      const el = document.createElement('quran-dai') as QuranDaiElement;
      el.services = { ...services, loadQuranData: () => Promise.reject(new Error('corpus manifest: HTTP 404')) };
      el.setAttribute('proxy', 'proxy.mosque.org');
      document.body.append(el);
      await waitUntil(() => errors.some((e) => e.detail.code === 'data-failed'));
      const hint = 'proxy="proxy.mosque.org" has no https:// in front, so it is read as a path on this page\'s own site; if the proxy runs on another host, write proxy="https://proxy.mosque.org"';
      expect(errors.find((e) => e.detail.code === 'data-failed')!.detail.message).toBe(`corpus manifest: HTTP 404 (${hint})`);
      expect(warn.mock.calls.filter(([m]) => m === `quran-dai: ${hint}`)).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});

describe("when the page's origin is not in the proxy's ALLOWED_ORIGINS", () => {
  it('should tell the site owner on the console, once for the page, instead of only saying answers are off', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const config = { corpusManifest: 'data/corpus/manifest.json', corpusVersion: 'x', index: null, chat: false, originAllowed: false } as const;
      await mount({}, { proxy: createFakeProxy(config) });
      await mount({}, { proxy: createFakeProxy(config) });
      const said = warn.mock.calls.map(([m]) => String(m)).filter((m) => m.includes('ALLOWED_ORIGINS'));
      expect(said).toStrictEqual([
        `quran-dai: this page's origin (${location.origin}) is not in the proxy's ALLOWED_ORIGINS, so it gets keyword search only (no written answers, no meaning search); add it to ALLOWED_ORIGINS in the proxy's .env and restart the proxy`,
      ]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('when an attribute has a value the widget does not know', () => {
  it('should warn once, naming the values it takes, and show the interface language meanwhile', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const { el } = await mount({ lang: 'ur', translation: 'urdu', theme: 'night', mode: 'answers' });
      expect(warn.mock.calls.map(([m]) => String(m)).filter((m) => m.startsWith('<quran-dai>: '))).toStrictEqual([
        '<quran-dai>: translation="urdu" is not one of en, bn, es, fr, id, ru, sv, tr, ur, zh, translit (the verses are shown in the interface language meanwhile). Did you mean translation="ur"?',
        '<quran-dai>: mode="answers" is not one of chat, search.',
        '<quran-dai>: theme="night" is not one of light, dark, auto.',
      ]);
      await el.ask('2:153');
      await el.updateComplete;
      expect($(el, '[part~="verse-translation"]')!.getAttribute('lang')).toBe('ur');
      el.setAttribute('theme', 'night');
      await el.updateComplete;
      expect(warn.mock.calls.filter(([m]) => String(m).includes('theme="night"'))).toHaveLength(1);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('when lang is ar', () => {
  it('should lay out right to left with Arabic strings and starters', async () => {
    const { el } = await mount({ lang: 'ar' });
    const base = $(el, '[part~="base"]')!;
    expect(base.getAttribute('dir')).toBe('rtl');
    expect(base.getAttribute('lang')).toBe('ar');
    expect(text($(el, '[part~="submit"]'))).toBe('اسأل');
    expect(text($$(el, '[part~="starter"]')[0]!)).toBe('ماذا يقول القرآن عن الصبر؟');
  });
  it('should fall back to English for an unknown language', async () => {
    const { el } = await mount({ lang: 'xx' });
    expect($(el, '[part~="base"]')!.getAttribute('dir')).toBe('ltr');
    expect(text($(el, '[part~="submit"]'))).toBe('Ask');
  });
});

describe('when searching in search mode', () => {
  it('should show the engine results as verse cards from the corpus and send no chat request', async () => {
    const m = await mount({ mode: 'search' });
    await askAndWait(m, 'patience');
    const expected = refsOf(createSearchEngine(corpus).lexical('patience', { lang: 'en' }));
    const cards = $$(m.el, 'article[part~="verse"]');
    expect(cards.map((c) => c.dataset.ref)).toStrictEqual(expected);
    const first = cards[0]!;
    const [surah, ayah] = expected[0]!.split(':').map(Number) as [number, number];
    const verse = corpus.verse({ surah, ayah }, 'en');
    const arabic = first.querySelector('[part~="verse-arabic"]')!;
    expect(arabic.getAttribute('dir')).toBe('rtl');
    expect(arabic.getAttribute('lang')).toBe('ar');
    expect(text(arabic)).toBe(verse.arabic.replace(/\s+/g, ' ').trim());
    expect(text(first.querySelector('[part~="verse-translation"]'))).toBe(verse.translation!.replace(/\s+/g, ' ').trim());
    expect(text(first.querySelector('[part~="verse-translation-name"]'))).toBe(corpus.trackName('en'));
    const link = first.querySelector('a[part~="verse-ref"]') as HTMLAnchorElement;
    expect([link.getAttribute('href'), link.target, link.rel, text(link)]).toStrictEqual([`https://quran.com/${surah}/${ayah}`, '_blank', 'noopener noreferrer', expected[0]]);
    expect(m.proxy.chatRequests()).toHaveLength(0);
    expect(m.events['quran-dai-search']!.map((e) => e.detail)).toStrictEqual([{ query: 'patience', kind: 'verses', stage: 'lexical', count: expected.length, refs: expected }]);
    expect(text($(m.el, '[part~="status"]'))).toBe(`Verses found: ${expected.length}.`);
  });

  it('should show the passage range on the top hits only', async () => {
    const m = await mount({ mode: 'search' });
    await askAndWait(m, '2:153');
    const card = $(m.el, 'article[data-ref="2:153"]')!;
    const passage = card.querySelector('a[part~="verse-passage"]') as HTMLAnchorElement;
    expect(text(passage)).toBe('Passage 2:148-158');
    expect(passage.getAttribute('href')).toBe('https://quran.com/2/148-158');
  });

  it('should expand the same-surah context and collapse it again', async () => {
    const m = await mount({ mode: 'search' });
    await askAndWait(m, '1:2');
    const toggle = $(m.el, 'article[data-ref="1:2"] [part~="context-toggle"]') as HTMLButtonElement;
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    toggle.click();
    await m.el.updateComplete;
    const context = $(m.el, `#${toggle.getAttribute('aria-controls')}`)!;
    // Al-Fatihah has 7 verses: 1:1-7 around 1:2, never crossing into Al-Baqarah.
    expect($$(m.el, '[part~="context-verse"]').map((li) => text(li.querySelector('a')))).toStrictEqual(['1:1', '1:2', '1:3', '1:4', '1:5', '1:6', '1:7']);
    expect(text(context.querySelector('[part~="context-verse-hit"] a'))).toBe('1:2');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    toggle.click();
    await m.el.updateComplete;
    expect($$(m.el, '[part~="context-verse"]')).toHaveLength(0);
  });

  it('should copy the Arabic, translation and reference from the corpus', async () => {
    const writeText = vi.fn(async (_: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const m = await mount({ mode: 'search' });
    await askAndWait(m, '2:153');
    ($(m.el, 'article[data-ref="2:153"] [part~="copy"]') as HTMLButtonElement).click();
    await waitUntil(() => writeText.mock.calls.length > 0);
    const v = corpus.verse({ surah: 2, ayah: 153 }, 'en');
    expect(writeText.mock.calls[0]![0]).toBe(`${v.arabic}\n${v.translation}\n— Quran 2:153, Al-Baqarah (${corpus.trackName('en')})\nhttps://quran.com/2/153`);
    await m.el.updateComplete;
    expect(text($(m.el, 'article[data-ref="2:153"] [part~="copy"]'))).toBe('Copied');
  });

  it('should show a clear no-results state, never "not in the Quran"', async () => {
    const m = await mount();
    await askAndWait(m, 'xyzzy qwerty');
    expect(text($(m.el, '[part~="no-results"]'))).toBe('No relevant verses were found for this question. Try other words, or ask a local scholar or imam.');
    expect(m.el.shadowRoot!.textContent).not.toMatch(/not in the Quran/i);
    expect(m.proxy.chatRequests()).toHaveLength(0);
    expect(m.events['quran-dai-search']![0]!.detail).toMatchObject({ kind: 'none', count: 0 });
  });

  it('should say why a reference to a verse or surah that does not exist has no verses, without sending it to the imam', async () => {
    const m = await mount({ 'contact-href': 'mailto:imam@example.org' });
    await askAndWait(m, 'xyzzy qwerty');
    await waitUntil(() => $(m.el, '[part~="contact"]') !== null);
    await askAndWait(m, '2:999');
    expect(text($(m.el, '[part~="no-results"]'))).toBe('Surah Al-Baqarah has 286 verses, so \u20662:999\u2069 does not exist.');
    await askAndWait(m, 'Surah 115');
    expect(text($(m.el, '[part~="no-results"]'))).toBe('There is no surah 115: the Quran has 114 surahs.');
    expect($(m.el, '[part~="contact"]')).toBeNull();
    expect(m.proxy.chatRequests()).toHaveLength(0);
  });

  it('should ask for words, with a starter question as the example, when the question has none', async () => {
    const m = await mount();
    await askAndWait(m, '???');
    expect(text($(m.el, '[part~="no-results"]'))).toBe('Please write your question in words, for example: What does the Quran say about patience?');
    expect($$(m.el, 'article[data-ref]')).toHaveLength(0);
    expect(m.proxy.chatRequests()).toHaveLength(0);
  });
});

/** An engine stand-in whose keyword search waits until released (like a worker still building its index). */
function gatedEngine(services: Awaited<ReturnType<typeof testServices>>): { services: typeof services; release: (query: string) => void; waiting: () => string[] } {
  const gates = new Map<string, () => void>();
  return {
    services: {
      ...services,
      createSearchEngine: (c, vs, manifest) => {
        const real = services.createSearchEngine(c, vs, manifest);
        return {
          ...real,
          lexical: async (query, lang) => {
            await new Promise<void>((r) => gates.set(query, r));
            return real.lexical(query, lang);
          },
        };
      },
    },
    release: (query) => gates.get(query)!(),
    waiting: () => [...gates.keys()],
  };
}

async function mountWith(services: Awaited<ReturnType<typeof testServices>>, attrs: Record<string, string> = {}): Promise<QuranDaiElement> {
  const el = document.createElement('quran-dai') as QuranDaiElement;
  el.services = services;
  for (const [k, v] of Object.entries({ proxy: PROXY, ...attrs })) el.setAttribute(k, v);
  document.body.append(el);
  await waitUntil(() => ($(el, '[part~="submit"]') as HTMLButtonElement | null)?.disabled === false);
  return el;
}

describe('when the search engine answers asynchronously (search worker)', () => {
  it('should say it is searching until the keyword results arrive, then show them', async () => {
    const gated = gatedEngine(await testServices({ proxy: createFakeProxy() }));
    const el = await mountWith(gated.services, { mode: 'search' });
    const asked = el.ask('2:255');
    await waitUntil(() => gated.waiting().includes('2:255'));
    await el.updateComplete;
    expect(text($(el, '[part~="status"]'))).toBe('Searching the verses…');
    expect($(el, '[part~="stop"]')).not.toBeNull();
    expect($$(el, 'article[part~="verse"]')).toHaveLength(0);
    gated.release('2:255');
    await asked;
    await el.updateComplete;
    expect($$(el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:255']);
  });

  it('should drop the results of an earlier question that arrive after a newer one was asked', async () => {
    const gated = gatedEngine(await testServices({ proxy: createFakeProxy() }));
    const el = await mountWith(gated.services, { mode: 'search' });
    const searches: CustomEvent[] = [];
    el.addEventListener('quran-dai-search', (e) => searches.push(e as CustomEvent));
    const first = el.ask('2:153');
    await waitUntil(() => gated.waiting().includes('2:153'));
    const second = el.ask('2:255');
    await waitUntil(() => gated.waiting().includes('2:255'));
    gated.release('2:255');
    await second;
    gated.release('2:153');
    await first;
    await el.updateComplete;
    expect(searches.map((e) => e.detail.refs)).toStrictEqual([['2:255']]);
    expect($$(el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:255']);
  });

  it('should drop the results when the visitor stopped the search', async () => {
    const gated = gatedEngine(await testServices({ proxy: createFakeProxy() }));
    const el = await mountWith(gated.services, { mode: 'search' });
    const asked = el.ask('2:153');
    await waitUntil(() => gated.waiting().includes('2:153'));
    await el.updateComplete;
    ($(el, '[part~="stop"]') as HTMLButtonElement).click();
    gated.release('2:153');
    await asked;
    await el.updateComplete;
    expect($$(el, 'article[part~="verse"]')).toHaveLength(0);
    expect(text($(el, '[part~="status"]'))).toBe('Stopped.');
  });
});

describe('when a vector index is configured', () => {
  it('should show keyword results first, then replace them with fused results from the query vector', async () => {
    const proxy = createFakeProxy({ corpusManifest: 'data/corpus/manifest.json', corpusVersion: 'x', index: { id: 'test-4', manifest: 'data/index/test-4/manifest.json', queryEmbedding: 'proxy' }, chat: false });
    const vectorHits = [{ index: corpus.indexOf({ surah: 2, ayah: 153 }), score: 0.9 }, { index: corpus.indexOf({ surah: 39, ayah: 10 }), score: 0.8 }];
    const m = await mount({ mode: 'search' }, { proxy, vectorSearch: fixedVectorSearch(vectorHits) });
    expect(m.events['quran-dai-ready']![0]!.detail.indexId).toBe('test-4');
    await askAndWait(m, 'patience');
    const stages = m.events['quran-dai-search']!.map((e) => e.detail.stage);
    expect(stages).toStrictEqual(['lexical', 'hybrid']);
    const embedCall = proxy.calls.find((c) => c.url === `${PROXY}/api/embed`)!;
    expect([embedCall.method, embedCall.body]).toStrictEqual(['POST', { text: 'patience' }]);
    const shown = $$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref);
    expect(shown).toStrictEqual(m.events['quran-dai-search']![1]!.detail.refs);
    expect(shown).toContain('39:10');
  });

  it('should keep the keyword results and explain when the query vector fails', async () => {
    const proxy = createFakeProxy({ corpusManifest: 'm', corpusVersion: 'x', index: { id: 'test-4', manifest: 'data/index/test-4/manifest.json', queryEmbedding: 'proxy' }, chat: false });
    proxy.embedding = 'down';
    const m = await mount({ mode: 'search' }, { proxy, vectorSearch: fixedVectorSearch([{ index: 0, score: 0.9 }]) });
    await askAndWait(m, 'patience');
    expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(m.events['quran-dai-search']![0]!.detail.refs);
    expect(text($(m.el, '[part~="notice-proxy-down"]'))).toBe('The answer service cannot be reached right now. The verses are shown below.');
    expect(m.events['quran-dai-error']!.map((e) => e.detail.code)).toStrictEqual(['proxy-down']);
  });
});

describe('when the index is embedded in the browser with a local model', () => {
  it('should show the model download on the progress bar, localised, and hide it when the model is ready', async () => {
    const proxy = createFakeProxy({ corpusManifest: 'm', corpusVersion: 'x', index: { id: 'test-4', manifest: 'data/index/test-4/manifest.json', queryEmbedding: 'browser' }, chat: false });
    const services = await testServices({ proxy, vectorSearch: fixedVectorSearch([{ index: corpus.indexOf({ surah: 39, ayah: 10 }), score: 0.9 }]) });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const created: string[] = [];
    const withModel = {
      ...services,
      createBrowserQueryEmbedder: (_proxy: string, manifest: { id: string }, onProgress?: (p: LocalModelProgress) => void) => {
        created.push(manifest.id);
        return async () => {
          onProgress?.({ phase: 'loading', loadedBytes: 0, totalBytes: 0, fraction: 0 });
          onProgress?.({ phase: 'loading', file: 'onnx/model_quantized.onnx', loadedBytes: 250, totalBytes: 1000, fraction: 0.25 });
          await gate;
          onProgress?.({ phase: 'ready', loadedBytes: 1000, totalBytes: 1000, fraction: 1 });
          return new Float32Array([1, 0, 0, 0]);
        };
      },
    };
    const el = await mountWith(withModel, { mode: 'search', lang: 'ar' });
    const asked = el.ask('patience');
    await waitUntil(() => $(el, '[part~="progress-model"] progress')?.getAttribute('value') === '25');
    expect(created).toStrictEqual(['test-4']);
    expect(text($(el, '[part~="progress-model"]'))).toBe('جارٍ تحميل نموذج البحث: 25٪');
    expect($(el, '[part~="progress-model"] progress')!.getAttribute('aria-label')).toBe('جارٍ تحميل نموذج البحث: 25٪');
    // Keyword results are already on screen while the model loads.
    expect($$(el, 'article[part~="verse"]').length).toBeGreaterThan(0);
    release();
    await asked;
    await el.updateComplete;
    expect($(el, '[part~="progress-model"]')).toBeNull();
    expect($$(el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toContain('39:10');
  });
});

describe('when the local model cannot be loaded', () => {
  it('should remove its progress bar and keep the keyword results with a notice', async () => {
    const proxy = createFakeProxy({ corpusManifest: 'm', corpusVersion: 'x', index: { id: 'test-4', manifest: 'data/index/test-4/manifest.json', queryEmbedding: 'browser' }, chat: false });
    const services = await testServices({ proxy, vectorSearch: fixedVectorSearch([{ index: 0, score: 0.9 }]) });
    const el = await mountWith(
      {
        ...services,
        createBrowserQueryEmbedder: (_proxy, _manifest, onProgress) => async () => {
          onProgress?.({ phase: 'loading', file: 'onnx/model_quantized.onnx', loadedBytes: 10, totalBytes: 100, fraction: 0.1 });
          await Promise.resolve();
          throw new Error('model file missing');
        },
      },
      { mode: 'search' },
    );
    await el.ask('patience');
    await el.updateComplete;
    expect($(el, '[part~="progress-model"]')).toBeNull();
    expect($(el, '[part~="notice-embed-failed"]')).not.toBeNull();
    expect($$(el, 'article[part~="verse"]').length).toBeGreaterThan(0);
  });
});

describe('when chat is on and the proxy streams an answer', () => {
  it('should send verse references with context (never text) and render the answer with citation links', async () => {
    const m = await mount();
    await askAndWait(m, '2:153');
    const [request] = m.proxy.chatRequests();
    expect(request).toStrictEqual({ question: '2:153', history: [], verses: [{ ref: '2:153', context: '2:148-158' }], lang: 'en', translation: 'en' });
    const body = $(m.el, '[part~="answer-body"]')!;
    expect(body.getAttribute('aria-live')).toBe('polite');
    expect(body.getAttribute('aria-busy')).toBe('false');
    expect(text(body)).toContain('The Quran asks believers to seek help through patience and prayer');
    const cite = body.querySelector('a[part~="citation"]') as HTMLAnchorElement;
    expect([cite.getAttribute('href'), cite.target, cite.rel, cite.dataset.status, text(cite)]).toStrictEqual(['https://quran.com/2/153', '_blank', 'noopener noreferrer', 'verified', '[2:153]']);
    // The preview is the corpus text, not anything the model wrote.
    expect(text(cite.parentElement!.querySelector('[part~="citation-preview"]'))).toContain(corpus.verse({ surah: 2, ayah: 153 }, 'en').translation!);
    expect(m.events['quran-dai-answer']![0]!.detail).toStrictEqual({
      question: '2:153',
      text: 'The Quran asks believers to seek help through patience and prayer [2:153]. «إِنَّ ٱللَّهَ مَعَ ٱلصَّٰبِرِينَ»',
      citations: [{ ref: '2:153', status: 'verified' }],
    });
    expect(text($(m.el, '[part~="status"]'))).toBe('Answer complete.');
  });

  it('should never turn model HTML or javascript: links into markup, and flag bad citations and quotes', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'fixture', name: 'xss-answer' };
    await askAndWait(m, '2:153');
    const body = $(m.el, '[part~="answer-body"]')!;
    expect(body.querySelectorAll('img, script, svg, iframe')).toHaveLength(0);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(text(body)).toContain('<img src=x onerror="window.__pwned=1">');
    expect(text(body)).toContain('<script>window.__pwned=2</script>');
    // Only quran.com is ever a link: the model's javascript: and example.org links keep their label as text.
    const hrefs = [...body.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs.every((h) => h!.startsWith('https://quran.com/'))).toBe(true);
    expect(hrefs).not.toContain('https://example.org/x');
    expect(text(body)).toContain('click');
    expect(text(body)).toContain(' site also');
    const invalid = [...body.querySelectorAll('[part~="citation-invalid"]')];
    expect(invalid.map((n) => (n as HTMLElement).dataset.ref)).toStrictEqual(['2:999', '115:1']);
    expect(invalid.every((n) => n.tagName !== 'A' && text(n.querySelector('[part~="citation-flag"]')) === 'not a verse')).toBe(true);
    const notRetrieved = body.querySelector('[part~="citation-not-retrieved"]') as HTMLAnchorElement;
    expect([notRetrieved.dataset.ref, notRetrieved.getAttribute('href')]).toStrictEqual(['1:1', 'https://quran.com/1/1']);
    expect(text(notRetrieved.parentElement!.querySelector('[part~="citation-flag"]'))).toBe('not from the retrieved verses');
    expect(text(body.querySelector('[part~="quote-mismatch"] + [part~="quote-flag"]'))).toBe('does not match the text of 2:153');
    expect(m.events['quran-dai-answer']![0]!.detail.citations).toStrictEqual([
      { ref: '2:153', status: 'verified' },
      { ref: '2:999', status: 'invalid' },
      { ref: '115:1', status: 'invalid' },
      { ref: '1:1', status: 'not-retrieved' },
      { ref: '2:153', status: 'verified' },
    ]);
  });

  it('should use the conversation for a follow-up and keep it in the history store', async () => {
    const m = await mount();
    await askAndWait(m, '2:153');
    await askAndWait(m, 'Ayat al-Kursi');
    const requests = m.proxy.chatRequests();
    expect(requests[1]!.history).toStrictEqual([
      { role: 'user', content: '2:153' },
      { role: 'assistant', content: 'The Quran asks believers to seek help through patience and prayer [2:153]. «إِنَّ ٱللَّهَ مَعَ ٱلصَّٰبِرِينَ»' },
    ]);
    expect((await m.store.list()).map((x) => [x.question, x.refs])).toStrictEqual([
      ['2:153', ['2:153']],
      ['Ayat al-Kursi', ['2:255']],
    ]);
    expect($$(m.el, '[part~="history-item"]').map((li) => text(li.querySelector('.history__question')))).toStrictEqual(['You: 2:153']);
  });

  it('should store the answer signature with the exchange and send it back with the answer', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'fixture', name: 'signed-answer' };
    await askAndWait(m, '2:153');
    await askAndWait(m, 'Ayat al-Kursi');
    const signature = 'edwj9unImF6zrVkakjz1eKpbL4FliRq85I9GQO4EX-E';
    expect((await m.store.list()).map((x) => x.signature)).toStrictEqual([signature, signature]);
    expect(m.proxy.chatRequests()[1]!.history[1]).toStrictEqual({
      role: 'assistant',
      content: 'The Quran asks believers to seek help through patience and prayer [2:153]. «إِنَّ ٱللَّهَ مَعَ ٱلصَّٰبِرِينَ»',
      signature,
    });
  });

  it('should show stored history on load and clear it on request', async () => {
    const first = await mount();
    await askAndWait(first, '2:153');
    first.el.remove();
    const again = await mount({}, { store: first.store });
    expect($$(again.el, '[part~="history-item"]')).toHaveLength(1);
    ($(again.el, '[part~="clear"]') as HTMLButtonElement).click();
    await waitUntil(() => $$(again.el, '[part~="history-item"]').length === 0);
    expect(await first.store.list()).toStrictEqual([]);
  });
});

describe('when the visitor types with earlier answers on screen', () => {
  it('should parse each earlier answer once, not again on every keystroke', async () => {
    const store = memoryConversationStore();
    const answers = Array.from({ length: 20 }, (_, i) => `Answer ${i}: seek help through patience [2:153]. «إِنَّ ٱللَّهَ مَعَ ٱلصَّٰبِرِينَ»`);
    for (const [i, answer] of answers.entries()) {
      await store.append({ question: `Question ${i}`, answer, refs: ['2:153'], context: ['2:148-158'], at: i });
    }
    const { answerView } = await import('./answer/answer-view.js');
    vi.mocked(answerView).mockClear();
    const m = await mount({}, { store });
    await waitUntil(() => $$(m.el, '[part~="history-item"] a[part~="citation"]').length === answers.length);
    const parsed = vi.mocked(answerView).mock.calls.map(([text]) => text);
    expect([...parsed].sort()).toStrictEqual([...answers].sort());

    const input = $(m.el, '[part~="input"]') as HTMLInputElement;
    for (const ch of 'What is patience?') {
      input.value += ch;
      input.dispatchEvent(new Event('input'));
      await m.el.updateComplete;
    }
    expect(vi.mocked(answerView).mock.calls.length).toBe(answers.length);
    expect(text($$(m.el, '[part~="history-item"]')[3]!.querySelector('.answer__body'))).toContain('Answer 3: seek help through patience [2:153]');
  });

  it('should check the finished answer once for the screen and the answer event, not again on every keystroke', async () => {
    const m = await mount();
    const { answerView } = await import('./answer/answer-view.js');
    vi.mocked(answerView).mockClear();
    await askAndWait(m, '2:153');
    const final = (m.events['quran-dai-answer']!.at(-1)!.detail as { text: string }).text;
    const input = $(m.el, '[part~="input"]') as HTMLInputElement;
    for (const ch of 'and prayer?') {
      input.value += ch;
      input.dispatchEvent(new Event('input'));
      await m.el.updateComplete;
    }
    expect(vi.mocked(answerView).mock.calls.filter(([text]) => text === final)).toHaveLength(1);
  });

  it('should render the earlier answers again when the interface language changes', async () => {
    const store = memoryConversationStore();
    await store.append({ question: 'Q', answer: 'See [2:999].', refs: ['2:153'], context: ['2:148-158'], at: 1 });
    const m = await mount({}, { store });
    await waitUntil(() => $(m.el, '[part~="history-item"] [part~="citation-flag"]') !== null);
    expect(text($(m.el, '[part~="history-item"] [part~="citation-flag"]'))).toBe('not a verse');
    m.el.lang = 'ar';
    await m.el.updateComplete;
    expect(text($(m.el, '[part~="history-item"] [part~="citation-flag"]'))).toBe('ليست آية');
  });
});

describe('when the answer cannot be given', () => {
  it('should show the wait time on 429 and keep the verses', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'status', status: 429, headers: { 'retry-after': '42' }, body: { error: { code: 'rate-limited', message: 'slow down' } } };
    await askAndWait(m, '2:153');
    expect(text($(m.el, '[part~="notice-rate-limited"]'))).toBe('Too many questions right now. Please wait 42 seconds and try again. The verses are shown below. Try again');
    expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:153']);
    expect(m.events['quran-dai-error']![0]!.detail).toMatchObject({ code: 'rate-limited', status: 429, retryAfterSeconds: 42 });
  });

  it('should count the wait down live, keep searching but not answering meanwhile, and answer again at 0', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'status', status: 429, headers: { 'retry-after': '3' }, body: { error: { code: 'rate-limited', message: 'slow down' } } };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      await askAndWait(m, '2:153');
      const notice = () => $(m.el, '[part~="notice-rate-limited"]')!;
      const submit = () => $(m.el, '[part~="submit"]') as HTMLButtonElement;
      const retry = () => $(m.el, '[part~="retry"]') as HTMLButtonElement;
      expect(text(notice())).toBe('Too many questions right now. Please wait 3 seconds and try again. The verses are shown below. Try again');
      expect([submit().disabled, retry().disabled]).toStrictEqual([false, true]);

      vi.advanceTimersByTime(1000);
      await m.el.updateComplete;
      // Shown live, but screen readers keep the one announcement (the alert is not re-read every second).
      expect(text(notice().querySelector('[aria-hidden="true"]'))).toBe('Too many questions right now. Please wait 2 seconds and try again. The verses are shown below.');
      expect(text(notice().querySelector('.visually-hidden'))).toBe('Too many questions right now. Please wait 3 seconds and try again. The verses are shown below.');
      // Searching runs in the page: the new question gets its verses, and no answer is asked for.
      await m.el.ask('2:255');
      await m.el.updateComplete;
      expect(m.proxy.chatRequests()).toHaveLength(1);
      expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:255']);
      expect(text(notice().querySelector('.visually-hidden'))).toBe('Too many questions right now. Please wait 2 seconds and try again. The verses are shown below.');

      vi.advanceTimersByTime(1000);
      await m.el.updateComplete;
      expect(text(notice().querySelector('[aria-hidden="true"]'))).toBe('Too many questions right now. Please wait 1 second and try again. The verses are shown below.');
      expect(retry().disabled).toBe(true);

      vi.advanceTimersByTime(1000);
      await m.el.updateComplete;
      expect(text(notice())).toBe('You can ask again now. The verses are shown below. Try again');
      expect([submit().disabled, retry().disabled]).toStrictEqual([false, false]);
      expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:255']);
    } finally {
      vi.useRealTimers();
    }
    // Nothing kept for a question whose answer waits: it is kept once, with its answer.
    expect((await m.store.list()).map((x) => x.question)).toStrictEqual([]);
    m.proxy.chat = { kind: 'fixture', name: 'answer' };
    ($(m.el, '[part~="retry"]') as HTMLButtonElement).click();
    await waitUntil(() => m.events['quran-dai-answer']!.length === 1);
    expect(m.proxy.chatRequests()[1]!.question).toBe('2:255');
    expect((await m.store.list()).map((x) => [x.question, x.answer !== ''])).toStrictEqual([['2:255', true]]);
  });

  it('should explain when the proxy is down, keep the verses, and retry on request', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'down' };
    await askAndWait(m, '2:153');
    expect(text($(m.el, '[part~="notice-proxy-down"]'))).toContain('The answer service cannot be reached right now.');
    expect($$(m.el, 'article[part~="verse"]')).toHaveLength(1);
    m.proxy.chat = { kind: 'fixture', name: 'answer' };
    ($(m.el, '[part~="retry"]') as HTMLButtonElement).click();
    await waitUntil(() => m.events['quran-dai-answer']!.length === 1);
    expect(m.proxy.chatRequests()).toHaveLength(2);
    expect($(m.el, '[part~="notice"]')).toBeNull();
  });

  it('should say answers are off when the proxy has no LLM (503), keeping the verses', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'status', status: 503, body: { error: { code: 'chat-not-configured', message: 'no provider' } } };
    await askAndWait(m, '2:153');
    expect(text($(m.el, '[part~="notice-chat-not-configured"]'))).toContain('Written answers are not set up yet');
    expect(m.events['quran-dai-error']![0]!.detail).toMatchObject({ code: 'chat-not-configured', status: 503 });
    expect($$(m.el, 'article[part~="verse"]')).toHaveLength(1);
  });

  it('should not call /api/chat when the config says chat is off, and say the proxy has no LLM', async () => {
    const proxy = createFakeProxy({ corpusManifest: 'm', corpusVersion: 'x', index: null, chat: false });
    const m = await mount({}, { proxy });
    await askAndWait(m, '2:153');
    expect(proxy.chatRequests()).toHaveLength(0);
    expect(text($(m.el, '[part~="notice-chat-not-configured"]'))).toContain('Written answers are not set up yet');
    expect($(m.el, '[part~="notice-chat-off"]')).toBeNull();
    expect(m.events['quran-dai-error']).toHaveLength(0);
  });

  it("should say answers are off for this site when the proxy refuses the page's origin", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const proxy = createFakeProxy({ corpusManifest: 'm', corpusVersion: 'x', index: null, chat: false, originAllowed: false });
      const m = await mount({}, { proxy });
      await askAndWait(m, '2:153');
      expect(proxy.chatRequests()).toHaveLength(0);
      expect(text($(m.el, '[part~="notice-chat-off"]'))).toContain('Written answers are not switched on for this site');
      expect($(m.el, '[part~="notice-chat-not-configured"]')).toBeNull();
    } finally {
      warn.mockRestore();
    }
  });

  it('should still search by keyword when the config request fails', async () => {
    const m = await mount({}, { proxy: createFakeProxy('down') });
    expect(m.events['quran-dai-error']!.map((e) => e.detail.code)).toStrictEqual(['config-failed']);
    await askAndWait(m, '2:153');
    expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:153']);
    expect(m.proxy.chatRequests()).toHaveLength(0);
  });

  it('should report an upstream error chunk and keep the partial answer and the verses', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'fixture', name: 'upstream-error' };
    await askAndWait(m, '2:153');
    expect(text($(m.el, '[part~="answer-body"]'))).toBe('Patience is');
    expect(m.events['quran-dai-error']![0]!.detail).toMatchObject({ code: 'chat-failed' });
    expect($(m.el, '[part~="retry"]')).not.toBeNull();
    expect(m.events['quran-dai-answer']).toHaveLength(0);
  });

  it('should keep no more of a runaway answer than is shown: the cut note, the event and the saved exchange hold 20,001 characters', async () => {
    const m = await mount();
    const chunk = 'Patience is light. '.repeat(50);
    m.proxy.chat = { kind: 'parts', parts: [{ type: 'start' }, ...Array.from({ length: 200 }, () => ({ type: 'text-delta', id: '0', delta: chunk })), { type: 'finish' }] };
    await askAndWait(m, '2:153');
    expect(chunk.length * 200).toBeGreaterThan(180_000);
    await waitUntil(() => m.events['quran-dai-answer']!.length > 0);
    expect(m.events['quran-dai-answer']![0]!.detail.text).toHaveLength(20_001);
    expect($(m.el, '[part~="answer-cut"]')).not.toBeNull();
    const saved = await m.store.list();
    expect(saved.at(-1)!.answer).toHaveLength(20_001);
  });
});

describe('when the visitor stops an answer', () => {
  it('should abort the request and keep what was shown', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'hang', delta: 'Partial words' };
    const asked = m.el.ask('2:153');
    await waitUntil(() => text($(m.el, '[part~="answer-body"]')) === 'Partial words');
    await m.el.updateComplete;
    const stop = $(m.el, '[part~="stop"]') as HTMLButtonElement;
    expect(text(stop)).toBe('Stop');
    stop.click();
    await asked;
    await m.el.updateComplete;
    const call = m.proxy.calls.find((c) => c.url.endsWith('/api/chat'))!;
    expect(call.signal!.aborted).toBe(true);
    expect(text($(m.el, '[part~="answer-body"]'))).toBe('Partial words');
    expect(text($(m.el, '[part~="status"]'))).toBe('Stopped.');
    expect($(m.el, '[part~="submit"]')).not.toBeNull();
    expect($(m.el, '[part~="retry"]')).not.toBeNull();
    expect(m.events['quran-dai-answer']).toHaveLength(0);
  });

  it('should drop the first answer when a second question is asked meanwhile', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'hang', delta: 'Old answer' };
    const first = m.el.ask('2:153');
    await waitUntil(() => text($(m.el, '[part~="answer-body"]')) === 'Old answer');
    m.proxy.chat = { kind: 'fixture', name: 'answer' };
    await askAndWait(m, '2:255');
    await first;
    expect(m.proxy.calls.filter((c) => c.url.endsWith('/api/chat'))[0]!.signal!.aborted).toBe(true);
    expect(text($(m.el, '[part~="answer-body"]'))).toContain('The Quran asks believers');
    expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:255']);
  });
});

describe('when the layout is floating', () => {
  it('should open the panel from the launcher, focus the question, and close on Escape back to the launcher', async () => {
    const m = await mount({ layout: 'floating' });
    const launcher = $(m.el, '[part~="launcher"]') as HTMLButtonElement;
    const panel = $(m.el, '[part~="panel"]')!;
    expect([launcher.getAttribute('aria-expanded'), panel.hidden, panel.getAttribute('role')]).toStrictEqual(['false', true, 'dialog']);
    launcher.click();
    await waitUntil(() => !panel.hidden && m.el.shadowRoot!.activeElement === $(m.el, '[part~="input"]'));
    expect(launcher.getAttribute('aria-expanded')).toBe('true');
    panel.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    await waitUntil(() => panel.hidden);
    await m.el.updateComplete;
    expect(m.el.shadowRoot!.activeElement).toBe(launcher);
  });
});

describe('when the launcher and close button draw their icons', () => {
  it('should use decorative inline SVG (no emoji or symbol glyph) and keep the accessible names', async () => {
    const m = await mount({ layout: 'floating' });
    const launcher = $(m.el, '[part~="launcher"]') as HTMLButtonElement;
    const close = $(m.el, '[part~="close"]') as HTMLButtonElement;
    for (const button of [launcher, close]) {
      const icon = button.querySelector('svg')!;
      expect([icon.getAttribute('aria-hidden'), icon.getAttribute('focusable')]).toStrictEqual(['true', 'false']);
    }
    expect(text(launcher)).toBe('Ask about the Quran');
    expect([text(close), close.getAttribute('aria-label')]).toStrictEqual(['', 'Close']);
    // Nothing outside the Latin text that needs a symbol font.
    expect(/[^\u0000-\u024f]/u.test(text(launcher))).toBe(false);
  });
});

describe('when submitting with the keyboard', () => {
  it('should ask what was typed in the field', async () => {
    const m = await mount({ mode: 'search' });
    const input = $(m.el, '[part~="input"]') as HTMLInputElement;
    input.focus();
    input.value = '2:255';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    ($(m.el, '[part~="form"]') as HTMLFormElement).requestSubmit();
    await waitUntil(() => $$(m.el, 'article[part~="verse"]').length > 0);
    expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:255']);
  });
});

describe('when focus would be lost while asking', () => {
  it('should move focus from a starter button (which disappears) to the answer when it is done', async () => {
    const m = await mount();
    const starter = $$(m.el, '[part~="starter"]')[0] as HTMLButtonElement;
    starter.focus();
    expect(m.el.shadowRoot!.activeElement).toBe(starter);
    starter.click();
    await waitUntil(() => m.events['quran-dai-answer']!.length === 1);
    await waitUntil(() => m.el.shadowRoot!.activeElement === $(m.el, '[part~="answer-heading"]'));
    expect(text(m.el.shadowRoot!.activeElement)).toBe('Answer');
  });

  it('should leave focus in the field when the visitor pressed Enter there', async () => {
    const m = await mount({ mode: 'search' });
    const input = $(m.el, '[part~="input"]') as HTMLInputElement;
    input.focus();
    input.value = '2:153';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    ($(m.el, '[part~="form"]') as HTMLFormElement).requestSubmit();
    await waitUntil(() => $$(m.el, 'article[part~="verse"]').length === 1);
    await m.el.updateComplete;
    expect(m.el.shadowRoot!.activeElement).toBe(input);
  });
});

describe('when a translation is chosen', () => {
  it('should show that translation with its language, and Urdu right to left', async () => {
    const fr = await mount({ mode: 'search', translation: 'fr' });
    await askAndWait(fr, '2:153');
    const frText = $(fr.el, 'article[data-ref="2:153"] [part~="verse-translation"]')!;
    expect([frText.getAttribute('lang'), frText.getAttribute('dir'), text(frText)]).toStrictEqual(['fr', 'ltr', text(Object.assign(document.createElement('p'), { textContent: corpus.verse({ surah: 2, ayah: 153 }, 'fr').translation! }))]);
    expect(text($(fr.el, '[part~="verse-translation-name"]'))).toBe(corpus.trackName('fr'));
    fr.el.remove();
    const ur = await mount({ mode: 'search', translation: 'ur' });
    await askAndWait(ur, '2:153');
    const urText = $(ur.el, 'article[data-ref="2:153"] [part~="verse-translation"]')!;
    expect([urText.getAttribute('lang'), urText.getAttribute('dir')]).toStrictEqual(['ur', 'rtl']);
  });

  it('should fall back to English for an unknown translation id', async () => {
    const m = await mount({ mode: 'search', translation: 'klingon' });
    await askAndWait(m, '2:153');
    expect($(m.el, '[part~="verse-translation"]')!.getAttribute('lang')).toBe('en');
  });
});

describe('when the theme changes', () => {
  it('should reflect it to the attribute the styles select on', async () => {
    const { el } = await mount({ theme: 'dark' });
    expect(el.theme).toBe('dark');
    el.theme = 'auto';
    await el.updateComplete;
    expect(el.getAttribute('theme')).toBe('auto');
  });
});

/** Basic accessibility rules every state must keep: named controls, labelled fields, unique ids, safe new-tab links. */
function accessibilityProblems(el: QuranDaiElement): string[] {
  const root = el.shadowRoot!;
  const problems: string[] = [];
  for (const b of root.querySelectorAll('button')) {
    if (!text(b) && !b.getAttribute('aria-label')) problems.push(`button without a name: ${b.outerHTML.slice(0, 80)}`);
  }
  for (const input of root.querySelectorAll('input')) {
    if (!input.id || !root.querySelector(`label[for="${input.id}"]`)) problems.push(`input without a label: ${input.outerHTML.slice(0, 80)}`);
  }
  const ids = [...root.querySelectorAll('[id]')].map((n) => n.id);
  for (const id of new Set(ids)) if (ids.filter((x) => x === id).length > 1) problems.push(`duplicate id ${id}`);
  for (const ref of root.querySelectorAll('[aria-controls], [aria-labelledby]')) {
    for (const id of `${ref.getAttribute('aria-controls') ?? ''} ${ref.getAttribute('aria-labelledby') ?? ''}`.split(/\s+/).filter(Boolean)) {
      if (!root.getElementById(id) && ref.getAttribute('aria-expanded') !== 'false') problems.push(`reference to missing id ${id}`);
    }
  }
  for (const a of root.querySelectorAll('a[target="_blank"]')) {
    if (!/\bnoopener\b/.test(a.getAttribute('rel') ?? '')) problems.push(`new-tab link without noopener: ${a.getAttribute('href')}`);
    if (!/^https:\/\//.test(a.getAttribute('href') ?? '')) problems.push(`non-https link ${a.getAttribute('href')}`);
  }
  return problems;
}

describe('when checking accessibility basics in each state', () => {
  it('should have none of the basic problems before asking, with results, with an answer and in the floating panel', async () => {
    const m = await mount();
    expect(accessibilityProblems(m.el)).toStrictEqual([]);
    m.proxy.chat = { kind: 'fixture', name: 'xss-answer' };
    await askAndWait(m, '2:153');
    ($(m.el, '[part~="context-toggle"]') as HTMLButtonElement).click();
    await m.el.updateComplete;
    expect(accessibilityProblems(m.el)).toStrictEqual([]);
    await askAndWait(m, 'xyzzy qwerty');
    expect(accessibilityProblems(m.el)).toStrictEqual([]);
    m.el.remove();
    const floating = await mount({ layout: 'floating', lang: 'ar' });
    ($(floating.el, '[part~="launcher"]') as HTMLButtonElement).click();
    await floating.el.updateComplete;
    expect(accessibilityProblems(floating.el)).toStrictEqual([]);
  });
});

describe('when the query is in another language than the loaded translation', () => {
  it('should load the track the query is searched in, then search', async () => {
    const urOnly = await loadCorpusFromDir({ tracks: ['ur'] });
    const proxy = createFakeProxy();
    const services = await testServices({ proxy });
    const loaded: string[] = [];
    const el = document.createElement('quran-dai') as QuranDaiElement;
    el.services = {
      ...services,
      loadQuranData: async () => ({ corpus: urOnly, vectorSearch: null, indexManifest: null, fromCache: true }),
      loadTranslationTrack: async (o) => {
        loaded.push(o.track);
        o.corpus.addTrack(o.track, { track: o.track, name: corpus.trackName(o.track)!, texts: corpus.trackTexts(o.track) });
      },
    };
    const searches: CustomEvent[] = [];
    document.addEventListener('quran-dai-search', (e) => searches.push(e as CustomEvent));
    el.setAttribute('proxy', PROXY);
    el.setAttribute('translation', 'ur');
    el.setAttribute('mode', 'search');
    document.body.append(el);
    await waitUntil(() => ($(el, '[part~="submit"]') as HTMLButtonElement | null)?.disabled === false);
    await el.ask('patience and prayer');
    await el.updateComplete;
    expect(loaded).toStrictEqual(['en']);
    expect(searches[0]!.detail.refs).toStrictEqual(refsOf(createSearchEngine(corpus).lexical('patience and prayer', { lang: 'en' })));
    // Cards still show the chosen (Urdu) translation.
    expect($(el, '[part~="verse-translation"]')!.getAttribute('lang')).toBe('ur');
  });

  it('should show what the meaning finds while that translation downloads, then the fused list', async () => {
    const urOnly = await loadCorpusFromDir({ tracks: ['ur'] });
    const proxy = createFakeProxy({ corpusManifest: 'm', corpusVersion: 'x', index: { id: 'test-4', manifest: 'data/index/test-4/manifest.json', queryEmbedding: 'proxy' }, chat: false });
    const vectorHits = [{ index: corpus.indexOf({ surah: 5, ayah: 90 }), score: 0.9 }, { index: corpus.indexOf({ surah: 2, ayah: 219 }), score: 0.85 }];
    const services = await testServices({ proxy, vectorSearch: fixedVectorSearch(vectorHits) });
    let release!: () => void;
    const downloaded = new Promise<void>((r) => (release = r));
    const el = document.createElement('quran-dai') as QuranDaiElement;
    el.services = {
      ...services,
      loadQuranData: async (o) => ({ ...(await services.loadQuranData(o)), corpus: urOnly }),
      loadTranslationTrack: async (o) => {
        await downloaded;
        o.corpus.addTrack(o.track, { track: o.track, name: corpus.trackName(o.track)!, texts: corpus.trackTexts(o.track) });
      },
    };
    const searches: CustomEvent[] = [];
    document.addEventListener('quran-dai-search', (e) => searches.push(e as CustomEvent));
    for (const [k, v] of Object.entries({ proxy: PROXY, translation: 'ur', mode: 'search' })) el.setAttribute(k, v);
    document.body.append(el);
    await waitUntil(() => ($(el, '[part~="submit"]') as HTMLButtonElement | null)?.disabled === false);
    const asked = el.ask('Is drinking wine forbidden?');
    await waitUntil(() => searches.length > 0);
    // The English words cannot be searched yet: the verses come from the vector alone.
    expect(searches[0]!.detail).toMatchObject({ stage: 'hybrid', refs: ['5:90', '2:219'] });
    release();
    await asked;
    expect(searches).toHaveLength(2);
    expect(searches[1]!.detail.stage).toBe('hybrid');
    expect(searches[1]!.detail.refs.slice(0, 2)).toContain('5:90');
    // Now the keyword track is there too: the fused list holds verses only the words found.
    expect(searches[1]!.detail.refs.length).toBeGreaterThan(2);
    expect(proxy.calls.filter((c) => c.url.endsWith('/api/embed'))).toHaveLength(1);
  });
});

describe('when a visitor uses a verse card\'s explain, share and listen actions', () => {
  const card = (m: Mounted, ref: string, part: string) => $(m.el, `article[data-ref="${ref}"] [part~="${part}"]`) as HTMLButtonElement;

  it('should ask the Da\'i about that verse first with its ±5 passage, explain set, and link its tafsir on quran.com', async () => {
    const m = await mount();
    await askAndWait(m, 'patience');
    card(m, '2:153', 'explain').click();
    await waitUntil(() => m.events['quran-dai-answer']!.length === 2);
    await m.el.updateComplete;
    const request = m.proxy.chatRequests().at(-1)!;
    // The passage its card showed (a top hit's merged passage), else its ±5 verses.
    const shown = createSearchEngine(corpus).lexical('patience', { lang: 'en' }).passages.find((p) => p.hits.some((h) => h.surah === 2 && h.ayah === 153));
    const passage = formatRange(shown?.range ?? corpus.contextOf({ surah: 2, ayah: 153 }));
    expect([request.question, request.explain, request.verses]).toStrictEqual(['Explain verse 2:153 from its passage.', '2:153', [{ ref: '2:153', context: passage }]]);
    expect(m.events['quran-dai-explain']!.map((e) => e.detail)).toStrictEqual([{ ref: '2:153', passage }]);
    const tafsir = $(m.el, '[part~="answer"] [part~="answer-tafsir"] a') as HTMLAnchorElement;
    expect([tafsir.getAttribute('href'), text(tafsir)]).toStrictEqual([quranComTafsirUrl({ surah: 2, ayah: 153 }), 'Read a tafsir of 2:153 on quran.com']);
    expect(text($(m.el, '[part~="answer-tafsir"]'))).toContain('not a tafsir');
    // The explained verse opens on its passage.
    expect($$(m.el, 'article[data-ref="2:153"] [part~="context-verse"]').length).toBeGreaterThan(1);
    // The earlier answer (not an explanation) has no tafsir link.
    expect($$(m.el, '[part~="answer-tafsir"]')).toHaveLength(1);
    // Asked something else, the explained answer keeps its tafsir link among the earlier questions.
    await askAndWait(m, '94:5');
    expect($$(m.el, '[part~="history-item"] [part~="answer-tafsir"] a').map((a) => a.getAttribute('href'))).toStrictEqual([quranComTafsirUrl({ surah: 2, ayah: 153 })]);
    // Only the explained answer has one: not the earlier question, nor the answer on screen.
    expect($$(m.el, '[part~="answer-tafsir"]')).toHaveLength(1);
  });

  it('should show the passage and the tafsir link without asking when there are no written answers', async () => {
    const m = await mount({ mode: 'search' });
    await askAndWait(m, '1:2');
    card(m, '1:2', 'explain').click();
    await waitUntil(() => m.events['quran-dai-explain']!.length === 1);
    await m.el.updateComplete;
    expect(m.proxy.chatRequests()).toHaveLength(0);
    expect($(m.el, '[part~="answer-tafsir"] a')!.getAttribute('href')).toBe('https://quran.com/1:2/tafsirs/en-tafisr-ibn-kathir');
    // No explanation was written, so nothing says "This is an explanation from the verses".
    expect(text($(m.el, '[part~="answer-tafsir"]'))).toBe('Read a tafsir of 1:2 on quran.com');
    expect($$(m.el, 'article[data-ref="1:2"] [part~="context-verse"]').length).toBeGreaterThan(1);
  });

  it('should leave the question box, the earlier questions, the passage shown and the notes of the last cards as they were when there is no key', async () => {
    const proxy = createFakeProxy({ corpusManifest: 'data/corpus/manifest.json', corpusVersion: 'x', index: null, chat: false });
    const audio: AudioLike = { src: '', preload: '', play: () => Promise.reject(new Error('404')), pause: () => undefined, addEventListener: () => undefined };
    const m = await mount({ 'audio-base': 'https://audio.example/{SSS}{AAA}.mp3' }, { proxy, createAudio: () => audio });
    await askAndWait(m, 'patience');
    const input = $(m.el, '[part~="input"]') as HTMLInputElement;
    expect(input.value).toBe('patience');
    const top = m.el.shadowRoot!.querySelector<HTMLElement>('article[part~="verse"]')!;
    const ref = top.dataset.ref!;
    const shownPassage = text(top.querySelector('[part~="verse-passage"]'));
    await waitUntil(() => $$(m.el, '[part~="listen"]').length > 0);
    card(m, ref, 'listen').click();
    await waitUntil(() => $(m.el, `article[data-ref="${ref}"] [part~="listen-error"]`) !== null);
    card(m, ref, 'explain').click();
    await waitUntil(() => m.events['quran-dai-explain']!.length === 1);
    await m.el.updateComplete;
    expect(input.value).toBe('patience');
    expect(text($(m.el, '[part~="notice"]'))).toBe('Written explanations are not available on this site; here is the verse in its passage, with a link to its tafsir.');
    expect(text($(m.el, `article[data-ref="${ref}"] [part~="verse-passage"]`))).toBe(shownPassage);
    expect($(m.el, `article[data-ref="${ref}"] [part~="listen-error"]`)).toBeNull();
    // The question the visitor asked is an earlier question; the Explain (no answer) is not kept.
    await askAndWait(m, 'mercy');
    expect($$(m.el, '[part~="history-item"]').map((li) => text(li.querySelector('bdi')))).toStrictEqual(['patience']);
    expect((await m.store.list()).map((x) => x.question)).toStrictEqual(['patience', 'mercy']);
  });

  it('should copy a shared verse where the browser has no share sheet, and fire quran-dai-share', async () => {
    const writeText = vi.fn(async (_: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const m = await mount({ mode: 'search' });
    await askAndWait(m, '2:153');
    card(m, '2:153', 'share').click();
    await waitUntil(() => m.events['quran-dai-share']!.length === 1);
    const v = corpus.verse({ surah: 2, ayah: 153 }, 'en');
    expect(writeText.mock.calls[0]![0]).toBe(`${v.arabic}\n${v.translation}\n— Quran 2:153, Al-Baqarah (${corpus.trackName('en')})\n\nhttps://quran.com/2/153`);
    expect(m.events['quran-dai-share']![0]!.detail).toStrictEqual({ kind: 'verse', subject: '2:153', method: 'copy' });
    await m.el.updateComplete;
    expect(text(card(m, '2:153', 'share'))).toBe('Copied');
  });

  it('should open the share sheet where the browser has one', async () => {
    const share = vi.fn(async (_: ShareData) => undefined);
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    try {
      const m = await mount({ mode: 'search' });
      await askAndWait(m, '2:153');
      card(m, '2:153', 'share').click();
      await waitUntil(() => m.events['quran-dai-share']!.length === 1);
      expect(share.mock.calls[0]![0]).toMatchObject({ title: 'Quran 2:153, Al-Baqarah', url: 'https://quran.com/2/153' });
      expect(m.events['quran-dai-share']![0]!.detail.method).toBe('share');
    } finally {
      Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    }
  });

  it('should refuse a javascript: audio-base with one warning and show no play buttons', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const m = await mount({ mode: 'search', 'audio-base': 'javascript:alert(1)//{SSS}{AAA}' });
      await askAndWait(m, '2:153');
      await waitUntil(() => warn.mock.calls.some(([w]) => String(w).includes('audio-base')));
      m.el.setAttribute('lang', 'en');
      m.el.requestUpdate();
      await m.el.updateComplete;
      expect($$(m.el, 'article[data-ref="2:153"] [part~="explain"]')).toHaveLength(1);
      expect($$(m.el, '[part~="listen"]')).toHaveLength(0);
      expect(warn.mock.calls.filter(([w]) => String(w).includes('audio-base'))).toHaveLength(1);
      expect(String(warn.mock.calls.find(([w]) => String(w).includes('audio-base'))![0])).toContain('is refused');
    } finally {
      warn.mockRestore();
    }
  });

  it('should play one verse at a time from audio-base, fire quran-dai-play, and show a load error on its card', async () => {
    const played: string[] = [];
    const audio: AudioLike & { listeners: Record<string, () => void> } = {
      src: '',
      preload: '',
      listeners: {},
      play() {
        played.push(this.src);
        return this.src.includes('002154') ? Promise.reject(new Error('404')) : Promise.resolve();
      },
      pause() {},
      addEventListener(type, listener) {
        this.listeners[type] = listener;
      },
    };
    const m = await mount({ mode: 'search', 'audio-base': 'https://audio.test/{SSS}{AAA}.mp3' }, { createAudio: () => audio });
    await askAndWait(m, '2:153');
    await waitUntil(() => $$(m.el, '[part~="listen"]').length > 0);
    card(m, '2:153', 'listen').click();
    await waitUntil(() => m.events['quran-dai-play']!.length === 1);
    await m.el.updateComplete;
    expect([played, audio.preload, m.events['quran-dai-play']![0]!.detail]).toStrictEqual([['https://audio.test/002153.mp3'], 'none', { ref: '2:153' }]);
    expect([card(m, '2:153', 'listen').getAttribute('aria-pressed'), card(m, '2:153', 'listen').getAttribute('aria-label')]).toStrictEqual(['true', 'Stop the recitation of verse 2:153']);

    // The context verse 2:154 is not a card; ask for it to get its card.
    await askAndWait(m, '2:154');
    card(m, '2:154', 'listen').click();
    await waitUntil(() => $(m.el, 'article[data-ref="2:154"] [part~="listen-error"]') !== null);
    expect(text($(m.el, 'article[data-ref="2:154"] [part~="listen-error"]'))).toBe('The recitation of 2:154 could not be loaded.');
    expect(card(m, '2:154', 'listen').getAttribute('aria-pressed')).toBe('false');
    expect(m.events['quran-dai-play']).toHaveLength(1);
  });
});

describe('when a visitor shares or rates an answer', () => {
  /** An answer on screen; `signed`: its finish part carries the proxy's signature, as a real proxy's does. */
  const answered = async (config: Partial<WidgetConfig> = {}, signed = false) => {
    const proxy = createFakeProxy({ corpusManifest: 'data/corpus/manifest.json', corpusVersion: 'x', index: null, chat: true, ...config });
    if (signed) proxy.chat = { kind: 'fixture', name: 'signed-answer' };
    const m = await mount({}, { proxy });
    await askAndWait(m, '2:153');
    await waitUntil(() => $(m.el, '[part~="answer-share"]') !== null);
    return m;
  };
  const feedbackPosts = (m: Mounted) => m.proxy.calls.filter((c) => c.url.endsWith('/api/feedback')).map((c) => c.body);

  it('should copy the question, answer, quran.com links and a link asking it again, and fire quran-dai-share', async () => {
    const writeText = vi.fn(async (_: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const m = await answered();
    ($(m.el, '[part~="answer-share"]') as HTMLButtonElement).click();
    await waitUntil(() => m.events['quran-dai-share']!.length === 1);
    const copied = writeText.mock.calls[0]![0];
    expect(copied.startsWith('2:153\n\nThe Quran asks believers to seek help through patience and prayer [2:153].')).toBe(true);
    expect(copied).toContain('\n2:153 https://quran.com/2/153\n');
    expect(copied.split('\n').at(-1)).toBe(`${location.origin}${location.pathname}?quran-dai-q=2%3A153`);
    expect(m.events['quran-dai-share']![0]!.detail).toStrictEqual({ kind: 'answer', subject: '2:153', method: 'copy' });
  });

  it('should fire quran-dai-feedback for a rating and its comment, and post nothing when the proxy does not collect feedback', async () => {
    const m = await answered();
    ($(m.el, '[part~="feedback-down"]') as HTMLButtonElement).click();
    await m.el.updateComplete;
    expect($(m.el, '[part~="feedback-down"]')!.getAttribute('aria-pressed')).toBe('true');
    expect(text($(m.el, '[part~="feedback-thanks"]'))).toBe('Thank you for your feedback.');
    const field = $(m.el, '[part~="feedback-comment"]') as HTMLInputElement;
    field.value = '  too long  ';
    ($(m.el, '[part~="feedback-form"]') as HTMLFormElement).requestSubmit();
    await m.el.updateComplete;
    expect(m.events['quran-dai-feedback']!.map((e) => e.detail)).toStrictEqual([
      { question: '2:153', rating: 'down', citations: ['2:153'] },
      { question: '2:153', rating: 'down', comment: 'too long', citations: ['2:153'] },
    ]);
    expect($(m.el, '[part~="feedback-form"]')).toBeNull();
    expect(feedbackPosts(m)).toStrictEqual([]);
  });

  it('should draw the thumbs with the widget, not with emoji a phone may not have, and name them in words', async () => {
    const m = await answered({ feedback: true }, true);
    for (const part of ['feedback-up', 'feedback-down']) {
      const button = $(m.el, `[part~="${part}"]`) as HTMLButtonElement;
      expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
      expect(button.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(button.textContent!.trim().length).toBeGreaterThan(0);
    }
  });

  it('should post the rating with the signed answer when the proxy collects feedback', async () => {
    const m = await answered({ feedback: true }, true);
    ($(m.el, '[part~="feedback-up"]') as HTMLButtonElement).click();
    await waitUntil(() => feedbackPosts(m).length === 1);
    const [post] = feedbackPosts(m) as { answer: { text: string; signature: string } }[];
    expect(post).toStrictEqual({ question: '2:153', rating: 'up', citations: ['2:153'], lang: 'en', answer: { text: expect.stringMatching(/^The Quran asks believers to seek help through patience and prayer \[2:153\]\./), signature: 'edwj9unImF6zrVkakjz1eKpbL4FliRq85I9GQO4EX-E' } });
  });

  it('should post nothing for an answer the proxy did not sign (it would refuse it), and still thank the visitor', async () => {
    const m = await answered({ feedback: true });
    ($(m.el, '[part~="feedback-up"]') as HTMLButtonElement).click();
    await m.el.updateComplete;
    expect(m.events['quran-dai-feedback']!).toHaveLength(1);
    expect(text($(m.el, '[part~="feedback-thanks"]'))).toBe('Thank you for your feedback.');
    expect(feedbackPosts(m)).toStrictEqual([]);
  });

  it('should log a failed post and show the visitor nothing but the thank-you', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const m = await answered({ feedback: true }, true);
      m.proxy.feedback = 500;
      const errors = m.events['quran-dai-error']!.length;
      ($(m.el, '[part~="feedback-up"]') as HTMLButtonElement).click();
      await waitUntil(() => warn.mock.calls.some(([w]) => String(w).includes('feedback not sent')));
      await m.el.updateComplete;
      expect(m.events['quran-dai-error']!.length).toBe(errors);
      expect($$(m.el, '[role="alert"]')).toHaveLength(0);
      expect(text($(m.el, '[part~="feedback-thanks"]'))).toBe('Thank you for your feedback.');
    } finally {
      warn.mockRestore();
    }
  });
});

describe('when a visitor opens "About these texts"', () => {
  it('should list every text shown with its author, its linked source and its terms, from the corpus', async () => {
    const m = await mount();
    const about = $(m.el, 'details[part~="about"]')!;
    expect(text(about.querySelector('[part~="about-summary"]'))).toBe('About these texts');
    const items = $$(m.el, '[part~="about-item"]');
    expect(items.map((li) => li.dataset.source)).toEqual(expect.arrayContaining(['arabic', 'translation-en', 'translation-ur', 'topics']));
    expect(items.map((li) => li.dataset.source)).not.toContain('ruku');
    const en = items.find((li) => li.dataset.source === 'translation-en')!;
    expect(text(en)).toContain('Saheeh International (English)');
    expect(en.querySelector('a')!.getAttribute('href')).toBe('https://tanzil.net/trans/en.sahih');
    expect(en.querySelector('[lang="en"]')!.textContent).toContain('non-commercial use');
  });
});

describe('when the proxy offers LLM-assisted retrieval', () => {
  const config = { corpusManifest: 'data/corpus/manifest.json', corpusVersion: 'x', index: null, chat: true, suggest: true } as const;
  const QUESTION = 'What is the purpose of my life?';

  it("should merge the suggestion's checked verses into the results before the answer is asked for", async () => {
    const proxy = createFakeProxy(config);
    proxy.suggestion = { query: '', refs: ['51:56', '2:999', 'not a verse'] };
    const m = await mount({}, { proxy });
    await askAndWait(m, QUESTION);
    await waitUntil(() => m.events['quran-dai-answer']!.length === 1);
    const suggestCalls = proxy.calls.filter((c) => c.url.endsWith('/api/suggest'));
    expect(suggestCalls.map((c) => c.body)).toStrictEqual([{ question: QUESTION, lang: 'en' }]);
    expect($(m.el, 'article[part~="verse"][data-ref="51:56"]')).not.toBeNull();
    expect($(m.el, 'article[part~="verse"][data-ref="2:999"]')).toBeNull();
    expect(proxy.chatRequests()[0]!.verses.map((v) => v.ref)).toContain('51:56');
  });

  it('should keep the search as it is when the suggestion fails or is empty, and still answer', async () => {
    const plain = await mount({}, { proxy: createFakeProxy({ ...config, suggest: undefined } as never) });
    await askAndWait(plain, QUESTION);
    const expected = $$(plain.el, 'article[part~="verse"]').map((c) => c.dataset.ref);
    plain.el.remove();
    for (const suggestion of ['down', { query: 'x', refs: 'no' }, '<html>']) {
      const proxy = createFakeProxy(config);
      proxy.suggestion = suggestion;
      const m = await mount({}, { proxy });
      await askAndWait(m, QUESTION);
      await waitUntil(() => m.events['quran-dai-answer']!.length === 1);
      expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(expected);
      expect($(m.el, '[part~="notice"]')).toBeNull();
      m.el.remove();
    }
  });

  it('should not ask for a suggestion when the proxy offers none, or the widget only searches', async () => {
    const none = createFakeProxy({ ...config, suggest: undefined } as never);
    const first = await mount({}, { proxy: none });
    await askAndWait(first, QUESTION);
    first.el.remove();
    const searchOnly = createFakeProxy(config);
    await askAndWait(await mount({ mode: 'search' }, { proxy: searchOnly }), QUESTION);
    expect([...none.calls, ...searchOnly.calls].filter((c) => c.url.endsWith('/api/suggest'))).toHaveLength(0);
  });
});

describe('when the site owner sets a contact link', () => {
  const contact = { 'contact-href': 'mailto:imam@mosque.example', 'contact-label': 'Ask Imam Yusuf' };

  it('should show it under every answer, quietly for an ordinary question', async () => {
    const m = await mount(contact);
    await askAndWait(m, '2:153');
    await waitUntil(() => $(m.el, '[part~="answer"] [part~="contact"]') !== null);
    const link = $(m.el, '[part~="contact"] a') as HTMLAnchorElement;
    expect([link.getAttribute('href'), text(link), link.target]).toStrictEqual(['mailto:imam@mosque.example', 'Ask Imam Yusuf', '_self']);
    expect($(m.el, '[part~="contact-prominent"]')).toBeNull();
  });

  it('should put it forward when the search found nothing', async () => {
    const m = await mount({ 'contact-href': 'https://mosque.example/contact' });
    await askAndWait(m, 'xyzzy qwerty');
    await waitUntil(() => $(m.el, '[part~="contact-prominent"]') !== null);
    expect(text($(m.el, '[part~="contact-prominent"]'))).toBe('For a ruling, or a question these verses do not cover, ask a person: Ask our imam');
    expect(($(m.el, '[part~="contact-prominent"] a') as HTMLAnchorElement).target).toBe('_blank');
  });

  it('should put it forward when the question asks for a ruling', async () => {
    const m = await mount(contact);
    await askAndWait(m, 'Is it haram to skip prayer? 2:153');
    await waitUntil(() => $(m.el, '[part~="answer"] [part~="contact-prominent"]') !== null);
  });

  it('should put it forward under the verses for a ruling question when there is no written answer, and not otherwise', async () => {
    const m = await mount({ ...contact, mode: 'search' });
    await askAndWait(m, 'Is it haram to skip prayer? 2:153');
    await waitUntil(() => $(m.el, '[part~="verses"] [part~="contact-prominent"]') !== null);
    expect(text($(m.el, '[part~="contact-prominent"] a'))).toBe('Ask Imam Yusuf');
    await askAndWait(m, '2:153');
    await m.el.updateComplete;
    expect($(m.el, '[part~="contact"]')).toBeNull();
  });

  it('should refuse javascript: and data: links with one warning each and show no link', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const m = await mount({ 'contact-href': 'javascript:alert(1)' });
      await waitUntil(() => warn.mock.calls.some(([w]) => String(w).includes('contact-href "javascript:alert(1)" is refused')));
      m.el.setAttribute('contact-href', 'data:text/html,<b>x</b>');
      await waitUntil(() => warn.mock.calls.some(([w]) => String(w).includes('contact-href "data:text/html')));
      m.el.setAttribute('contact-href', 'javascript:alert(1)');
      await askAndWait(m, 'xyzzy qwerty');
      await m.el.updateComplete;
      expect($$(m.el, '[part~="contact"]')).toHaveLength(0);
      expect(warn.mock.calls.filter(([w]) => String(w).includes('contact-href'))).toHaveLength(2);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('when the page URL carries a shared question', () => {
  it('should fill it into the first widget that has not opted out, and ask only when the visitor presses Ask', async () => {
    const before = location.href;
    history.replaceState(null, '', `${location.pathname}?quran-dai-q=${encodeURIComponent('2:153')}`);
    try {
      const optedOut = await mount({ 'shared-question': 'off' });
      const first = await mount();
      await waitUntil(() => ($(first.el, '#question') as HTMLInputElement | null)?.value === '2:153');
      await first.el.updateComplete;
      expect(text($(first.el, '[part~="notice-shared-question"]'))).toContain('press Ask');
      // Nothing was asked, nothing stored: a crafted link cannot speak to the model by itself.
      await new Promise((r) => setTimeout(r, 50));
      expect(first.proxy.chatRequests()).toHaveLength(0);
      expect(first.events['quran-dai-answer'] ?? []).toHaveLength(0);
      ($(first.el, 'button[type="submit"]') as HTMLButtonElement).click();
      await waitUntil(() => first.events['quran-dai-answer']!.length === 1);
      expect(first.proxy.chatRequests().map((r) => r.question)).toStrictEqual(['2:153']);
      expect(optedOut.proxy.chatRequests()).toHaveLength(0);
      expect($(first.el, '[part~="notice-shared-question"]')).toBeNull();
      // Booting again (a new proxy) does not fill it a second time.
      first.el.setAttribute('proxy', `${PROXY}/`);
      await waitUntil(() => first.events['quran-dai-ready']!.length >= 2);
      expect(first.proxy.chatRequests()).toHaveLength(1);
    } finally {
      history.replaceState(null, '', before);
    }
  });
});
