// @vitest-environment happy-dom
/**
 * The element as a whole: mounting, attributes, languages, layout, focus, keyboard, theme, accessibility, the sources view and a shared question. Each view has its element tests beside it (asking/, answer/, verses/, contact/).
 */
import { describe, expect, it, vi } from 'vitest';
import { QuranDaiElement } from './quran-dai.component.js';
import { createFakeProxy, PROXY, testServices } from './testing/element-harness.js';
import type { Corpus } from '../data/corpus/corpus.js';
import { waitUntil } from './testing/wait-until.js';
import { mount, $, $$, text, askAndWait, mountLoading, accessibilityProblems, useElementPage } from './testing/element-page.js';
import { ORIGIN_WARNED } from './boot/boot-controller.js';

let corpus: Corpus;
useElementPage((c) => (corpus = c));

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
      const hint =
        'proxy="proxy.mosque.org" has no https:// in front, so it is read as a path on this page\'s own site; if the proxy runs on another host, write proxy="https://proxy.mosque.org"';
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
      // A fresh page: test files share this one, and another may have been told already.
      delete (globalThis as { [ORIGIN_WARNED]?: true })[ORIGIN_WARNED];
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

describe('when the theme changes', () => {
  it('should reflect it to the attribute the styles select on', async () => {
    const { el } = await mount({ theme: 'dark' });
    expect(el.theme).toBe('dark');
    el.theme = 'auto';
    await el.updateComplete;
    expect(el.getAttribute('theme')).toBe('auto');
  });
});

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
