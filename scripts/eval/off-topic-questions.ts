/**
 * Questions a visitor might type that the Quran does not answer (everyday, commercial and
 * technical), in the widget's languages. Written by us for setting similarity floors: what the
 * nearest verse scores for these is the noise level a floor must sit above. Not tuned to.
 */
export const OFF_TOPIC_QUESTIONS: readonly string[] = [
  'How do I bake sourdough bread?',
  'What is the capital of France?',
  'Best pizza restaurant near me',
  'How to fix a flat bicycle tyre',
  'What is the price of bitcoin today?',
  'Which phone has the best camera?',
  'How do I reset my wifi router password?',
  'Who won the football world cup in 2018?',
  'Recipe for chocolate chip cookies',
  'How many calories are in a banana?',
  'What time does the train to London leave?',
  'How do I install Python on Windows?',
  'What is the weather forecast for tomorrow?',
  'How to change the oil in my car',
  'Cheap flights to Istanbul in March',
  'What is the square root of 144?',
  'How do I write a CV for a software job?',
  'Is it better to rent or buy a flat?',
  'كيف أصلح الغسالة؟',
  'ما هي أفضل سيارة للعائلة؟',
  'كم سعر الذهب اليوم؟',
  'وصفة الكنافة بالجبنة',
  'میرا فون چارج نہیں ہو رہا',
  'Bagaimana cara membuat nasi goreng?',
  'Comment réparer une fuite de robinet ?',
  'En iyi futbol takımı hangisi?',
  'Cómo aprender a tocar la guitarra',
  'Как приготовить борщ?',
  'Hur lagar man pannkakor?',
  '如何学习编程？',
];
