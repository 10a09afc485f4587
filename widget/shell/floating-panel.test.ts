// @vitest-environment happy-dom
import type { ReactiveController } from 'lit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FloatingPanel } from './floating-panel.js';

/** An element standing in for `<quran-dai>`: its own render root holds the launcher and the question field. */
function panelHost() {
  const el = document.createElement('div');
  el.innerHTML = '<button class="launcher">Ask</button><input id="question">';
  document.body.append(el);
  const controllers: ReactiveController[] = [];
  const host = Object.assign(el, {
    renderRoot: el,
    updates: 0,
    addController: (c: ReactiveController) => void controllers.push(c),
    removeController: () => {},
    requestUpdate: () => void host.updates++,
    updateComplete: Promise.resolve(true),
  });
  const panel = new FloatingPanel(host, { floating: () => true, input: () => el.querySelector('#question') });
  return { host, panel, launcher: el.querySelector('.launcher') as HTMLElement, input: el.querySelector('#question') as HTMLElement };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
  document.documentElement.style.overflow = '';
});

describe('when the floating panel opens and closes', () => {
  it('should move focus into the question field, and back to the launcher', async () => {
    const { panel, launcher, input } = panelHost();
    await panel.toggle();
    expect([panel.isOpen, document.activeElement]).toStrictEqual([true, input]);
    await panel.toggle();
    expect([panel.isOpen, document.activeElement]).toStrictEqual([false, launcher]);
  });

  it('should open without moving focus for a shared question', () => {
    const { host, panel, launcher } = panelHost();
    launcher.focus();
    panel.show();
    expect([panel.isOpen, document.activeElement, host.updates]).toStrictEqual([true, launcher, 1]);
  });
});

describe('when it opens on a phone', () => {
  it('should hold the page behind the sheet still, and give its scrolling back on close and when removed', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(max-width: 480px)' }));
    document.documentElement.style.overflow = 'auto';
    const { panel } = panelHost();
    await panel.open();
    expect(document.documentElement.style.overflow).toBe('hidden');
    await panel.close();
    expect(document.documentElement.style.overflow).toBe('auto');
    await panel.open();
    panel.hostDisconnected();
    expect(document.documentElement.style.overflow).toBe('auto');
  });

  it('should leave the page alone on a wide screen', async () => {
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    const { panel } = panelHost();
    await panel.open();
    expect(document.documentElement.style.overflow).toBe('');
  });
});
