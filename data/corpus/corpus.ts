/**
 * The typed, DOM-free reader over the corpus artefacts. The widget, the proxy and the
 * scripts all read verses through this class; nothing else indexes the raw arrays.
 */
import { normalizeArabic } from '../arabic/arabic-normalize.js';
import type { CorpusManifest, ExplanationLang, SurahFile, SurahInfo, TextTrackId, VerseRange, VerseRef, VerseTextFile } from './corpus-types.js';
import { CorpusError } from './corpus-error.js';
import { buildSurahNameIndex, foldSurahName } from './surah-names.js';
import { parseReference, SURAH_COUNT, type ReferenceContext } from './reference-parser.js';
import type { TextSource } from '../sources/text-sources.js';
import { contextWindow, DEFAULT_CONTEXT_RADIUS } from './context-window.js';
import { refsInRange } from './verse-range.js';

export const VERSE_COUNT = 6236;

/** A verse with the texts that are loaded. */
export interface Verse {
  readonly ref: VerseRef;
  /** Global 0-based index in mushaf order. */
  readonly index: number;
  /** Uthmani Arabic, for display. */
  readonly arabic: string;
  /** Normalised Arabic, for search. */
  readonly arabicSearch: string;
  /** Translation text for the requested track, when that track is loaded. */
  readonly translation?: string;
}

export interface CorpusParts {
  readonly manifest: CorpusManifest;
  readonly surahs: SurahFile;
  readonly arabic: VerseTextFile;
  /** Any loaded translation tracks (e.g. `en`), keyed by track id. */
  readonly tracks?: Partial<Record<TextTrackId, VerseTextFile>>;
  /** Any loaded verse explanations, keyed by language. */
  readonly explanations?: Partial<Record<ExplanationLang, VerseTextFile>>;
}

export class Corpus implements ReferenceContext {
  readonly manifest: CorpusManifest;
  readonly surahs: readonly SurahInfo[];
  readonly #arabic: readonly string[];
  /**
   * The search form of each verse (`normalizeArabic` of its Uthmani text), made when first read:
   * derived from the verified Arabic rather than downloaded (a sixth of a first visit's corpus
   * bytes), so nothing a verdict depends on can differ from the verse itself.
   */
  readonly #arabicSearch: (string | undefined)[];
  #arabicSearchWhole = false;
  readonly #tracks = new Map<TextTrackId, VerseTextFile>();
  readonly #explanations = new Map<ExplanationLang, VerseTextFile>();
  readonly #names: ReadonlyMap<string, number>;
  /** surah of each global verse index, for O(1) index → ref. */
  readonly #surahOfIndex: Uint8Array;
  #rukuOfIndex: Uint16Array | undefined;

  constructor(parts: CorpusParts) {
    const { manifest, surahs, arabic } = parts;
    if (surahs.surahs.length !== SURAH_COUNT) {
      throw new CorpusError('corrupt-data', `corpus has ${surahs.surahs.length} surahs, expected ${SURAH_COUNT}; rebuild it with npm run build:corpus`);
    }
    checkTrackLength(arabic);
    for (const s of surahs.surahs) checkRukuStarts(s);
    this.manifest = manifest;
    this.surahs = surahs.surahs;
    this.#arabic = arabic.texts;
    // Filled up front so verses made one by one, in any order, keep the array's fast elements.
    this.#arabicSearch = new Array<string | undefined>(arabic.texts.length).fill(undefined);
    this.#names = buildSurahNameIndex(this.surahs);
    this.#surahOfIndex = new Uint8Array(VERSE_COUNT);
    for (const s of this.surahs) this.#surahOfIndex.fill(s.number, s.firstVerseIndex, s.firstVerseIndex + s.verseCount);
    for (const [id, f] of Object.entries(parts.tracks ?? {})) if (f) this.addTrack(id as TextTrackId, f);
    for (const [lang, f] of Object.entries(parts.explanations ?? {})) if (f) this.addExplanation(lang as ExplanationLang, f);
  }

  /** Ruku ordinal (0..555, mushaf order) of each global verse index; a ruku never crosses a surah. */
  rukuOfVerse(): Uint16Array {
    if (!this.#rukuOfIndex) {
      const out = new Uint16Array(VERSE_COUNT);
      let ruku = -1;
      for (const s of this.surahs) {
        for (let a = 1, next = 0; a <= s.verseCount; a++) {
          if (a === s.rukuStarts[next]) {
            ruku++;
            next++;
          }
          out[s.firstVerseIndex + a - 1] = ruku;
        }
      }
      this.#rukuOfIndex = out;
    }
    return this.#rukuOfIndex;
  }

  get version(): string {
    return this.manifest.version;
  }

  /** Add a translation track loaded later (translations are fetched only when asked for). */
  addTrack(id: TextTrackId, file: VerseTextFile): void {
    checkTrackLength(file);
    this.#tracks.set(id, file);
  }

  hasTrack(id: TextTrackId): boolean {
    return this.#tracks.has(id);
  }

  trackName(id: TextTrackId): string | undefined {
    return this.#tracks.get(id)?.name;
  }

  /** Whether the manifest lists a verse explanation in `lang` (it loads after the first results). */
  offersExplanation(lang: ExplanationLang): boolean {
    return this.manifest.files.some((f) => f.part === `explanation-${lang}`);
  }

  /** Add a verse explanation loaded later. */
  addExplanation(lang: ExplanationLang, file: VerseTextFile): void {
    checkTrackLength(file);
    if (file.track !== `explanation-${lang}`)
      throw new CorpusError('corrupt-data', `the ${lang} explanation file holds "${file.track}"; rebuild with npm run build:corpus`);
    this.#explanations.set(lang, file);
  }

  hasExplanation(lang: ExplanationLang): boolean {
    return this.#explanations.has(lang);
  }

  /** The explanation of the verse at global `index` in `lang`, when it is loaded. */
  explanationAt(lang: ExplanationLang, index: number): string | undefined {
    return this.#explanations.get(lang)?.texts[index];
  }

  /** Every verse's explanation in `lang`, mushaf order (search indexes it with the verse); undefined until loaded. */
  explanationTexts(lang: ExplanationLang): readonly string[] | undefined {
    return this.#explanations.get(lang)?.texts;
  }

  /** Every verse's search words that come with the explanation in `lang` (searched, never shown); undefined when it has none or is not loaded. */
  explanationSearchTerms(lang: ExplanationLang): readonly string[] | undefined {
    return this.#explanations.get(lang)?.searchTerms;
  }

  /** The explanation in `lang` as loaded (for a search worker), when it is. */
  explanationFile(lang: ExplanationLang): VerseTextFile | undefined {
    return this.#explanations.get(lang);
  }

  /** Where a text comes from and its terms (`arabic`, `translation-ur`, `topics`…), when the manifest lists it. */
  source(id: string): TextSource | undefined {
    return this.manifest.sources?.find((s) => s.id === id);
  }

  /** Every text the corpus lists with its source and terms (empty for an older build). */
  get sources(): readonly TextSource[] {
    return this.manifest.sources ?? [];
  }

  /** Verse texts of a track in mushaf order (for building search indexes). */
  trackTexts(id: TextTrackId | 'arabic' | 'arabic-search'): readonly string[] {
    if (id === 'arabic') return this.#arabic;
    if (id === 'arabic-search') {
      if (!this.#arabicSearchWhole) {
        for (let i = 0; i < this.#arabic.length; i++) this.arabicSearchAt(i);
        this.#arabicSearchWhole = true;
      }
      return this.#arabicSearch as readonly string[];
    }
    const t = this.#tracks.get(id);
    if (!t) throw new CorpusError('missing-part', `translation "${id}" is not loaded; load it before reading it`);
    return t.texts;
  }

  /**
   * The search form of one verse, made on first use: what the answer check reads a slice at a time
   * while the page is idle, without making the whole Quran's in one long task.
   */
  arabicSearchAt(index: number): string {
    const text = this.#arabic[index];
    if (text === undefined) throw new CorpusError('corrupt-data', `verse index ${index} is outside 0-${this.#arabic.length - 1}`);
    return (this.#arabicSearch[index] ??= normalizeArabic(text));
  }

  surah(n: number): SurahInfo {
    const s = Number.isInteger(n) ? this.surahs[n - 1] : undefined;
    if (!s) throw new CorpusError('surah-out-of-range', `surah ${n} does not exist; surahs are numbered 1 to ${SURAH_COUNT}`, String(n));
    return s;
  }

  verseCount(surah: number): number {
    return this.surah(surah).verseCount;
  }

  surahNumberForName(name: string): number | undefined {
    return this.#names.get(foldSurahName(name));
  }

  /** Find a surah by number or any common name (`Al-Fatiha`, `الفاتحة`, `Yasin`). */
  findSurah(nameOrNumber: string | number): SurahInfo {
    const asNumber = typeof nameOrNumber === 'number' ? nameOrNumber : /^\s*\d+\s*$/.test(nameOrNumber) ? Number(nameOrNumber) : undefined;
    if (asNumber !== undefined) return this.surah(asNumber);
    const n = this.surahNumberForName(String(nameOrNumber));
    if (n === undefined) {
      throw new CorpusError(
        'unknown-surah-name',
        `no surah is called "${nameOrNumber}"; try its number (1-114) or a spelling like Al-Fatihah`,
        String(nameOrNumber),
      );
    }
    return this.surah(n);
  }

  isValidRef(ref: VerseRef): boolean {
    const s = this.surahs[ref.surah - 1];
    return !!s && Number.isInteger(ref.ayah) && ref.ayah >= 1 && ref.ayah <= s.verseCount;
  }

  /** Global index of a verse; throws a `CorpusError` when it does not exist. */
  indexOf(ref: VerseRef): number {
    const s = this.surah(ref.surah);
    if (!Number.isInteger(ref.ayah) || ref.ayah < 1 || ref.ayah > s.verseCount) {
      throw new CorpusError('ayah-out-of-range', `surah ${ref.surah} has ${s.verseCount} verses; ayah ${ref.ayah} does not exist`, `${ref.surah}:${ref.ayah}`);
    }
    return s.firstVerseIndex + ref.ayah - 1;
  }

  refAt(index: number): VerseRef {
    const surah = this.#surahOfIndex[index];
    if (!surah) throw new CorpusError('corrupt-data', `verse index ${index} is outside 0-${VERSE_COUNT - 1}`);
    return { surah, ayah: index - this.surah(surah).firstVerseIndex + 1 };
  }

  /** A verse with its Arabic and (if loaded) the given translation track. */
  verse(ref: VerseRef, track: TextTrackId = 'en'): Verse {
    const index = this.indexOf(ref);
    return this.verseAt(index, track);
  }

  verseAt(index: number, track: TextTrackId = 'en'): Verse {
    const ref = this.refAt(index);
    const translation = this.#tracks.get(track)?.texts[index];
    return {
      ref,
      index,
      arabic: this.#arabic[index]!,
      arabicSearch: this.arabicSearchAt(index),
      ...(translation === undefined ? {} : { translation }),
    };
  }

  /** All verses of a range (validated). */
  versesIn(range: VerseRange, track: TextTrackId = 'en'): Verse[] {
    this.indexOf({ surah: range.surah, ayah: range.from });
    this.indexOf({ surah: range.surah, ayah: range.to });
    return refsInRange(range).map((r) => this.verse(r, track));
  }

  /** Parse `2:153`, `[2:153-157]`, `Al-Baqarah 2:153`, `Q 2:153`, `2/153`. */
  parseRef(input: string): VerseRange {
    return parseReference(input, this);
  }

  /** ±radius verses around `ref`, never crossing its surah's boundaries. */
  contextOf(ref: VerseRef, radius = DEFAULT_CONTEXT_RADIUS): VerseRange {
    return contextWindow(ref, this.verseCount(ref.surah), radius);
  }
}

function checkTrackLength(f: VerseTextFile): void {
  if (f.texts.length !== VERSE_COUNT) {
    throw new CorpusError('corrupt-data', `text "${f.track}" has ${f.texts.length} verses, expected ${VERSE_COUNT}; rebuild with npm run build:corpus`);
  }
}

function checkRukuStarts(s: SurahInfo): void {
  const starts = s.rukuStarts as readonly number[] | undefined;
  const ok = Array.isArray(starts) && starts[0] === 1 && starts.every((a, i) => Number.isInteger(a) && a <= s.verseCount && (i === 0 || a > starts[i - 1]!));
  if (!ok)
    throw new CorpusError(
      'corrupt-data',
      `surah ${s.number} has no valid ruku starts (ascending ayah numbers from 1); rebuild the corpus with npm run build:corpus`,
    );
}
