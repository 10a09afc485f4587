import { describe, expect, it } from 'vitest';
import { siteBaseFromAttribute } from './site-base-attribute.js';

const PAGE = 'https://mosque.example/ask/';

describe('when the site-base-url attribute is read', () => {
  it("should take an http(s) address as it is, and a path on the page's own site against the page", () => {
    expect(siteBaseFromAttribute('https://mosque.example/info', PAGE)).toStrictEqual({ ok: true, base: 'https://mosque.example/info' });
    expect(siteBaseFromAttribute(' /info ', PAGE)).toStrictEqual({ ok: true, base: 'https://mosque.example/info' });
  });

  it('should say what to write for an address without https:// and refuse other schemes', () => {
    expect(siteBaseFromAttribute('mosque.example/info', PAGE)).toStrictEqual({
      ok: false,
      warning:
        '<quran-dai>: site-base-url="mosque.example/info" is not an https:// address or a path on this site, so the mosque\'s documents are not linked; e.g. site-base-url="https://mosque.example/info" or site-base-url="/info". Did you mean site-base-url="https://mosque.example/info"?',
    });
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'info']) expect(siteBaseFromAttribute(bad, PAGE).ok, bad).toBe(false);
  });
});
