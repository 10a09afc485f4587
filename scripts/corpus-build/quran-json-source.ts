/**
 * Reads the `quran-json` npm package (build time only) into plain typed records.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { RevelationPlace, TextTrackId } from '../../data/corpus/corpus-types.js';
import { TRANSLATION_LANGS } from '../../data/corpus/corpus-types.js';

interface RawVerse {
  id: number;
  text: string;
  translation?: string;
  transliteration?: string;
}
interface RawSurah {
  id: number;
  name: string;
  transliteration: string;
  translation?: string;
  type: string;
  total_verses: number;
  verses: RawVerse[];
}

export interface SourceSurah {
  number: number;
  nameArabic: string;
  nameTransliterated: string;
  nameEnglish: string;
  revelation: RevelationPlace;
  arabic: string[];
}

export interface QuranJsonSource {
  packageVersion: string;
  licenceText: string;
  surahs: SourceSurah[];
  /** Per-track verse texts in mushaf order. */
  tracks: Record<TextTrackId, string[]>;
}

export function quranJsonDir(): string {
  const require = createRequire(import.meta.url);
  return dirname(require.resolve('quran-json/package.json'));
}

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

export async function readQuranJson(dir = quranJsonDir()): Promise<QuranJsonSource> {
  const pkg = await readJson<{ version: string }>(join(dir, 'package.json'));
  const arabic = await readJson<RawSurah[]>(join(dir, 'dist', 'quran.json'));
  const english = await readJson<RawSurah[]>(join(dir, 'dist', 'quran_en.json'));
  const surahs: SourceSurah[] = arabic.map((s, i) => {
    if (s.type !== 'meccan' && s.type !== 'medinan') throw new Error(`quran-json surah ${s.id} has unknown type "${s.type}"`);
    if (s.verses.length !== s.total_verses) throw new Error(`quran-json surah ${s.id} lists ${s.verses.length} verses but says ${s.total_verses}`);
    return {
      number: s.id,
      nameArabic: s.name,
      nameTransliterated: s.transliteration,
      nameEnglish: english[i]?.translation ?? '',
      revelation: s.type,
      arabic: s.verses.map((v) => v.text),
    };
  });
  const tracks = {} as Record<TextTrackId, string[]>;
  for (const lang of TRANSLATION_LANGS) {
    const raw = lang === 'en' ? english : await readJson<RawSurah[]>(join(dir, 'dist', `quran_${lang}.json`));
    tracks[lang] = raw.flatMap((s) => s.verses.map((v) => v.translation ?? ''));
  }
  const translit = await readJson<RawSurah[]>(join(dir, 'dist', 'quran_transliteration.json'));
  tracks.translit = translit.flatMap((s) => s.verses.map((v) => v.transliteration ?? ''));
  return { packageVersion: pkg.version, licenceText: await readFile(join(dir, 'LICENSE.txt'), 'utf8'), surahs, tracks };
}
