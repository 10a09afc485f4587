/** BCP-47 language and direction of a translation track, for `lang`/`dir` on its text. */
import type { TextTrackId } from '../../data/corpus/corpus-types.js';

export function trackLang(track: TextTrackId): string {
  return track === 'translit' ? 'ar-Latn' : track;
}

export function trackDir(track: TextTrackId): 'ltr' | 'rtl' {
  return track === 'ur' ? 'rtl' : 'ltr';
}
