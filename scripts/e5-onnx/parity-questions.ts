/**
 * Visitor questions for the ranking parity check: the paraphrased questions keyword search
 * failed on, and the same kind of question in the languages visitors write in.
 */
export const PARITY_QUESTIONS: readonly string[] = [
  'Is drinking alcohol forbidden?',
  'What does the Quran say about patience in hard times?',
  'Does Islam allow forced conversion?',
  'What is the purpose of life?',
  'How should I treat my parents?',
  'What happens on the Day of Judgement?',
  'هل الخمر حرام؟',
  'كيف أعامل والدي؟',
  'والدین کے ساتھ کیسا سلوک کرنا چاہیے؟',
  'Apakah Allah mengampuni semua dosa?',
  'Dinde zorlama var mı?',
  'Que dit le Coran sur la patience dans les épreuves ?',
  '古兰经怎么说孝敬父母？',
  'How do I pray when I am sick? 🤲',
];

/**
 * Tokenizer parity: scripts and marks that exercise the normaliser and the piece lookup
 * (Arabic with full Quranic marks, Urdu with zero-width non-joiners, Chinese, French accents,
 * emoji outside the Basic Multilingual Plane).
 */
export const TOKENIZER_SAMPLES: readonly string[] = [
  'بِسْمِ اللَّهِ الرَّحْمَٰنِ الرَّحِيمِ',
  'إِنَّ اللَّهَ مَعَ الصَّابِرِينَ',
  'اللہ صبر کرنے والوں کے ساتھ ہے‌ اور نماز',
  '真主确是与坚忍者同在的。',
  'Dieu est avec ceux qui sont endurants — à côté, déjà, où, garçon, Noël.',
  'Is fasting required when travelling? 😊🙏🏽 ❤️',
  'ﷲ ﻻ ﺍﻟﻪ — presentation forms, ｆｕｌｌｗｉｄｔｈ, ligature ﬁ',
  '  spaces   collapse\tand\ttabs\nnewlines  ',
];
