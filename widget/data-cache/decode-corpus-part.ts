/**
 * One corpus file's bytes (downloaded or read back from the cache) → its typed shape, or an
 * error saying what is wrong with it. Stricter than the shared readers in data/corpus: a
 * copy read back from IndexedDB is checked for everything the Corpus needs (the right track,
 * one string per verse, one entry per surah), so a damaged copy is caught here, purged and
 * downloaded again, instead of breaking the widget later.
 */
import type { CorpusManifest, CorpusPart, SurahFile, VerseTextFile } from '../../data/corpus/corpus-types.js';
import { CorpusError } from '../../data/corpus/corpus-error.js';
import { decodeJson, parseSurahFile, parseVerseTextFile } from '../../data/corpus/corpus-parts.js';

export type CorpusPartFile = SurahFile | VerseTextFile;

export function isSurahFile(file: CorpusPartFile | undefined): file is SurahFile {
  return file !== undefined && 'surahs' in file;
}

export function isVerseTextFile(file: CorpusPartFile | undefined): file is VerseTextFile {
  return file !== undefined && 'texts' in file;
}

/** The `track` a verse file of `part` must declare. */
function trackOf(part: Exclude<CorpusPart, 'surahs'>): string {
  return part.startsWith('translation-') ? part.slice('translation-'.length) : part;
}

function corrupt(part: CorpusPart, what: string): CorpusError {
  return new CorpusError('corrupt-data', `corpus file ${part} ${what}; reload the page, or rebuild the corpus with npm run build:corpus`);
}

export function decodeCorpusPart(manifest: CorpusManifest, part: CorpusPart, bytes: Uint8Array): CorpusPartFile {
  const json = decodeJson(bytes);
  if (part === 'surahs') {
    const file = parseSurahFile(json);
    if (file.surahs.length !== manifest.surahCount) throw corrupt(part, `lists ${file.surahs.length} surahs, not ${manifest.surahCount}`);
    file.surahs.forEach((s, i) => {
      const whole = s && s.number === i + 1 && Number.isInteger(s.verseCount) && Number.isInteger(s.firstVerseIndex) && Array.isArray(s.rukuStarts);
      if (!whole) throw corrupt(part, `has a malformed entry for surah ${i + 1}`);
    });
    return file;
  }
  const file = parseVerseTextFile(json);
  if (file.track !== trackOf(part)) throw corrupt(part, `holds the track "${file.track}"`);
  if (file.texts.length !== manifest.verseCount) throw corrupt(part, `has ${file.texts.length} verses, not ${manifest.verseCount}`);
  const notText = file.texts.findIndex((t) => typeof t !== 'string');
  if (notText !== -1) throw corrupt(part, `has no text for verse ${notText + 1}`);
  return file;
}
