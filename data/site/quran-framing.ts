/**
 * Does the visitor ask what the Quran says? "What does the Quran say about prayer?" names its
 * source: the mosque's prayer timetable must not answer it, nor sit in the prompt beside the
 * verses as if it could. Only explicit framing counts ("the Quran says", "in the Quran",
 * "verses about", "Quranic"); "Quran classes for children?" is a question for the mosque.
 * Each pattern is a fixed sequence of words without nested repetition: linear time.
 */
const FRAMINGS: readonly RegExp[] = [
  /\b(?:quran|qur'an|qur’an|koran)\s+(?:say|says|said|teach|teaches|mention|mentions|tell|tells|state|states)\b/i,
  /\b(?:in|from|according\s+to)\s+the\s+(?:holy\s+)?(?:quran|qur'an|qur’an|koran)\b/i,
  /\b(?:verse|verses|ayah|ayat|ayahs|surah|sura)\s+(?:about|on|of|that|which)\b/i,
  /\bquranic\b/i,
  /(?:يقول|في|قال)\s+(?:ال)?قرآن/u,
];

export function asksWhatTheQuranSays(question: string): boolean {
  return FRAMINGS.some((r) => r.test(question));
}
