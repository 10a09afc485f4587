import { describe, expect, it } from 'vitest';
import { siteDocumentHref } from './site-link.js';

const page = { doc: 'opening-times', source: 'opening-times.md' };

describe('siteDocumentHref', () => {
  it('should link a page by its slug and heading anchor', () => {
    expect(siteDocumentHref('https://mosque.example.org/info/', page, { anchor: 'jumuah-friday-prayer' })).toBe(
      'https://mosque.example.org/info/opening-times#jumuah-friday-prayer',
    );
    expect(siteDocumentHref('https://mosque.example.org', page, { anchor: '' })).toBe('https://mosque.example.org/opening-times');
  });

  it('should link a PDF as its file, at its page', () => {
    expect(siteDocumentHref('https://m.example/docs', { doc: 'books-guide', source: 'books/prayer guide.pdf' }, { anchor: 'page=3' })).toBe(
      'https://m.example/docs/books/prayer%20guide.pdf#page=3',
    );
  });

  it('should give no link without an http(s) base', () => {
    expect(siteDocumentHref(undefined, page, { anchor: 'x' })).toBeUndefined();
    expect(siteDocumentHref('javascript:alert(1)', page, { anchor: 'x' })).toBeUndefined();
    expect(siteDocumentHref('not a url', page, { anchor: 'x' })).toBeUndefined();
  });

  it('should encode an anchor in another script', () => {
    expect(siteDocumentHref('https://m.example', page, { anchor: 'صلاة-الجمعة' })).toBe(`https://m.example/opening-times#${encodeURIComponent('صلاة-الجمعة')}`);
  });
});
