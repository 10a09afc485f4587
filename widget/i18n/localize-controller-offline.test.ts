// @vitest-environment happy-dom
/** A language table that cannot be loaded (the visitor went offline): English, one warning, no retry loop. */
import { html, LitElement } from 'lit';
import { describe, expect, it, vi } from 'vitest';
import { LocalizeController } from './localize-controller.js';

vi.mock('./strings-tr.js', () => {
  throw new Error('network error');
});

const warnings: string[] = [];

class OfflineProbe extends LitElement {
  readonly localize = new LocalizeController(this, { warn: (m) => warnings.push(m) });
  protected override willUpdate(): void {
    this.localize.refresh();
  }
  protected override render() {
    return html`<p>${this.localize.ready ? this.localize.t('submit') : ''}</p>`;
  }
}
customElements.define('offline-probe', OfflineProbe);

describe('when the interface language’s table cannot be loaded', () => {
  it('should show English, warn once and not try again on every render', async () => {
    document.body.innerHTML = '<offline-probe lang="tr"></offline-probe>';
    const el = document.querySelector('offline-probe') as OfflineProbe;
    await el.updateComplete;
    while (el.localize.settling) {
      await el.localize.loaded;
      await el.updateComplete;
    }
    expect(el.shadowRoot!.querySelector('p')!.textContent).toBe('Ask');
    expect(el.localize.lang).toBe('en');
    el.requestUpdate();
    await el.updateComplete;
    expect(el.localize.settling).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^<quran-dai>: showing English, the tr text did not load \(/);
  });
});
