/**
 * Which translation the widget shows: the one the site owner set, else (unset or not a
 * translation) the one in the interface language (a visitor reading Urdu reads the Urdu
 * translation), else English (for Arabic, where the verse itself is the text).
 */
import { TRANSLATION_LANGS, TRANSLITERATION_KEY, type TextTrackId } from '../../data/corpus/corpus-types.js';
import type { UiLang } from './ui-language.js';

const TRACKS: readonly string[] = [...TRANSLATION_LANGS, TRANSLITERATION_KEY];

function isTrack(value: string | undefined): value is TextTrackId {
  return value !== undefined && TRACKS.includes(value);
}

export function shownTrack(requested: string | undefined, uiLang: UiLang): TextTrackId {
  const asked = requested?.trim().toLowerCase();
  if (asked && isTrack(asked)) return asked;
  // A typo (translation="urdu") is warned about; meanwhile the interface language is the better guess.
  return isTrack(uiLang) ? uiLang : 'en';
}
