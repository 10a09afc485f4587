// @vitest-environment happy-dom
import { html, LitElement } from 'lit';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalizeController } from './localize-controller.js';

const warnings: string[] = [];

class LocalizedProbe extends LitElement {
  static override properties = { strings: {}, starters: {} };
  strings: unknown;
  starters: unknown;
  readonly localize = new LocalizeController(this, { warn: (m) => warnings.push(m) });
  protected override willUpdate(): void {
    this.localize.refresh();
  }
  protected override render() {
    return html`<p dir=${this.localize.dir}>${this.localize.t('submit')}|${this.localize.starters[0]}</p>`;
  }
}
customElements.define('localized-probe', LocalizedProbe);

async function mount(markup: string): Promise<LocalizedProbe> {
  document.body.innerHTML = markup;
  const el = document.querySelector('localized-probe') as LocalizedProbe;
  await settled(el);
  return el;
}
async function settled(el: LocalizedProbe): Promise<void> {
  await el.updateComplete;
  while (el.localize.settling) {
    await el.localize.loaded;
    await el.updateComplete;
  }
}
const shown = (el: LocalizedProbe) => el.shadowRoot!.querySelector('p')!.textContent;

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  warnings.length = 0;
});

describe('when the widget has no lang of its own', () => {
  it('should follow <html lang>, and switch when the page changes it', async () => {
    document.documentElement.lang = 'ur-PK';
    const el = await mount('<localized-probe></localized-probe>');
    expect(shown(el)).toBe('پوچھیں|صبر کے بارے میں قرآن کیا کہتا ہے؟');
    expect(el.localize.dir).toBe('rtl');
    document.documentElement.lang = 'tr';
    await new Promise((r) => setTimeout(r, 0));
    await settled(el);
    expect(shown(el)).toBe('Sor|Kur’an sabır hakkında ne söyler?');
    expect(el.localize.dir).toBe('ltr');
  });
  it('should follow the nearest ancestor before <html lang>, and fall back to English', async () => {
    document.documentElement.lang = 'fr';
    expect(shown(await mount('<div lang="id"><localized-probe></localized-probe></div>'))).toBe('Tanya|Apa kata Al-Qur’an tentang sabar?');
    document.documentElement.lang = 'de';
    expect(shown(await mount('<localized-probe></localized-probe>'))).toBe('Ask|What does the Quran say about patience?');
  });
});

describe('when the site owner sets strings and starters', () => {
  it('should use them from attributes holding JSON', async () => {
    const el = await mount(`<localized-probe lang="es" strings='{"submit":"Enviar"}' starters='["¿Qué es el ayuno?"]'></localized-probe>`);
    expect(shown(el)).toBe('Enviar|¿Qué es el ayuno?');
    expect(warnings).toStrictEqual([]);
  });
  it('should warn once about an unknown key, ignore it, and keep the known ones', async () => {
    const el = await mount('<localized-probe lang="sv"></localized-probe>');
    el.strings = { submitt: 'Skicka', stop: 'Avbryt' };
    await settled(el);
    el.requestUpdate();
    await settled(el);
    expect(shown(el)).toBe('Fråga|Vad säger Koranen om tålamod?');
    expect(el.localize.t('stop')).toBe('Avbryt');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^<quran-dai>: ignored part of the "strings" setting: "submitt" is not a known key\. Known keys: /);
  });
  it('should warn about starters that are not a list of questions and show the built-in ones', async () => {
    const el = await mount('<localized-probe lang="ru"></localized-probe>');
    el.starters = '["ok", 3]';
    await settled(el);
    expect(shown(el)).toBe('Спросить|Что Коран говорит о терпении?');
    expect(warnings).toStrictEqual(['<quran-dai>: the "starters" setting must be an array of non-empty question strings; the built-in questions are shown.']);
  });
});
