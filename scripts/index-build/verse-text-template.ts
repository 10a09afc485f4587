/**
 * Builds the text embedded for each verse from a template, so the manifest can record
 * exactly how verses were embedded (a query must be embedded the same way).
 *
 * Placeholders: {surahName} (transliterated), {surahEnglish}, {ref} (S:A), {en}, {arabic},
 * {before} / {after} (English of the neighbouring verses, same surah only).
 */
import type { Corpus } from '../../data/corpus/corpus.js';

/** A verse on its own: English (what most queries are in) plus the Arabic (Arabic queries). */
export const PLAIN_VERSE_TEMPLATE = '{en}\n{arabic}';

/**
 * Contextualised: the verse with its surah and neighbours, so short verses ("And the
 * night when it covers") carry their passage's meaning. Neighbours never cross a surah.
 */
export const CONTEXTUAL_VERSE_TEMPLATE = 'Surah {surahName} ({surahEnglish}) {ref}\n{before}\n>> {en}\n{arabic}\n{after}';

/** Neighbours on each side in the contextual template. */
export const DEFAULT_CONTEXT_NEIGHBOURS = 1;

export interface VerseTextOptions {
  contextual: boolean;
  /** Neighbours each side when contextual. Default 1. */
  neighbours?: number;
}

export function verseTemplate(options: VerseTextOptions): string {
  return options.contextual ? CONTEXTUAL_VERSE_TEMPLATE : PLAIN_VERSE_TEMPLATE;
}

/** The manifest's `textTemplate` string: the template plus the neighbour count when contextual. */
export function describeTemplate(options: VerseTextOptions): string {
  const n = options.neighbours ?? DEFAULT_CONTEXT_NEIGHBOURS;
  return options.contextual ? `${CONTEXTUAL_VERSE_TEMPLATE} [neighbours=${n}]` : PLAIN_VERSE_TEMPLATE;
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
  const arabic = corpus.trackTexts('arabic');
  const template = verseTemplate(options);
  const n = options.neighbours ?? DEFAULT_CONTEXT_NEIGHBOURS;
  return en.map((text, index) => {
    const ref = corpus.refAt(index);
    const surah = corpus.surah(ref.surah);
    const values: Record<string, string> = {
      surahName: surah.nameTransliterated,
      surahEnglish: surah.nameEnglish,
      ref: `${ref.surah}:${ref.ayah}`,
      en: text,
      arabic: arabic[index] ?? '',
      before: '',
      after: '',
    };
    if (options.contextual) {
      const first = surah.firstVerseIndex;
      const last = first + surah.verseCount - 1;
      values.before = en.slice(Math.max(first, index - n), index).join(' ');
      values.after = en.slice(index + 1, Math.min(last, index + n) + 1).join(' ');
    }
    return fillTemplate(template, values).replace(/\n{2,}/g, '\n').trim();
  });
}
