// @vitest-environment happy-dom
/**
 * The element asking: search mode, an engine in a worker, meaning search (a vector index, a local model), a question in another language, and the LLM's retrieval suggestion.
 */
import { describe, expect, it, vi } from 'vitest';
import { QuranDaiElement } from '../quran-dai.component.js';
import { createFakeProxy, fixedVectorSearch, PROXY, testServices } from '../testing/element-harness.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import { createSearchEngine } from '../../data/search/search-engine.js';
import type { LocalModelProgress } from '../../data/embed/local-embedder-progress.js';
import { waitUntil } from '../testing/wait-until.js';
import { createRealProxy } from '../testing/real-proxy.js';
import { mount, $, $$, text, askAndWait, refsOf, gatedEngine, mountWith, useElementPage } from '../testing/element-page.js';

let corpus: Corpus;
useElementPage((c) => (corpus = c));

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
    expect([link.getAttribute('href'), link.target, link.rel, text(link)]).toStrictEqual([
      `https://quran.com/${surah}/${ayah}`,
      '_blank',
      'noopener noreferrer',
      expected[0],
    ]);
    expect(m.proxy.chatRequests()).toHaveLength(0);
    expect(m.events['quran-dai-search']!.map((e) => e.detail)).toStrictEqual([
      { query: 'patience', kind: 'verses', stage: 'lexical', count: expected.length, refs: expected },
    ]);
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
  it('should show keyword results first, then replace them with fused results from the query vector the proxy embeds', async () => {
    // The real proxy: its config names the index and its /api/embed embeds the question.
    const proxy = await createRealProxy({ CHAT_PROVIDER: 'none' }, { index: true });
    const vectorHits = [
      { index: corpus.indexOf({ surah: 2, ayah: 153 }), score: 0.9 },
      { index: corpus.indexOf({ surah: 39, ayah: 10 }), score: 0.8 },
    ];
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
    const proxy = createFakeProxy({
      corpusManifest: 'm',
      corpusVersion: 'x',
      index: { id: 'test-4', manifest: 'data/index/test-4/manifest.json', queryEmbedding: 'proxy' },
      chat: false,
    });
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
    const proxy = createFakeProxy({
      corpusManifest: 'm',
      corpusVersion: 'x',
      index: { id: 'test-4', manifest: 'data/index/test-4/manifest.json', queryEmbedding: 'browser' },
      chat: false,
    });
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
    const proxy = createFakeProxy({
      corpusManifest: 'm',
      corpusVersion: 'x',
      index: { id: 'test-4', manifest: 'data/index/test-4/manifest.json', queryEmbedding: 'browser' },
      chat: false,
    });
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
    const proxy = createFakeProxy({
      corpusManifest: 'm',
      corpusVersion: 'x',
      index: { id: 'test-4', manifest: 'data/index/test-4/manifest.json', queryEmbedding: 'proxy' },
      chat: false,
    });
    const vectorHits = [
      { index: corpus.indexOf({ surah: 5, ayah: 90 }), score: 0.9 },
      { index: corpus.indexOf({ surah: 2, ayah: 219 }), score: 0.85 },
    ];
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

describe('when the proxy offers LLM-assisted retrieval', () => {
  const config = { corpusManifest: 'data/corpus/manifest.json', corpusVersion: 'x', index: null, chat: true, suggest: true } as const;
  const QUESTION = 'What is the purpose of my life?';

  it("should merge the suggestion's checked verses into the results before the answer is asked for", async () => {
    // The real proxy: the model's reply goes through its own parsing and checks before the widget's.
    const proxy = await createRealProxy();
    proxy.suggestion = '{"query": "", "refs": ["51:56", "2:999", "not a verse"]}';
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
    // The real proxy, its suggestions off (SUGGEST_TIMEOUT_MS=0), then on with a model that fails or replies nonsense.
    const plain = await mount({}, { proxy: await createRealProxy({ SUGGEST_TIMEOUT_MS: '0' }) });
    await askAndWait(plain, QUESTION);
    const expected = $$(plain.el, 'article[part~="verse"]').map((c) => c.dataset.ref);
    plain.el.remove();
    for (const suggestion of [new Error('upstream model failed'), '{"query": "x", "refs": "no"}', '<html>']) {
      const proxy = await createRealProxy();
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
