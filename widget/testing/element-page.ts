/**
 * The element in a page for its tests (happy-dom): mounted with the test services and a fake
 * proxy, its events recorded, and small readers of its shadow root.
 */
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { afterEach, beforeAll } from 'vitest';
import { QuranDaiElement } from '../quran-dai.component.js';
import { createFakeProxy, PROXY, testServices, type FakeProxy, type ProxyUnderTest } from './element-harness.js';
import { type ConversationStore } from '../history/conversation-store.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import { waitUntil } from './wait-until.js';
import type { AudioLike } from '../listen/recitation-player.js';

export interface Mounted<P extends ProxyUnderTest = FakeProxy> {
  el: QuranDaiElement;
  proxy: P;
  store: ConversationStore;
  events: Record<string, CustomEvent[]>;
}

export async function mount<P extends ProxyUnderTest = FakeProxy>(
  attrs: Record<string, string> = {},
  setup: { proxy?: P; vectorSearch?: VectorSearch | null; store?: ConversationStore; createAudio?: () => AudioLike } = {},
): Promise<Mounted<P>> {
  const proxy = setup.proxy ?? (createFakeProxy() as ProxyUnderTest as P);
  const services = await testServices({ proxy, vectorSearch: setup.vectorSearch ?? null, ...(setup.store ? { store: setup.store } : {}) });
  const el = document.createElement('quran-dai') as QuranDaiElement;
  el.services = setup.createAudio ? { ...services, createAudio: setup.createAudio } : services;
  const events: Record<string, CustomEvent[]> = {};
  for (const name of [
    'quran-dai-ready',
    'quran-dai-search',
    'quran-dai-answer',
    'quran-dai-error',
    'quran-dai-explain',
    'quran-dai-share',
    'quran-dai-play',
    'quran-dai-feedback',
  ]) {
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

export function $(el: QuranDaiElement, selector: string): HTMLElement | null {
  return el.shadowRoot!.querySelector<HTMLElement>(selector);
}
export function $$(el: QuranDaiElement, selector: string): HTMLElement[] {
  return [...el.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
}
export function text(node: Element | null): string {
  return (node?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

export async function askAndWait(m: Mounted<ProxyUnderTest>, question: string): Promise<void> {
  await m.el.ask(question);
  await m.el.updateComplete;
}

export function refsOf(result: { hits: readonly { ref: { surah: number; ayah: number } }[] }): string[] {
  return result.hits.map((h) => `${h.ref.surah}:${h.ref.ayah}`);
}

/** A search-mode widget whose data is still loading until `release()`; its search events are recorded. */
export async function mountLoading(): Promise<{ el: QuranDaiElement; searches: CustomEvent[]; release: () => void }> {
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

/** An engine stand-in whose keyword search waits until released (like a worker still building its index). */
export function gatedEngine(services: Awaited<ReturnType<typeof testServices>>): {
  services: typeof services;
  release: (query: string) => void;
  waiting: () => string[];
} {
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

export async function mountWith(services: Awaited<ReturnType<typeof testServices>>, attrs: Record<string, string> = {}): Promise<QuranDaiElement> {
  const el = document.createElement('quran-dai') as QuranDaiElement;
  el.services = services;
  for (const [k, v] of Object.entries({ proxy: PROXY, ...attrs })) el.setAttribute(k, v);
  document.body.append(el);
  await waitUntil(() => ($(el, '[part~="submit"]') as HTMLButtonElement | null)?.disabled === false);
  return el;
}

/** Basic accessibility rules every state must keep: named controls, labelled fields, unique ids, safe new-tab links. */
export function accessibilityProblems(el: QuranDaiElement): string[] {
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

/**
 * One test file's page: the element defined, the page emptied after each test, and the test
 * corpus handed over once loaded (for tests that read verses from it).
 */
export function useElementPage(onCorpus?: (corpus: Corpus) => void): void {
  if (!customElements.get('quran-dai')) customElements.define('quran-dai', QuranDaiElement);
  if (onCorpus) beforeAll(async () => onCorpus(await loadTestCorpus()));
  afterEach(() => {
    document.body.innerHTML = '';
  });
}
