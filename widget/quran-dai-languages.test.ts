// @vitest-environment happy-dom
/** The element in the visitor's language: inherited from the page, with translated labels, announcements and requests. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuranDaiElement } from './quran-dai.component.js';
import { createFakeProxy, PROXY, testServices, type FakeProxy, type ProxyUnderTest } from './testing/element-harness.js';
import { createRealProxy } from './testing/real-proxy.js';
import { waitUntil } from './testing/wait-until.js';

if (!customElements.get('quran-dai')) customElements.define('quran-dai', QuranDaiElement);

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  vi.restoreAllMocks();
});

async function mount<P extends ProxyUnderTest = FakeProxy>(
  attrs: Record<string, string> = {},
  into: HTMLElement = document.body,
  proxy: P = createFakeProxy() as ProxyUnderTest as P,
): Promise<{ el: QuranDaiElement; proxy: P }> {
  const el = document.createElement('quran-dai') as QuranDaiElement;
  el.services = await testServices({ proxy, vectorSearch: null });
  let ready = false;
  el.addEventListener('quran-dai-ready', () => (ready = true));
  for (const [k, v] of Object.entries({ proxy: PROXY, ...attrs })) el.setAttribute(k, v);
  into.append(el);
  await waitUntil(() => ready);
  await el.updateComplete;
  return { el, proxy };
}

const $ = (el: QuranDaiElement, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
const text = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('when the page is in Urdu and the widget sets no lang', () => {
  it('should lay the widget out right to left with Urdu labels and starters', async () => {
    document.documentElement.lang = 'ur';
    const { el } = await mount({ mode: 'search' });
    const base = $(el, '[part~="base"]')!;
    expect([base.getAttribute('dir'), base.getAttribute('lang')]).toStrictEqual(['rtl', 'ur']);
    expect(text($(el, 'label[for="question"]'))).toBe('آپ کا سوال');
    expect($(el, '[part~="input"]')!.getAttribute('placeholder')).toBe('اسلام کے بارے میں سوال لکھیں…');
    expect(text($(el, '[part~="submit"]'))).toBe('پوچھیں');
    expect(text($(el, '[part~="starter"]'))).toBe('صبر کے بارے میں قرآن کیا کہتا ہے؟');
  });
  it('should show the Urdu translation, announce results in Urdu and label verse actions in Urdu', async () => {
    document.documentElement.lang = 'ur-PK';
    const { el } = await mount({ mode: 'search' });
    await el.ask('2:153');
    await el.updateComplete;
    const status = $(el, '[part~="status"]')!;
    expect([status.getAttribute('role'), status.getAttribute('aria-live')]).toStrictEqual(['status', 'polite']);
    expect(text(status)).toMatch(/^\d+ (آیت ملی|آیات ملیں)۔$/);
    const card = $(el, 'article[data-ref="2:153"]')!;
    expect(card.querySelector('[part~="verse-translation"]')!.getAttribute('lang')).toBe('ur');
    expect(card.querySelector('[part~="verse-ref"]')!.getAttribute('aria-label')).toBe('2:153 کو quran.com پر کھولیں');
    expect(card.querySelector('[part~="copy"]')!.getAttribute('aria-label')).toBe('آیت 2:153 کاپی کریں');
    const toggle = card.querySelector('[part~="context-toggle"]')!;
    expect(text(toggle)).toBe('آس پاس کی آیات دکھائیں');
    expect(toggle.querySelector('svg')!.getAttribute('class')).toBe('icon icon--mirror icon--disclosure');
    // Names in the interface's script and language: no "سورہ Al-Baqarah", no English translation name.
    expect(text(card.querySelector('[part~="verse-surah"]'))).toBe('سورہ البقرة');
    expect(text(card.querySelector('[part~="verse-translation-name"]'))).toBe('ترجمہ: سید ابوالاعلیٰ مودودی');
    // "About these texts" in Urdu, the Urdu translation named in Urdu.
    expect(text($(el, '[part~="about-summary"]'))).toBe('ان متون کے بارے میں');
    expect(text($(el, '[part~="about-item"][data-source="translation-ur"] strong'))).toBe('ترجمہ: سید ابوالاعلیٰ مودودی');
  });
});

describe('when an Urdu visitor copies a verse', () => {
  it('should copy the reference line in Urdu, with the Urdu translation from the corpus', async () => {
    const writeText = vi.fn(async (_: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { el } = await mount({ mode: 'search', lang: 'ur' });
    await el.ask('2:153');
    await el.updateComplete;
    ($(el, 'article[data-ref="2:153"] [part~="copy"]') as HTMLButtonElement).click();
    await waitUntil(() => writeText.mock.calls.length > 0);
    const lines = writeText.mock.calls[0]![0].split('\n');
    expect(lines.slice(-2)).toStrictEqual(['— قرآن 2:153، البقرة (ترجمہ: سید ابوالاعلیٰ مودودی)', 'https://quran.com/2/153']);
    await el.updateComplete;
    expect(text($(el, 'article[data-ref="2:153"] [part~="copy"]'))).toBe('کاپی ہو گئی');
  });
});

describe('when the widget sits in a section with its own lang', () => {
  it('should follow the section, and its own lang above both', async () => {
    document.documentElement.lang = 'en';
    const section = document.body.appendChild(Object.assign(document.createElement('section'), { lang: 'zh' }));
    const { el } = await mount({ mode: 'search' }, section);
    expect(text($(el, '[part~="submit"]'))).toBe('提问');
    el.lang = 'bn';
    await el.updateComplete;
    expect(text($(el, '[part~="submit"]'))).toBe('জিজ্ঞাসা করুন');
    expect($(el, '[part~="base"]')!.getAttribute('dir')).toBe('ltr');
  });
});

describe('when a visitor asks in Indonesian with chat on', () => {
  // The real proxy: it takes the language and the translation the element sends, and answers.
  it('should send the interface language and its translation, and announce the answer in Indonesian', async () => {
    const { el, proxy } = await mount({ lang: 'id' }, document.body, await createRealProxy());
    await el.ask('2:153');
    await el.updateComplete;
    expect(proxy.chatRequests()[0]).toMatchObject({ lang: 'id', translation: 'id' });
    expect(proxy.modelCalls()).toBe(1);
    expect(text($(el, '[part~="answer-heading"]'))).toBe('Jawaban');
    expect(text($(el, '[part~="status"]'))).toBe('Jawaban selesai.');
  });
  it('should keep the translation the site owner set', async () => {
    const { el, proxy } = await mount({ lang: 'id', translation: 'en' }, document.body, await createRealProxy());
    await el.ask('2:153');
    expect(proxy.chatRequests()[0]).toMatchObject({ lang: 'id', translation: 'en' });
    expect(proxy.modelCalls()).toBe(1);
  });
});

describe('when the site owner sets strings and starters', () => {
  it('should use the replacements, ignore an unknown key and warn once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { el } = await mount({ lang: 'fr', strings: '{"submit":"Envoyer","sumbit":"x"}', starters: '["Qu’est-ce que le jeûne ?"]' });
    el.requestUpdate();
    await el.updateComplete;
    expect(text($(el, '[part~="submit"]'))).toBe('Envoyer');
    expect(text($(el, '[part~="starter"]'))).toBe('Qu’est-ce que le jeûne ?');
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/^<quran-dai>: ignored part of the "strings" setting: "sumbit" is not a known key\./);
  });
});

describe('when a Russian visitor is asked to wait', () => {
  it('should announce the wait in Russian with the plural the number takes', async () => {
    const { el, proxy } = await mount({ lang: 'ru' });
    proxy.chat = { kind: 'status', status: 429, headers: { 'retry-after': '3' }, body: { error: { code: 'rate-limited', message: 'slow down' } } };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      await el.ask('2:153');
      await el.updateComplete;
      const notice = $(el, '[part~="notice-rate-limited"]')!;
      expect(notice.getAttribute('role')).toBe('alert');
      expect(text(notice)).toBe('Сейчас слишком много вопросов. Пожалуйста, подождите 3 секунды и попробуйте снова. Аяты показаны ниже. Повторить');
      vi.advanceTimersByTime(2000);
      await el.updateComplete;
      // Counted down on screen; screen readers keep the one announcement of the whole wait.
      expect(text($(el, '[part~="notice-rate-limited"] [aria-hidden="true"]'))).toBe(
        'Сейчас слишком много вопросов. Пожалуйста, подождите 1 секунду и попробуйте снова. Аяты показаны ниже.',
      );
      expect(text($(el, '[part~="notice-rate-limited"] .visually-hidden'))).toBe(
        'Сейчас слишком много вопросов. Пожалуйста, подождите 3 секунды и попробуйте снова. Аяты показаны ниже.',
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('when the floating widget is shown in Urdu', () => {
  it('should label the launcher and the close button in Urdu', async () => {
    const { el } = await mount({ lang: 'ur', layout: 'floating' });
    expect(text($(el, '[part~="launcher"]'))).toBe('قرآن کے بارے میں پوچھیں');
    ($(el, '[part~="launcher"]') as HTMLButtonElement).click();
    await el.updateComplete;
    expect($(el, '[part~="close"]')!.getAttribute('aria-label')).toBe('بند کریں');
    expect(text($(el, '#panel-title'))).toBe('قرآن سے پوچھیں');
  });
});
