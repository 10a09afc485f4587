/** The text copied by a verse card's copy button: Arabic, translation and reference, all from the corpus. */
import type { VerseRef } from '../../data/corpus/corpus-types.js';
import { formatRef, quranComUrl } from '../../data/corpus/verse-range.js';

export interface CopyableVerse {
  readonly ref: VerseRef;
  readonly arabic: string;
  readonly translation?: string;
}

export function verseCopyText(verse: CopyableVerse, surahName: string, translationName: string | undefined): string {
  const lines = [verse.arabic];
  if (verse.translation) lines.push(verse.translation);
  const source = translationName && verse.translation ? ` (${translationName})` : '';
  lines.push(`— Quran ${formatRef(verse.ref)}, ${surahName}${source}`, quranComUrl(verse.ref));
  return lines.join('\n');
}
