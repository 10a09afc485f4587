import { describe, expect, it } from 'vitest';
import { isSafeLink } from './safe-link.js';

const WEB = new Set(['http', 'https', 'mailto', 'tel']);

describe('when a site owner gives a link', () => {
  it('should accept paths on the site and links with an allowed scheme', () => {
    for (const url of ['/contact', 'contact', '#imam', 'https://mosque.example/contact', 'mailto:imam@mosque.example', 'tel:+441234', '//mosque.example/x']) {
      expect(isSafeLink(url, WEB), url).toBe(true);
    }
  });

  it('should refuse script and data links however a browser would still read them', () => {
    const sneaky = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      '\x01javascript:alert(1)',
      ' \x1fjavascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      '\x00javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'vbscript:msgbox(1)',
    ];
    for (const url of sneaky) expect(isSafeLink(url, WEB), JSON.stringify(url)).toBe(false);
  });

  it('should refuse what the URL parser cannot read', () => {
    expect(isSafeLink('http://', WEB)).toBe(false);
    expect(isSafeLink('https://[::1', WEB)).toBe(false);
  });
});
