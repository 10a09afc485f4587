import { describe, expect, it } from 'vitest';
import { QURAN_FONT_FAMILY, registerQuranFont, type QuranFontTarget } from './quran-font.js';

class FakeFontFace {
  constructor(
    readonly family: string,
    readonly source: string,
    readonly descriptors: FontFaceDescriptors = {},
  ) {}
}

function fakeTarget() {
  const added: FakeFontFace[] = [];
  const target = {
    fonts: { add: (f: FakeFontFace) => added.push(f), [Symbol.iterator]: () => added[Symbol.iterator]() },
    FontFace: FakeFontFace,
  } as unknown as QuranFontTarget;
  return { target, added };
}

describe('when the widget registers the Quranic font', () => {
  it('should add one swap face for Arabic only, pointing at the proxy font folder', () => {
    const { target, added } = fakeTarget();
    expect(registerQuranFont('https://proxy.example/fonts/', target)).toBe(true);
    expect(added).toHaveLength(1);
    expect(added[0]!.family).toBe(QURAN_FONT_FAMILY);
    expect(added[0]!.source).toBe('url("https://proxy.example/fonts/scheherazade-new-arabic-400-normal.woff2") format("woff2")');
    expect(added[0]!.descriptors).toMatchObject({ display: 'swap' });
    expect(added[0]!.descriptors.unicodeRange).toContain('U+0600-06FF');
    expect(added[0]!.descriptors.unicodeRange).not.toContain('U+0000');
  });

  it('should add it only once when several widgets are on the page', () => {
    const { target, added } = fakeTarget();
    registerQuranFont('https://proxy.example/fonts', target);
    registerQuranFont('https://proxy.example/fonts', target);
    expect(added).toHaveLength(1);
  });

  it('should do nothing where the page has no FontFace API', () => {
    expect(registerQuranFont('https://proxy.example/fonts', undefined)).toBe(false);
  });
});
