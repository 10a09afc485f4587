/**
 * @module
 * A verse card's Share action, loaded on first use: the Arabic with its diacritics, the
 * translation with its name and the reference, all from the corpus, with the verse's
 * quran.com link; shared through the share sheet, or copied where the browser has none.
 */
import type { TextTrackId, VerseRef } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { formatRef, quranComUrl } from '../../data/corpus/verse-range.js';
import type { Translate } from '../i18n/ui-language.js';
import { verseCitationText } from '../verses/verse-copy-text.js';
import { surahDisplayName, translationDisplayName } from '../verses/surah-name.js';
import type { SharePayload } from './answer-share-text.js';
import { shareOrCopy, type ShareOutcome, type ShareTarget } from './share-or-copy.js';

export function verseSharePayload(corpus: Corpus, ref: VerseRef, track: TextTrackId, t: Translate, uiLang = 'en'): SharePayload {
  const verse = corpus.verse(ref, track);
  const surah = surahDisplayName(corpus.surah(ref.surah), uiLang);
  return {
    title: t('copyCitation', { ref: formatRef(ref), surah }),
    text: verseCitationText(verse, surah, translationDisplayName(corpus, track, uiLang), t),
    url: quranComUrl(ref),
  };
}

export function shareVerse(corpus: Corpus, ref: VerseRef, track: TextTrackId, t: Translate, target: ShareTarget, uiLang = 'en'): Promise<ShareOutcome> {
  return shareOrCopy(verseSharePayload(corpus, ref, track, t, uiLang), target);
}
