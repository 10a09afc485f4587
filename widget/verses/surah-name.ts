/**
 * @module
 * A surah's and a translation's names in the visitor's interface language where we have them:
 * under an Arabic-script interface (Arabic, Urdu) the surah's Arabic name ("سورة البقرة", not
 * "سورة Al-Baqarah"), elsewhere the common transliteration; the translation's own-language name
 * when it is in the interface language ("ترجمہ: سید ابوالاعلیٰ مودودی" under Urdu), else its English name.
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';

const ARABIC_SCRIPT_INTERFACES: ReadonlySet<string> = new Set(['ar', 'ur']);

export interface SurahNames {
  readonly nameArabic: string;
  readonly nameTransliterated: string;
}

/** True when the interface is written in Arabic script, so surah names are shown in Arabic only. */
export function showsArabicSurahNames(uiLang: string): boolean {
  return ARABIC_SCRIPT_INTERFACES.has(uiLang);
}

/** The surah's name as the interface shows it in running text. */
export function surahDisplayName(surah: SurahNames, uiLang: string): string {
  return showsArabicSurahNames(uiLang) ? surah.nameArabic : surah.nameTransliterated;
}

/** The translation's name: its own-language name (from the sources file) when it is the interface's language. */
export function translationDisplayName(corpus: Corpus, track: TextTrackId, uiLang: string): string | undefined {
  const own = track === uiLang ? corpus.source(`translation-${track}`)?.nativeName : undefined;
  return own || corpus.trackName(track);
}
