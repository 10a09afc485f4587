/**
 * English stop words: function words that carry no topic. Kept short on purpose: words like
 * "one", "day", "who" (in "who is Allah") are not here, and negations are not either.
 */
export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about above after again all also am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just me more most my myself of off on once only or other our ours ' +
    'ourselves out over own same she should so some such than that the their theirs them themselves then there these they ' +
    'this those through to too under until up very was we were what when where which while whom why will with would you ' +
    'your yours yourself yourselves s t d ll m re ve y o ' +
    // Question framing that says nothing about the topic.
    'quran qur koran quranic verse verses ayah ayat surah tell say says said please explain'
  ).split(' '),
);
