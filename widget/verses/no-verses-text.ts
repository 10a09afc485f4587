/**
 * What the visitor reads when no verse is shown. When the question itself is the trouble
 * (`2:999`, `Surah 115`, "???"), saying so tells them how to fix it; "no relevant verses"
 * would send them to other words for a question that has none to change.
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import type { QueryProblem } from '../../data/search/search-result.js';
import type { Translate } from '../i18n/ui-language.js';
import { surahDisplayName } from './surah-name.js';

/** Keeps a reference such as `2:999` left to right inside an Arabic or Urdu sentence. */
const isolateLtr = (text: string): string => `\u2066${text}\u2069`;

/** `example` is a question in the visitor's language, shown for "write it in words". */
export function noVersesText(problem: QueryProblem | undefined, corpus: Corpus, t: Translate, example: string, uiLang = 'en'): string {
  if (!problem) return t('noResults');
  if (problem.kind === 'no-words') return t('noWords', { example });
  const count = corpus.surahs.length;
  if (!Number.isInteger(problem.surah) || problem.surah < 1 || problem.surah > count) return t('noSuchSurah', { number: problem.surah, count });
  const surah = corpus.surah(problem.surah);
  return t('noSuchVerse', { count: surah.verseCount, surah: t('surahLabel', { name: surahDisplayName(surah, uiLang) }), ref: isolateLtr(problem.ref) });
}
