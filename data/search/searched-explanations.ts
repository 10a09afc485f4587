/**
 * Which verse explanation each search track reads: its words are indexed with the verse's
 * (lexical-indexes.ts). The Indonesian Jalalain is shown, not searched: indexed with the Indonesian
 * verses it lowered the visitor sets' Indonesian questions (keyword MAP@20 0.564 -> 0.504; EVAL.md).
 * Kept apart from the indexes so the page can ask it without loading them.
 */
import type { ExplanationLang } from '../corpus/corpus-types.js';
import type { SearchTrack } from './query/language-detect.js';

export const EXPLANATION_OF_TRACK: Partial<Record<SearchTrack, ExplanationLang>> = { 'arabic-search': 'ar' };

/** The verse explanations search reads (a search worker needs only these). */
export const SEARCHED_EXPLANATION_LANGS: readonly ExplanationLang[] = Object.values(EXPLANATION_OF_TRACK);
