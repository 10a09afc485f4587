// @vitest-environment happy-dom
/**
 * The element's verse cards: the translation shown, and a card's explain, share and listen actions.
 */
import { describe, expect, it, vi } from 'vitest';
import { createFakeProxy, type ProxyUnderTest } from '../testing/element-harness.js';
import { createRealProxy } from '../testing/real-proxy.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { createSearchEngine } from '../../data/search/search-engine.js';
import { waitUntil } from '../testing/wait-until.js';
import type { AudioLike } from '../listen/recitation-player.js';
import { formatRange, quranComTafsirUrl } from '../../data/corpus/verse-range.js';
import { type Mounted, mount, $, $$, text, askAndWait, useElementPage } from '../testing/element-page.js';

let corpus: Corpus;
useElementPage((c) => (corpus = c));

describe('when a translation is chosen', () => {
  it('should show that translation with its language, and Urdu right to left', async () => {
    const fr = await mount({ mode: 'search', translation: 'fr' });
    await askAndWait(fr, '2:153');
    const frText = $(fr.el, 'article[data-ref="2:153"] [part~="verse-translation"]')!;
    expect([frText.getAttribute('lang'), frText.getAttribute('dir'), text(frText)]).toStrictEqual([
      'fr',
      'ltr',
      text(Object.assign(document.createElement('p'), { textContent: corpus.verse({ surah: 2, ayah: 153 }, 'fr').translation! })),
    ]);
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

describe("when a visitor uses a verse card's explain, share and listen actions", () => {
  const card = (m: Mounted<ProxyUnderTest>, ref: string, part: string) => $(m.el, `article[data-ref="${ref}"] [part~="${part}"]`) as HTMLButtonElement;

  it("should ask the Da'i about that verse first with its ±5 passage, explain set, and link its tafsir on quran.com", async () => {
    // The real proxy takes the explain request (its question, the verse, its passage) and answers.
    const m = await mount({}, { proxy: await createRealProxy() });
    await askAndWait(m, 'patience');
    card(m, '2:153', 'explain').click();
    await waitUntil(() => m.events['quran-dai-answer']!.length === 2);
    await m.el.updateComplete;
    const request = m.proxy.chatRequests().at(-1)!;
    // The passage its card showed (a top hit's merged passage), else its ±5 verses.
    const shown = createSearchEngine(corpus)
      .lexical('patience', { lang: 'en' })
      .passages.find((p) => p.hits.some((h) => h.surah === 2 && h.ayah === 153));
    const passage = formatRange(shown?.range ?? corpus.contextOf({ surah: 2, ayah: 153 }));
    expect([request.question, request.explain, request.verses]).toStrictEqual([
      'Explain verse 2:153 from its passage.',
      '2:153',
      [{ ref: '2:153', context: passage }],
    ]);
    expect(m.events['quran-dai-explain']!.map((e) => e.detail)).toStrictEqual([{ ref: '2:153', passage }]);
    expect(m.proxy.modelCalls()).toBe(2);
    const tafsir = $(m.el, '[part~="answer"] [part~="answer-tafsir"] a') as HTMLAnchorElement;
    expect([tafsir.getAttribute('href'), text(tafsir)]).toStrictEqual([quranComTafsirUrl({ surah: 2, ayah: 153 }), 'Read a tafsir of 2:153 on quran.com']);
    expect(text($(m.el, '[part~="answer-tafsir"]'))).toContain('not a tafsir');
    // The explained verse opens on its passage.
    expect($$(m.el, 'article[data-ref="2:153"] [part~="context-verse"]').length).toBeGreaterThan(1);
    // The earlier answer (not an explanation) has no tafsir link.
    expect($$(m.el, '[part~="answer-tafsir"]')).toHaveLength(1);
    // Asked something else, the explained answer keeps its tafsir link among the earlier questions.
    await askAndWait(m, '94:5');
    expect($$(m.el, '[part~="history-item"] [part~="answer-tafsir"] a').map((a) => a.getAttribute('href'))).toStrictEqual([
      quranComTafsirUrl({ surah: 2, ayah: 153 }),
    ]);
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
    expect(text($(m.el, '[part~="notice"]'))).toBe(
      'Written explanations are not available on this site; here is the verse in its passage, with a link to its tafsir.',
    );
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
    expect([card(m, '2:153', 'listen').getAttribute('aria-pressed'), card(m, '2:153', 'listen').getAttribute('aria-label')]).toStrictEqual([
      'true',
      'Stop the recitation of verse 2:153',
    ]);

    // The context verse 2:154 is not a card; ask for it to get its card.
    await askAndWait(m, '2:154');
    card(m, '2:154', 'listen').click();
    await waitUntil(() => $(m.el, 'article[data-ref="2:154"] [part~="listen-error"]') !== null);
    expect(text($(m.el, 'article[data-ref="2:154"] [part~="listen-error"]'))).toBe('The recitation of 2:154 could not be loaded.');
    expect(card(m, '2:154', 'listen').getAttribute('aria-pressed')).toBe('false');
    expect(m.events['quran-dai-play']).toHaveLength(1);
  });
});
