// @vitest-environment happy-dom
/**
 * The verse explanation as a visitor meets it: loaded only after the first results, shown under
 * each verse in the visitor's language with its source named, open on the verse being explained
 * (with no key too), and searched with by the next Arabic question.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { QuranDaiElement } from '../quran-dai.component.js';
import { createFakeProxy, PROXY, testServices } from '../testing/element-harness.js';
import { DEFAULT_CORPUS_DIR, loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import { loadCorpusExplanation, loadCorpusTrack } from '../../data/corpus/corpus-loader.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { waitUntil } from '../testing/wait-until.js';
if (!customElements.get('quran-dai')) customElements.define('quran-dai', QuranDaiElement);

afterEach(() => {
  document.body.innerHTML = '';
});

const readPart = async (path: string) => new Uint8Array(await readFile(join(DEFAULT_CORPUS_DIR, path)));

/** A widget on its own corpus (the explanation is added to it), counting explanation loads. */
async function mount(attrs: Record<string, string>): Promise<{ el: QuranDaiElement; corpus: Corpus; loads: string[] }> {
  const corpus = await loadCorpusFromDir({ tracks: ['en'] });
  const loads: string[] = [];
  const base = await testServices({ proxy: createFakeProxy() });
  const el = document.createElement('quran-dai') as QuranDaiElement;
  el.services = {
    ...base,
    loadQuranData: async () => ({ corpus, vectorSearch: null, indexManifest: null, fromCache: false }),
    loadTranslationTrack: async (o) => loadCorpusTrack(readPart, o.corpus, o.track),
    loadVerseExplanation: async (o) => {
      loads.push(o.lang);
      await loadCorpusExplanation(readPart, o.corpus, o.lang);
    },
  };
  let ready = false;
  el.addEventListener('quran-dai-ready', () => (ready = true));
  for (const [k, v] of Object.entries({ proxy: PROXY, mode: 'search', ...attrs })) el.setAttribute(k, v);
  document.body.append(el);
  await waitUntil(() => ready);
  await el.updateComplete;
  return { el, corpus, loads };
}

const cards = (el: QuranDaiElement) => [...el.shadowRoot!.querySelectorAll<HTMLElement>('article[part~="verse"]')];
const text = (n: Element | null | undefined) => (n?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('when an Arabic-speaking visitor asks', () => {
  it('should load Tafsir al-Jalalayn after the first results and show each verse its own, with the source named', async () => {
    const { el, corpus, loads } = await mount({ lang: 'ar' });
    expect(loads).toEqual([]);
    await el.ask('الصبر');
    await waitUntil(() => corpus.hasExplanation('ar'));
    await el.updateComplete;
    expect(loads).toEqual(['ar']);
    const shown = cards(el);
    expect(shown.length).toBeGreaterThan(0);
    for (const card of shown) {
      const [surah, ayah] = card.dataset.ref!.split(':').map(Number) as [number, number];
      const details = card.querySelector('details[part~="verse-explanation"]') as HTMLDetailsElement;
      expect(text(details.querySelector('summary'))).toBe('التفسير: تفسير الجلالين');
      const p = details.querySelector('[part~="verse-explanation-text"]')!;
      expect([p.getAttribute('lang'), p.getAttribute('dir')]).toEqual(['ar', 'rtl']);
      expect(text(p)).toBe(corpus.explanationAt('ar', corpus.indexOf({ surah, ayah }))!.replace(/\s+/g, ' ').trim());
      expect(details.open).toBe(false);
    }
    await el.ask('الصلاة');
    expect(loads).toEqual(['ar']);
  });
  it('should open the explanation of the verse being explained, with no key', async () => {
    const { el, corpus } = await mount({ lang: 'ar' });
    await el.explain('2:255');
    await waitUntil(() => corpus.hasExplanation('ar'));
    await el.updateComplete;
    const card = cards(el).find((c) => c.dataset.ref === '2:255')!;
    const details = card.querySelector('details[part~="verse-explanation"]') as HTMLDetailsElement;
    expect(details.open).toBe(true);
    expect(text(details.querySelector('[part~="verse-explanation-text"]'))).toMatch(/القيوم/);
  });
});

describe('when an Indonesian-speaking visitor asks', () => {
  it('should load the Indonesian Tafsir Jalalain after the first results and show each verse its own, left to right', async () => {
    const { el, corpus, loads } = await mount({ lang: 'id' });
    expect(loads).toEqual([]);
    await el.ask('patience');
    await waitUntil(() => corpus.hasExplanation('id'));
    await el.updateComplete;
    expect(loads).toEqual(['id']);
    const shown = cards(el);
    expect(shown.length).toBeGreaterThan(0);
    for (const card of shown) {
      const [surah, ayah] = card.dataset.ref!.split(':').map(Number) as [number, number];
      const details = card.querySelector('details[part~="verse-explanation"]') as HTMLDetailsElement;
      expect(text(details.querySelector('summary'))).toBe('Penjelasan: Tafsir Jalalain');
      const p = details.querySelector('[part~="verse-explanation-text"]')!;
      expect([p.getAttribute('lang'), p.getAttribute('dir')]).toEqual(['id', 'auto']);
      expect(text(p)).toBe(corpus.explanationAt('id', corpus.indexOf({ surah, ayah }))!.replace(/\s+/g, ' ').trim());
    }
    expect(corpus.hasExplanation('ar')).toBe(false);
  });
});

describe('when the visitor reads another language', () => {
  it('should show no explanation, and load one only for a question in Arabic script (which search uses)', async () => {
    const { el, corpus, loads } = await mount({ lang: 'en' });
    await el.ask('patience');
    await el.updateComplete;
    expect(loads).toEqual([]);
    expect(el.shadowRoot!.querySelector('[part~="verse-explanation"]')).toBeNull();
    const question = 'ما هي النميمة؟';
    await el.ask(question);
    await el.updateComplete;
    const before = cards(el).map((c) => c.dataset.ref);
    await waitUntil(() => corpus.hasExplanation('ar'));
    await el.ask(question);
    await el.updateComplete;
    expect(loads).toEqual(['ar']);
    // Talebearing (النميمة) is a word of the explanation of 9:47, not of any verse: found once it is indexed.
    expect(before).not.toContain('9:47');
    expect(cards(el).map((c) => c.dataset.ref)).toContain('9:47');
    expect(el.shadowRoot!.querySelector('[part~="verse-explanation"]')).toBeNull();
  });
});
