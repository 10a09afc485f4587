/**
 * Builds the text embedded for each verse from a template, so the manifest can record
 * exactly how verses were embedded (a query must be embedded the same way).
 *
 * Placeholders: {surahName} (transliterated), {surahEnglish}, {surahArabic}, {ref} (S:A), {en},
 * {arabic} (the Uthmani text in modern spelling without marks: diacritics and Quranic marks
 * cost an embedding model's tokenizer four times the tokens and match nothing a reader types),
 * {before} / {after} and {beforeArabic} / {afterArabic} (the neighbouring verses, same surah only).
 */
import { modernArabicSpelling } from '../../data/arabic/arabic-normalize.js';
import type { Corpus } from '../../data/corpus/corpus.js';

/** Which text of a verse is embedded: the English translation, the Arabic, or both. */
export const VERSE_TEXT_LANGUAGES = ['en', 'ar', 'en+ar'] as const;
export type VerseTextLanguage = (typeof VERSE_TEXT_LANGUAGES)[number];

const PLAIN_TEMPLATES: Readonly<Record<VerseTextLanguage, string>> = {
  en: '{en}',
  ar: '{arabic}',
  'en+ar': '{en}\n{arabic}',
};

/**
 * Contextualised: the verse with its surah and neighbours, so short verses ("And the night when
 * it covers") carry their passage's meaning. Neighbours never cross a surah.
 */
const CONTEXTUAL_TEMPLATES: Readonly<Record<VerseTextLanguage, string>> = {
  en: 'Surah {surahName} ({surahEnglish}) {ref}\n{before}\n>> {en}\n{after}',
  ar: 'سورة {surahArabic} {ref}\n{beforeArabic}\n>> {arabic}\n{afterArabic}',
  'en+ar': 'Surah {surahName} ({surahEnglish}) {ref}\n{before}\n>> {en}\n{arabic}\n{after}',
};

/** A verse on its own, English then Arabic: what the index holds unless a build asks otherwise. */
export const PLAIN_VERSE_TEMPLATE = PLAIN_TEMPLATES['en+ar'];
export const CONTEXTUAL_VERSE_TEMPLATE = CONTEXTUAL_TEMPLATES['en+ar'];

/** Neighbours on each side in the contextual template. */
export const DEFAULT_CONTEXT_NEIGHBOURS = 1;

export interface VerseTextOptions {
  contextual: boolean;
  /** Default `en+ar`. */
  language?: VerseTextLanguage;
  /** Neighbours each side when contextual. Default 1. */
  neighbours?: number;
}

export function verseTemplate(options: VerseTextOptions): string {
  const language = options.language ?? 'en+ar';
  return (options.contextual ? CONTEXTUAL_TEMPLATES : PLAIN_TEMPLATES)[language];
}

/** The manifest's `textTemplate` string: the template plus the neighbour count when contextual. */
export function describeTemplate(options: VerseTextOptions): string {
  const n = options.neighbours ?? DEFAULT_CONTEXT_NEIGHBOURS;
  return options.contextual ? `${verseTemplate(options)} [neighbours=${n}]` : verseTemplate(options);
}

/** Index directory suffix for the verse text: none for the default `en+ar`, `-en` / `-ar` otherwise. */
export function verseTextSuffix(options: VerseTextOptions): string {
  const language = options.language ?? 'en+ar';
  return language === 'en+ar' ? '' : `-${language}`;
}

export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const v = values[key];
    if (v === undefined) throw new Error(`unknown placeholder ${whole} in verse template`);
    return v;
  });
}

/** One text per verse, in mushaf order (index 0..6235). Needs the `en` track loaded. */
export function buildVerseTexts(corpus: Corpus, options: VerseTextOptions): string[] {
  const en = corpus.trackTexts('en');
  const arabic = corpus.trackTexts('arabic').map(modernArabicSpelling);
  const template = verseTemplate(options);
  const n = options.neighbours ?? DEFAULT_CONTEXT_NEIGHBOURS;
  return en.map((text, index) => {
    const ref = corpus.refAt(index);
    const surah = corpus.surah(ref.surah);
    const values: Record<string, string> = {
      surahName: surah.nameTransliterated,
      surahEnglish: surah.nameEnglish,
      surahArabic: surah.nameArabic,
      ref: `${ref.surah}:${ref.ayah}`,
      en: text,
      arabic: arabic[index] ?? '',
      before: '',
      after: '',
      beforeArabic: '',
      afterArabic: '',
    };
    if (options.contextual) {
      const first = surah.firstVerseIndex;
      const last = first + surah.verseCount - 1;
      const from = Math.max(first, index - n);
      const to = Math.min(last, index + n) + 1;
      values.before = en.slice(from, index).join(' ');
      values.after = en.slice(index + 1, to).join(' ');
      values.beforeArabic = arabic.slice(from, index).join(' ');
      values.afterArabic = arabic.slice(index + 1, to).join(' ');
    }
    return fillTemplate(template, values)
      .replace(/\n{2,}/g, '\n')
      .trim();
  });
}
