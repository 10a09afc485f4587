/**
 * Pure transform: quran-json records → the corpus files and their manifest.
 * Deterministic: the same input always gives byte-identical files.
 */
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import type { CorpusManifest, CorpusPart, ManifestFile, SurahFile, TextTrackId, VerseTextFile } from '../../data/corpus/corpus-types.js';
import { normalizeArabic } from '../../data/arabic/arabic-normalize.js';
import type { QuranJsonSource } from './quran-json-source.js';

/** Display names of each text track (the translations' own names, as quran-json credits them). */
export const TRACK_NAMES: Record<TextTrackId, string> = {
  en: 'Saheeh International (English)',
  bn: 'Bengali translation (quran-json, from QuranEnc)',
  es: 'Spanish translation (quran-json, from QuranEnc)',
  fr: 'French translation (quran-json, from QuranEnc)',
  id: 'Indonesian translation (quran-json, from QuranEnc)',
  ru: 'Russian translation (quran-json, from QuranEnc)',
  sv: 'Swedish translation (quran-json, from QuranEnc)',
  tr: 'Turkish translation (quran-json, from QuranEnc)',
  ur: 'Urdu translation (quran-json, from QuranEnc)',
  zh: 'Chinese translation (quran-json, from QuranEnc)',
  translit: 'English transliteration (Tanzil)',
};

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

export function attributionText(src: QuranJsonSource): string {
  return [
    '# Quran text and translations: sources and licence',
    '',
    `Built from the npm package \`quran-json\` ${src.packageVersion} by Risan Bagja Pradana`,
    '(https://github.com/risan/quran-json). Its package.json declares CC-BY-4.0 and its',
    'LICENSE.txt is Creative Commons Attribution-ShareAlike 4.0 (included next to this file);',
    'we follow the stricter ShareAlike terms for the data files.',
    '',
    '- Arabic: Uthmani text from The Noble Qur\'an Encyclopedia (https://quranenc.com).',
    '- English: Saheeh International, via QuranEnc.',
    '- bn, es, fr, id, ru, sv, tr, ur, zh: translations via QuranEnc.',
    '- English transliteration: Tanzil (https://tanzil.net/trans/en.transliteration).',
    '- Ruku (section) boundaries in surahs.json: the npm package `quran-meta` by Quran-Center',
    '  (https://github.com/quran-center/quran-meta), MIT licence.',
    '',
    'Translations are interpretations of the meaning; the Arabic is the text of the Quran.',
    'The normalised Arabic search form is derived mechanically from the Uthmani text for',
    'search only and is never displayed as scripture.',
    '',
  ].join('\n');
}

/** @param rukuStarts per surah, the ayahs where its rukus start (ruku-source.ts) */
export function buildCorpus(src: QuranJsonSource, rukuStarts: readonly (readonly number[])[]): BuiltCorpus {
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
  const files: BuiltFile[] = [
    jsonFile('surahs', 'surahs', surahFile),
    jsonFile('arabic', 'arabic', text('arabic', 'Uthmani Arabic (QuranEnc)', arabic)),
    jsonFile('arabic-search', 'arabic-search', text('arabic-search', 'Normalised Arabic (search only)', arabic.map(normalizeArabic))),
  ];
  for (const id of Object.keys(TRACK_NAMES) as TextTrackId[]) {
    files.push(jsonFile(`translation-${id}`, `translation-${id}`, text(id, TRACK_NAMES[id], src.tracks[id])));
  }
  const attribution = encoder.encode(attributionText(src));
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
    files: entries,
  };
  return { files, manifest, manifestBytes: encoder.encode(JSON.stringify(manifest, null, 2) + '\n') };
}

export function sizeSummary(built: BuiltCorpus): string {
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
  const rows = built.manifest.files.map((f) => `${f.path.padEnd(40)}${kb(f.bytes)}${kb(f.gzipBytes)} gz`);
  const core = built.manifest.files.filter((f) => ['surahs', 'arabic', 'arabic-search', 'translation-en'].includes(f.part));
  const total = (fs: readonly ManifestFile[], k: 'bytes' | 'gzipBytes') => fs.reduce((a, f) => a + f[k], 0);
  return [
    `corpus ${built.manifest.version}: ${built.manifest.surahCount} surahs, ${built.manifest.verseCount} verses`,
    ...rows,
    `first-visit core (surahs + arabic + search + en): ${kb(total(core, 'bytes')).trim()} raw, ${kb(total(core, 'gzipBytes')).trim()} gzip`,
  ].join('\n');
}
