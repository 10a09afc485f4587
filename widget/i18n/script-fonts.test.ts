/**
 * Every character of every translation the widget shows, and of every interface table, is
 * drawn by a font we serve (its cmap is read, within the unicode-range it is registered
 * with) or by the system fonts the stack names for that script.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import * as fontkit from 'fontkit';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRANSLATION_LANGS, TRANSLITERATION_KEY } from '../../data/corpus/corpus-types.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { QURAN_FONT_FAMILY, QURAN_FONT_FILE, QURAN_FONT_UNICODE_RANGE } from '../verses/quran-font.js';
import { fontFamilyValue, fontStackOf, SCRIPT_FONT_STACKS, UI_FONT_STACK } from './script-fonts.js';
import { loadUiText, UI_LANGS } from './ui-language.js';
import { scriptFontStyles } from './script-fonts.styles.js';
import { quranDaiStyles } from '../quran-dai.styles.js';

const FONT_DIR = join(dirname(createRequire(import.meta.url).resolve('@fontsource/scheherazade-new/package.json')), 'files');

/** `U+0600-06FF, U+FB50-FDFF` → [[0x600, 0x6ff], [0xfb50, 0xfdff]]. */
function parseUnicodeRange(range: string): [number, number][] {
  return range.split(',').map((part) => {
    const [from, to = from] = part.trim().replace(/^U\+/i, '').split('-');
    return [parseInt(from!, 16), parseInt(to!, 16)];
  });
}

/** Code points a served file draws: in its cmap and inside the unicode-range it is registered with. */
function servedCoverage(file: string, unicodeRange: string): (cp: number) => boolean {
  const font = fontkit.openSync(join(FONT_DIR, file));
  if (!('hasGlyphForCodePoint' in font)) throw new Error(`${file} is a font collection; expected one face`);
  const ranges = parseUnicodeRange(unicodeRange);
  return (cp) => ranges.some(([a, b]) => cp >= a && cp <= b) && font.hasGlyphForCodePoint(cp);
}

/** Characters of `texts` (no spaces or controls) that the stack for `lang` leaves as boxes. */
function uncovered(texts: Iterable<string>, lang: string, served: (file: string) => (cp: number) => boolean): string[] {
  const stack = fontStackOf(lang);
  const draws = stack.served ? served(stack.served) : () => false;
  const chars = new Set<string>();
  for (const text of texts) for (const ch of text) chars.add(ch);
  return [...chars]
    .filter((ch) => !/[\s\p{Cc}]/u.test(ch) && !draws(ch.codePointAt(0)!) && !stack.system.test(ch))
    .map((ch) => `${ch} U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
}

let corpus: Corpus;
const served = (file: string) => {
  expect(file).toBe(QURAN_FONT_FILE);
  return servedCoverage(file, QURAN_FONT_UNICODE_RANGE);
};

beforeAll(async () => {
  corpus = await loadTestCorpus();
});

describe('when the served Quranic face is read', () => {
  it('should draw the Urdu letters ہ ے ں ٹ ڈ ڑ', () => {
    const draws = served(QURAN_FONT_FILE);
    expect([...'ہےںٹڈڑ'].filter((ch) => !draws(ch.codePointAt(0)!))).toStrictEqual([]);
  });
  it('should not be credited for a letter outside its unicode-range', () => {
    expect(served(QURAN_FONT_FILE)('A'.codePointAt(0)!)).toBe(false);
  });
});

/**
 * A character left over from an HTML entity the source mangled, e.g. `কতৃꦣ2453;` (a Thaana, NKo or
 * Javanese letter, or one before the entity's digits): quran-json's
 * Bengali text has these in a few verses. The letters lost cannot be recovered from the
 * text itself, so the widget shows the verse as published; the test counts them, so a new
 * one (or a fixed source) is noticed.
 */
const ENTITY_DEBRIS = /.(?=#?\d{4};)|[\u0780-\u07FF\uA980-\uA9DF]/gu;
const VERSES_WITH_ENTITY_DEBRIS: Readonly<Record<string, number>> = { bn: 35 };

describe.each([...TRANSLATION_LANGS, TRANSLITERATION_KEY])('when the %s translation is shown', (track) => {
  it('should have a glyph for every character in the fonts served or named for it', () => {
    const lang = track === TRANSLITERATION_KEY ? 'en' : track;
    const texts = corpus.trackTexts(track);
    expect(texts.filter((t) => t.match(ENTITY_DEBRIS)).length).toBe(VERSES_WITH_ENTITY_DEBRIS[track] ?? 0);
    expect(
      uncovered(
        texts.map((t) => t.replace(ENTITY_DEBRIS, '')),
        lang,
        served,
      ),
    ).toStrictEqual([]);
  });
});

describe.each(UI_LANGS)('when the interface is in %s', (lang) => {
  it('should have a glyph for every character of its text', async () => {
    const text = await loadUiText(lang);
    const all = [...Object.values(text.strings), ...Object.values(text.plurals).flatMap((f) => Object.values(f)), ...text.starters];
    expect(uncovered(all, lang, served)).toStrictEqual([]);
  });
});

describe('when a stack is written as CSS', () => {
  it('should be exactly the stack whose glyphs are checked', () => {
    expect(quranDaiStyles.cssText).toContain(`--quran-dai-font-family: ${fontFamilyValue(UI_FONT_STACK.families)};`);
    for (const stack of SCRIPT_FONT_STACKS) {
      expect(scriptFontStyles.cssText).toContain(`${stack.property}: ${fontFamilyValue(stack.families)};`);
      for (const lang of stack.langs)
        expect(scriptFontStyles.cssText).toMatch(new RegExp(`\\.base :lang\\(${lang}\\) \\{\\s+font-family: var\\(${stack.property}\\);`));
    }
  });
  it('should quote family names and leave generic families bare', () => {
    expect(fontFamilyValue(['Noto Sans Bengali', 'system-ui', 'sans-serif'])).toBe("'Noto Sans Bengali', system-ui, sans-serif");
  });
  it('should give Urdu a stack with the served face that has its letters', () => {
    const urdu = SCRIPT_FONT_STACKS.find((s) => s.langs.includes('ur'));
    expect(urdu?.served).toBe(QURAN_FONT_FILE);
  });
  it('should fall back to the served Arabic-script face in every stack, for answers in another script than the interface', () => {
    for (const stack of [...SCRIPT_FONT_STACKS, UI_FONT_STACK]) {
      expect(stack.families.includes(QURAN_FONT_FAMILY), stack.families[0]).toBe(true);
      expect(stack.families.at(-1), stack.families[0]).toBe('sans-serif');
    }
  });
});
