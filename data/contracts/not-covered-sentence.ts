/**
 * The sentence the Da'i is told to say when the verses it was given do not address the
 * question (in English; the model translates it for other languages). The proxy's prompt
 * asks for it; the widget looks for it to put the site owner's contact link forward.
 */
export const NOT_COVERED_SENTENCE = 'I could not find Quranic guidance on this specific point';
