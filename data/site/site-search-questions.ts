/**
 * Questions written for the demo mosque's sample documents (demo/site-docs), with the passage
 * that answers each (`doc#anchor`), or null when the site documents do not cover it (a Quran
 * question, or something the mosque never wrote about). Site search floors are tuned on these,
 * never on the Quran question sets.
 */
export interface SiteSearchQuestion {
  readonly question: string;
  /** `doc#anchor` of the passage that must come first, or null when none may be returned. */
  readonly expect: string | null;
  /** Only meaning finds it (no shared word): keyword search alone is not expected to. */
  readonly vectorOnly?: boolean;
}

export const SITE_SEARCH_QUESTIONS: readonly SiteSearchQuestion[] = [
  { question: "When is Jumu'ah?", expect: 'opening-times#jumuah-friday-prayer' },
  // Spelled as visitors type it: no apostrophe, or the common "Jummah".
  { question: 'When is Jumuah?', expect: 'opening-times#jumuah-friday-prayer' },
  { question: 'What time is jummah', expect: 'opening-times#jumuah-friday-prayer' },
  { question: 'What time is the Friday prayer?', expect: 'opening-times#jumuah-friday-prayer' },
  { question: 'When does the khutbah start in summer?', expect: 'opening-times#jumuah-friday-prayer' },
  { question: 'What are the opening hours of the mosque?', expect: 'opening-times#opening-hours' },
  { question: 'Is there a sisters entrance?', expect: 'visitors-faq#is-there-a-sisters-entrance' },
  { question: "Where is the sisters' entrance?", expect: 'visitors-faq#is-there-a-sisters-entrance' },
  { question: 'Do you run classes for new Muslims?', expect: 'classes#classes-for-new-muslims' },
  { question: 'I just took my shahadah, who can help me?', expect: 'classes#classes-for-new-muslims', vectorOnly: true },
  { question: 'Can my children learn tajweed?', expect: 'classes#quran-reading-and-tajweed' },
  { question: 'Are there Arabic lessons for beginners?', expect: 'classes#arabic-language' },
  { question: 'What should I wear when I visit?', expect: 'visitors-faq#what-should-i-wear' },
  { question: 'Is there parking?', expect: 'visitors-faq#is-there-parking' },
  { question: 'Is there a lift for wheelchairs?', expect: 'visitors-faq#is-the-mosque-accessible', vectorOnly: true },
  { question: 'When are the Eid prayers?', expect: 'opening-times#eid' },
  { question: 'Can non-Muslims visit?', expect: 'visitors-faq#can-non-muslims-visit-the-mosque' },
  { question: 'What does the Quran say about patience?', expect: null },
  { question: 'Who is Allah?', expect: null },
  { question: 'What does the Quran say about the Day of Judgement?', expect: null },
  { question: 'Tell me about the story of Musa', expect: null },
  { question: 'What does the Quran say about prayer?', expect: null },
  { question: 'Is music haram?', expect: null },
];
