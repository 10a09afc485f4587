/**
 * Pure transform: quran-json records → the corpus files and their manifest.
 * Deterministic: the same input always gives byte-identical files.
 */
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import {
  EXPLANATION_LANGS,
  type CorpusManifest,
  type CorpusPart,
  type ExplanationLang,
  type ManifestFile,
  type SurahFile,
  type TextTrackId,
  type VerseTextFile,
} from '../../data/corpus/corpus-types.js';
import type { QuranJsonSource } from './quran-json-source.js';
import { sourceOf, type TextSource } from '../../data/sources/text-sources.js';

/** The tracks built, each named from its entry in data/sources/sources.json. */
export const TRACKS: readonly TextTrackId[] = ['en', 'bn', 'es', 'fr', 'id', 'ru', 'sv', 'tr', 'ur', 'zh', 'translit'];

export interface BuiltFile {
  part: CorpusPart | 'attribution' | 'licence';
  /** Content-hashed file name. */
  path: string;
  bytes: Uint8Array;
}

export interface BuiltCorpus {
  files: BuiltFile[];
  manifest: CorpusManifest;
  manifestBytes: Uint8Array;
}

const encoder = new TextEncoder();
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

function jsonFile(part: BuiltFile['part'], base: string, value: unknown): BuiltFile {
  const bytes = encoder.encode(JSON.stringify(value));
  return { part, path: `${base}.${sha256(bytes).slice(0, 10)}.json`, bytes };
}

/** ATTRIBUTION.md, written from the sources file: every text, its author, source and terms. */
export function attributionText(src: QuranJsonSource, sources: readonly TextSource[]): string {
  const line = (t: TextSource) => `- ${t.name}: ${t.author}; from ${t.source}${t.url ? ` (${t.url})` : ''}, via ${t.via}. Terms: ${t.terms}`;
  return [
    '# Quran text, translations and explanations: sources and licence',
    '',
    `The Quran text and translations are built from the npm package \`quran-json\` ${src.packageVersion} by Risan Bagja Pradana`,
    '(https://github.com/risan/quran-json). Its package.json declares CC-BY-4.0 and its',
    'LICENSE.txt is Creative Commons Attribution-ShareAlike 4.0 (included next to this file);',
    'we follow the stricter ShareAlike terms for the data files. Each text also comes with the',
    'terms of its own publisher (below, from data/sources/sources.json): several translations are',
    'published for non-commercial use only.',
    '',
    ...sources.filter((t) => t.kind !== 'project').map(line),
    '',
    'The verse explanations (tafsir) come from the files kept in the repository under',
    'data/sources/explanations, each with its own terms above.',
    '',
    'Translations are interpretations of the meaning; the Arabic is the text of the Quran.',
    'The normalised Arabic search form is derived mechanically from the Uthmani text for',
    'search only and is never displayed as scripture.',
    '',
  ].join('\n');
}

/** Per language, one explanation text per verse in mushaf order (tanzil-explanation-source.ts). */
export type ExplanationTexts = Readonly<Record<ExplanationLang, readonly string[]>>;

/**
 * @param rukuStarts per surah, the ayahs where its rukus start (ruku-source.ts)
 * @param explanations per language, a verse-by-verse explanation, loaded by the widget after the first results
 * @param searchTerms per language, words searched with each verse and never shown, carried by that language's explanation (tafsir-terms.ts)
 */
export function buildCorpus(
  src: QuranJsonSource,
  rukuStarts: readonly (readonly number[])[],
  sources: readonly TextSource[],
  explanations: ExplanationTexts,
  searchTerms: Partial<Record<ExplanationLang, readonly string[]>> = {},
): BuiltCorpus {
  if (rukuStarts.length !== src.surahs.length) throw new Error(`ruku table has ${rukuStarts.length} surahs, the text ${src.surahs.length}`);
  let first = 0;
  const surahFile: SurahFile = {
    surahs: src.surahs.map((s, i) => {
      const info = {
        number: s.number,
        nameArabic: s.nameArabic,
        nameTransliterated: s.nameTransliterated,
        nameEnglish: s.nameEnglish,
        revelation: s.revelation,
        verseCount: s.arabic.length,
        firstVerseIndex: first,
        rukuStarts: rukuStarts[i]!,
      };
      first += s.arabic.length;
      return info;
    }),
  };
  const arabic = src.surahs.flatMap((s) => s.arabic);
  const text = (track: VerseTextFile['track'], name: string, texts: string[]): VerseTextFile => ({ track, name, texts });
  const files: BuiltFile[] = [jsonFile('surahs', 'surahs', surahFile), jsonFile('arabic', 'arabic', text('arabic', sourceOf(sources, 'arabic').name, arabic))];
  for (const id of TRACKS) {
    files.push(jsonFile(`translation-${id}`, `translation-${id}`, text(id, sourceOf(sources, `translation-${id}`).name, src.tracks[id])));
  }
  for (const lang of EXPLANATION_LANGS) {
    const texts = explanations[lang];
    if (texts.length !== arabic.length) throw new Error(`the ${lang} explanation has ${texts.length} verses, the Arabic ${arabic.length}`);
    const part = `explanation-${lang}` as const;
    const terms = searchTerms[lang];
    if (terms && terms.length !== arabic.length) throw new Error(`the ${lang} search words have ${terms.length} verses, the Arabic ${arabic.length}`);
    // Searched words must have their source recorded too (they are derived, and never shown).
    if (terms) sourceOf(sources, `search-terms-${lang}`);
    files.push(jsonFile(part, part, { ...text(part, sourceOf(sources, part).name, [...texts]), ...(terms ? { searchTerms: [...terms] } : {}) }));
  }
  // Every text served must have its source recorded; the manifest carries them for the widget.
  sourceOf(sources, 'ruku');
  const attribution = encoder.encode(attributionText(src, sources));
  const licence = encoder.encode(src.licenceText);
  files.push({ part: 'attribution', path: 'ATTRIBUTION.md', bytes: attribution });
  files.push({ part: 'licence', path: 'LICENSE-quran-json.txt', bytes: licence });

  const entries: ManifestFile[] = files
    .filter((f): f is BuiltFile & { part: CorpusPart } => f.part !== 'attribution' && f.part !== 'licence')
    .map((f) => ({ part: f.part, path: f.path, bytes: f.bytes.length, gzipBytes: gzipSync(f.bytes, { level: 9 }).length, sha256: sha256(f.bytes) }));
  const version = sha256(encoder.encode(files.map((f) => `${f.path}:${sha256(f.bytes)}`).join('\n'))).slice(0, 16);
  const manifest: CorpusManifest = {
    schema: 1,
    version,
    surahCount: surahFile.surahs.length,
    verseCount: arabic.length,
    source: { package: 'quran-json', packageVersion: src.packageVersion, licence: 'CC-BY-SA-4.0', attributionFile: 'ATTRIBUTION.md' },
    sources,
    files: entries,
  };
  return { files, manifest, manifestBytes: encoder.encode(JSON.stringify(manifest, null, 2) + '\n') };
}

export function sizeSummary(built: BuiltCorpus): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
  const rows = built.manifest.files.map((f) => `${f.path.padEnd(40)}${kb(f.bytes)}${kb(f.gzipBytes)} gz`);
  const core = built.manifest.files.filter((f) => ['surahs', 'arabic', 'translation-en'].includes(f.part));
  const total = (fs: readonly ManifestFile[], k: 'bytes' | 'gzipBytes') => fs.reduce((a, f) => a + f[k], 0);
  return [
    `corpus ${built.manifest.version}: ${built.manifest.surahCount} surahs, ${built.manifest.verseCount} verses`,
    ...rows,
    `first-visit core (surahs + arabic + en): ${kb(total(core, 'bytes')).trim()} raw, ${kb(total(core, 'gzipBytes')).trim()} gzip`,
  ].join('\n');
}
