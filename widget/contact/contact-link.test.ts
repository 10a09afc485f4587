import { describe, expect, it } from 'vitest';
import { parseContactHref } from './contact-link.js';

describe('parseContactHref', () => {
  it.each([
    'mailto:imam@mosque.example',
    'tel:+441234567890',
    'https://mosque.example/contact',
    'http://mosque.example/contact',
    '/contact#imam',
    'contact.html',
  ])('should accept %s', (href) => {
    expect(parseContactHref(href)).toStrictEqual({ ok: true, href });
  });

  it('should read an email address without mailto: as one, not as a page of this site', () => {
    expect(parseContactHref(' imam@mosque.example ')).toStrictEqual({ ok: true, href: 'mailto:imam@mosque.example' });
    expect(parseContactHref('/people/imam@mosque')).toStrictEqual({ ok: true, href: '/people/imam@mosque' });
  });

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\nscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ])('should refuse %j with a warning that says what to use', (href) => {
    const parsed = parseContactHref(href);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.warning).toMatch(
      /^<quran-dai>: contact-href ".*" is refused: use an https: \(or http:\), mailto: or tel: link or a path on this site/s,
    );
  });
});
