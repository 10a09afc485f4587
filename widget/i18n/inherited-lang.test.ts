// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { inheritedLang } from './inherited-lang.js';

afterEach(() => {
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
});

describe('when finding the language a widget inherits', () => {
  it('should take the element’s own lang first', () => {
    document.documentElement.lang = 'en';
    document.body.innerHTML = '<section lang="fr"><div id="w" lang="ur"></div></section>';
    expect(inheritedLang(document.getElementById('w')!)).toBe('ur');
  });
  it('should take the nearest ancestor’s lang, then <html lang>', () => {
    document.documentElement.lang = 'tr';
    document.body.innerHTML = '<section lang="id"><p><span id="a"></span></p></section><span id="b"></span>';
    expect(inheritedLang(document.getElementById('a')!)).toBe('id');
    expect(inheritedLang(document.getElementById('b')!)).toBe('tr');
  });
  it('should cross shadow roots to their hosts', () => {
    document.body.innerHTML = '<div lang="zh"><x-host id="host"></x-host></div>';
    const root = document.getElementById('host')!.attachShadow({ mode: 'open' });
    root.innerHTML = '<div><span id="inner"></span></div>';
    expect(inheritedLang(root.getElementById('inner')!)).toBe('zh');
  });
  it('should skip an empty lang and say when none is set', () => {
    document.body.innerHTML = '<div lang=""><span id="a"></span></div>';
    expect(inheritedLang(document.getElementById('a')!)).toBeUndefined();
  });
});
