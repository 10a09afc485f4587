/**
 * Shared shapes of the Quran corpus artefacts (written by `scripts/build-corpus.ts`,
 * read by `corpus.ts`). Verses are addressed either by a `VerseRef` (surah:ayah) or by a
 * zero-based global index 0..6235 in mushaf order, which is how the artefacts store them.
 */
import type { TextSource } from '../sources/text-sources.js';

/** A single verse reference, 1-based surah and ayah numbers. */
export interface VerseRef {
  readonly surah: number;
  readonly ayah: number;
}

/** An inclusive range of verses inside one surah. */
export interface VerseRange {
  readonly surah: number;
  readonly from: number;
  readonly to: number;
}

export type RevelationPlace = 'meccan' | 'medinan';

/** One surah as stored in `surahs.json`. */
export interface SurahInfo {
  /** 1..114 */
  readonly number: number;
  /** Arabic name, e.g. `الفاتحة`. */
  readonly nameArabic: string;
  /** Transliterated name as given by the source, e.g. `Al-Fatihah`. */
  readonly nameTransliterated: string;
  /** English meaning of the name, e.g. `The Opener`. */
  readonly nameEnglish: string;
  readonly revelation: RevelationPlace;
  readonly verseCount: number;
  /** Global index (0-based) of this surah's first verse. */
  readonly firstVerseIndex: number;
  /**
   * Ayah numbers where each ruku of the surah begins, ascending, the first always 1. A ruku is
   * a traditional thematic section of the mushaf (556 in all); search scores one as a whole.
   */
  readonly rukuStarts: readonly number[];
}

/** Languages of the translation files shipped alongside the Arabic text. */
export const TRANSLATION_LANGS = ['en', 'bn', 'es', 'fr', 'id', 'ru', 'sv', 'tr', 'ur', 'zh'] as const;
export type TranslationLang = (typeof TRANSLATION_LANGS)[number];
/** The English transliteration is stored like a translation, under this key. */
export const TRANSLITERATION_KEY = 'translit' as const;
export type TextTrackId = TranslationLang | typeof TRANSLITERATION_KEY;

/**
 * Languages with a verse-by-verse explanation (a tafsir) shipped beside the translations: shown
 * under a verse the visitor asks to have explained, and searched with the verse's own words.
 */
export const EXPLANATION_LANGS = ['ar', 'id'] as const;
export type ExplanationLang = (typeof EXPLANATION_LANGS)[number];
export type ExplanationTrack = `explanation-${ExplanationLang}`;

/** Logical names of the corpus files (the manifest maps them to hashed file names). */
export type CorpusPart = 'surahs' | 'arabic' | `translation-${TextTrackId}` | ExplanationTrack;

export interface ManifestFile {
  /** Logical part name, e.g. `arabic` or `translation-en`. */
  readonly part: CorpusPart;
  /** File name relative to the manifest, content-hashed so it can be cached forever. */
  readonly path: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** Lowercase hex sha256 of the file bytes. */
  readonly sha256: string;
}

export interface CorpusManifest {
  readonly schema: 1;
  /** Content hash over every file: changes whenever any byte of the corpus changes. */
  readonly version: string;
  readonly surahCount: number;
  readonly verseCount: number;
  readonly source: {
    readonly package: string;
    readonly packageVersion: string;
    readonly licence: string;
    readonly attributionFile: string;
  };
  /** Every text served, with its author, source and terms (data/sources/sources.json). Absent in an older build. */
  readonly sources?: readonly TextSource[];
  readonly files: readonly ManifestFile[];
}

/** Payload of every per-verse text file: one string per verse in mushaf order. */
export interface VerseTextFile {
  readonly track: 'arabic' | 'arabic-search' | TextTrackId | ExplanationTrack;
  /** Human-readable name of the text, e.g. `Saheeh International`. */
  readonly name: string;
  readonly texts: readonly string[];
  /**
   * An explanation's search words, per verse: searched with the verse, never shown (Arabic: the
   * words its medieval commentaries use most distinctively, derived at build time).
   */
  readonly searchTerms?: readonly string[];
}

export interface SurahFile {
  readonly surahs: readonly SurahInfo[];
}
