/**
 * The text copied by a verse card's copy button: Arabic, translation and reference, all from
 * the corpus; the reference line ("— Quran 2:153, Al-Baqarah") in the interface language.
 */
import type { VerseRef } from '../../data/corpus/corpus-types.js';
import { formatRef, quranComUrl } from '../../data/corpus/verse-range.js';
import type { Translate } from '../i18n/ui-language.js';

export interface CopyableVerse {
  readonly ref: VerseRef;
  readonly arabic: string;
  readonly translation?: string;
}

export function verseCopyText(verse: CopyableVerse, surahName: string, translationName: string | undefined, t: Translate): string {
  return `${verseCitationText(verse, surahName, translationName, t)}\n${quranComUrl(verse.ref)}`;
}

/** The same without the quran.com link (sharing passes the link as the share's URL). */
export function verseCitationText(verse: CopyableVerse, surahName: string, translationName: string | undefined, t: Translate): string {
  const lines = [verse.arabic];
  if (verse.translation) lines.push(verse.translation);
  const source = translationName && verse.translation ? ` (${translationName})` : '';
  lines.push(`— ${t('copyCitation', { ref: formatRef(verse.ref), surah: surahName })}${source}`);
  return lines.join('\n');
}
