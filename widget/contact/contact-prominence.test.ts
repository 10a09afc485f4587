import { describe, expect, it } from 'vitest';
import { asksForRuling, contactProminent } from './contact-prominence.js';

const quiet = { question: 'What does the Quran say about patience?', answer: 'Patience is praised [2:153].', searchKind: 'verses' as const };

describe('when deciding whether to put the contact link forward', () => {
  it('should stay quiet for an ordinary question the verses answer', () => {
    expect(contactProminent(quiet)).toBe(false);
  });
  it('should put it forward when the search found nothing', () => {
    expect(contactProminent({ ...quiet, answer: '', searchKind: 'none' })).toBe(true);
  });
  it("should put it forward when the Da'i says the verses do not cover the question, in any case", () => {
    expect(contactProminent({ ...quiet, answer: 'i could not find Quranic guidance on this specific point. The verses speak of…' })).toBe(true);
  });
  it('should recognise a few unambiguous ruling words in several languages, and not ordinary words that contain them', () => {
    expect(
      [
        'Is music haram?',
        'Is it allowed to pray sitting?',
        'هل يجوز الصيام في السفر؟',
        'Est-il permis de…',
        'Apakah ini halal?',
        'Это разрешено?',
        'ما حكم الربا؟',
        'سود کا حکم کیا ہے؟',
      ].map(asksForRuling),
    ).toStrictEqual([true, true, true, true, true, true, true, true]);
    expect(['Tell me about the Haramain', 'What is charity?', 'Tell me about Abraham'].map(asksForRuling)).toStrictEqual([false, false, false]);
  });
  it.each([
    ['en', 'Is interest on a bank loan allowed?'],
    ['en', 'Is it a sin to miss a prayer?'],
    ['id', 'Apa hukum berbohong kepada orang tua?'],
    ['id', 'Boleh tidak makan daging kelinci?'],
    ['tr', 'Faiz almak caiz mi?'],
    ['tr', 'Dövme yaptırmak günah mı?'],
    ['fr', 'Est-ce permis de prier assis ?'],
    ['es', '¿Está permitido rezar sentado?'],
    ['sv', 'Är det tillåtet att äta gelatin?'],
    ['ru', 'Можно ли мусульманину есть свинину?'],
    ['ar', 'هل يحل أكل لحم الخيل؟'],
    ['ur', 'کیا سود لینا گناہ ہے؟'],
    ['ur-Latn', 'kya namaz chhodna gunah hai'],
    ['bn', 'সুদ খাওয়া কি জায়েজ?'],
    ['zh', '穆斯林可以喝酒吗？'],
  ])('should recognise a ruling asked in %s: %s', (_lang, question) => {
    expect(asksForRuling(question)).toBe(true);
  });
  it('should not take ordinary questions for rulings', () => {
    expect(
      [
        'What does the Quran say about patience?',
        'Who is Allah?',
        'Is God merciful?',
        'How do I cope with grief?',
        'Apa itu sabar?',
        'Что говорит Коран о терпении?',
        'ما هي الحكمة من الصيام؟',
        '古兰经关于孤儿说了什么？',
      ].map(asksForRuling),
    ).toStrictEqual([false, false, false, false, false, false, false, false]);
  });
});
