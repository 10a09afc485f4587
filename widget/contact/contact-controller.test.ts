// @vitest-environment happy-dom
import { render } from 'lit';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/ui-language.js';
import { fakeControllerHost } from '../testing/fake-controller-host.js';
import { ContactController, type ContactContext } from './contact-controller.js';

const t = translator('en');
const context = (over: Partial<ContactContext> = {}): ContactContext => ({
  question: 'What is patience?',
  answer: 'Patience is…',
  searchKind: 'verses',
  label: undefined,
  t,
  ...over,
});

function shown(template: unknown): HTMLElement {
  const box = document.createElement('div');
  render(template, box);
  return box;
}

describe('when the site owner sets a contact link', () => {
  it('should show it under an answer once checked, and refuse an unsafe one with one warning', async () => {
    const host = fakeControllerHost();
    const warnings: string[] = [];
    const contact = new ContactController(host, (w) => warnings.push(w));
    await contact.apply('mailto:imam@mosque.example');
    const link = shown(contact.template(context())).querySelector('a')!;
    expect([link.getAttribute('href'), link.textContent?.trim(), host.updates]).toStrictEqual(['mailto:imam@mosque.example', 'Ask our imam', 1]);
    await contact.apply('javascript:alert(1)');
    expect(shown(contact.template(context())).querySelector('a')).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain('contact-href');
  });

  it('should put it forward under the verses for a question asking for a ruling when there is no written answer', async () => {
    const contact = new ContactController(fakeControllerHost(), () => {});
    await contact.apply('https://mosque.example/contact');
    expect(shown(contact.rulingTemplate(context({ question: 'Is it allowed to drink alcohol?', answer: '' }))).querySelector('a')).not.toBeNull();
    expect(shown(contact.rulingTemplate(context({ question: 'Is it allowed to drink alcohol?', answer: 'No [5:90].' }))).querySelector('a')).toBeNull();
    expect(shown(contact.rulingTemplate(context({ question: 'What is patience?', answer: '' }))).querySelector('a')).toBeNull();
  });

  it('should keep only the last value when they change faster than the link module loads', async () => {
    const contact = new ContactController(fakeControllerHost(), () => {});
    const first = contact.apply('https://first.example/contact');
    await contact.apply('https://second.example/contact');
    await first;
    expect(shown(contact.template(context())).querySelector('a')!.getAttribute('href')).toBe('https://second.example/contact');
  });
});
