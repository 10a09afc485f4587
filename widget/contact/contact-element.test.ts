// @vitest-environment happy-dom
/**
 * The element's contact link: under an answer, and put forward when a person is the better guide.
 */
import { describe, expect, it, vi } from 'vitest';
import { waitUntil } from '../testing/wait-until.js';
import { mount, $, $$, text, askAndWait, useElementPage } from '../testing/element-page.js';

useElementPage();

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
