/**
 * Words the Porter stemmer folds onto the stem of an unrelated word, each given a term of its own
 * (or the term of the word it does mean). Found with `npm run find:stem-collisions` (words of the
 * English translation, the topic index and the visitor question sets whose stems are shared by
 * words the multilingual-e5-small model reads as far apart), then read one by one: only true
 * collisions are here. A split term never equals a Porter stem of another word (Porter does not
 * end a stem in a plain "e" after a consonant, nor in "ous", "al" or "ion" kept whole like these).
 */
const SPLITS: Readonly<Record<string, readonly string[]>> = {
  // "Forced conversion" is not a private conversation: conversion meets "convert".
  convert: ['conversion', 'conversions'],
  // several (a number) is not severe.
  several: ['several'],
  // generous, general and generation share "gener".
  generous: ['generous', 'generously', 'generosity'],
  general: ['general', 'generally'],
  // evening is not "even".
  evening: ['evening', 'evenings'],
  // "us" is not "use".
  use: ['use', 'used', 'uses', 'using', 'useful', 'usefulness'],
  // position is not positive.
  position: ['position', 'positions'],
  // politeness is not politics.
  polite: ['polite', 'politely', 'politeness'],
  // awful is not awe (the awe of God).
  awful: ['awful', 'awfully'],
  caste: ['caste', 'castes'],
  // a diversion (amusement) is not diversity.
  diversion: ['diversion', 'diversions'],
  // divining (fortune-telling) is not divine.
  divination: ['divining', 'divination', 'diviner', 'diviners'],
  // likely is not "like".
  likely: ['likely'],
};

/** Each split word → its own term. */
export const ENGLISH_STEM_SPLITS: ReadonlyMap<string, string> = new Map(
  Object.entries(SPLITS).flatMap(([term, words]) => words.map((w) => [w, term] as const)),
);
