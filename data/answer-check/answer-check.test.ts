import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../corpus/corpus.js';
import { parseAnswerMarkdown, type CitationNode } from './markdown-subset.js';
import { checkAnswer, MAX_CORRECTED_QUOTES } from './answer-check.js';
import { checkCitation } from './citation-check.js';
import { quoteMatches } from './quote-check.js';
import { answerTestContext, type AnswerTestContext } from '../testing/answer-test-context.js';

let corpus: Corpus;
let ctx: AnswerTestContext;
beforeAll(async () => {
  // Retrieved: 2:153 and its context 2:148-158.
  ctx = await answerTestContext();
  corpus = ctx.corpus;
});

describe('when checking a citation', () => {
  it('should verify a retrieved verse and range', () => {
    expect(checkCitation({ surah: 2, from: 153, to: 153 }, ctx)).toBe('verified');
    expect(checkCitation({ surah: 2, from: 150, to: 157 }, ctx)).toBe('verified');
  });
  it('should mark a real verse that was not retrieved', () => {
    expect(checkCitation({ surah: 1, from: 1, to: 1 }, ctx)).toBe('not-retrieved');
    expect(checkCitation({ surah: 2, from: 157, to: 160 }, ctx)).toBe('not-retrieved');
  });
  it('should flag references that are not verses', () => {
    for (const r of [
      { surah: 2, from: 999, to: 999 },
      { surah: 115, from: 1, to: 1 },
      { surah: 0, from: 1, to: 1 },
      { surah: 1, from: 0, to: 0 },
      { surah: 2, from: 286, to: 287 },
      { surah: 2, from: 157, to: 153 },
    ]) {
      expect(checkCitation(r, ctx), JSON.stringify(r)).toBe('invalid');
    }
  });
});

describe('when checking a whole answer', () => {
  it('should list every citation with its status in reading order', () => {
    const blocks = parseAnswerMarkdown('Seek help through patience [2:153]. See also [1:1] and [2:999], never [115:1].');
    const check = checkAnswer(blocks, ctx);
    expect(check.list).toStrictEqual([
      { ref: '2:153', status: 'verified' },
      { ref: '1:1', status: 'not-retrieved' },
      { ref: '2:999', status: 'invalid' },
      { ref: '115:1', status: 'invalid' },
    ]);
  });

  it('should verify a quote of the translation that matches the cited verse, ignoring case and punctuation', () => {
    const blocks = parseAnswerMarkdown('Allah says: "Indeed, Allah is with the patient" [2:153].');
    const check = checkAnswer(blocks, ctx);
    expect([...check.quotes.values()]).toStrictEqual([{ status: 'verified', against: '2:153' }]);
  });

  it('should not vouch for a shortened quote, whose left-out words may reverse the verse', () => {
    // 2:256: "There shall be no compulsion in [acceptance of] the religion."
    const reversed = parseAnswerMarkdown('Allah says: "There shall be … compulsion in … the religion." [2:256]');
    expect([...checkAnswer(reversed, ctx).quotes.values()]).toStrictEqual([{ status: 'shortened', against: '2:256' }]);
    const outOfOrder = parseAnswerMarkdown('"the religion … There shall be no compulsion" [2:256]');
    expect([...checkAnswer(outOfOrder, ctx).quotes.values()]).toStrictEqual([{ status: 'mismatch', against: '2:256' }]);
    const whole = parseAnswerMarkdown('"There shall be no compulsion in the religion" [2:256]');
    expect([...checkAnswer(whole, ctx).quotes.values()]).toStrictEqual([{ status: 'verified', against: '2:256' }]);
  });

  it('should check a quote that its citation introduces a few words before, in the same sentence', () => {
    const misquote = parseAnswerMarkdown('In [2:153] Allah says, "Indeed, Allah is with the liars."');
    expect([...checkAnswer(misquote, ctx).quotes.values()]).toStrictEqual([{ status: 'mismatch', against: '2:153' }]);
    const right = parseAnswerMarkdown('In [2:153] Allah says: "Indeed, Allah is with the patient."');
    expect([...checkAnswer(right, ctx).quotes.values()]).toStrictEqual([{ status: 'verified', against: '2:153' }]);
    // Another sentence, or a long stretch of words, is not a lead-in: the visitor's own words are not checked as a verse.
    expect(checkAnswer(parseAnswerMarkdown('Read [2:153]. You asked, "how can I be patient at work"'), ctx).quotes.size).toBe(0);
    expect(checkAnswer(parseAnswerMarkdown('See [2:153] and think about what a friend once told me, "patience is a light in the dark"'), ctx).quotes.size).toBe(
      0,
    );
  });

  it('should look for a block quote that cites nothing in the verses the visitor was shown', () => {
    // Retrieved: 2:153 and its context 2:148-158.
    const shown = parseAnswerMarkdown('> O you who have believed, seek help through patience and prayer.');
    expect([...checkAnswer(shown, ctx).quotes.values()]).toStrictEqual([{ status: 'verified', against: '' }]);
    const invented = parseAnswerMarkdown('> Indeed, Allah is with the liars.');
    expect([...checkAnswer(invented, ctx).quotes.values()]).toStrictEqual([{ status: 'not-found', against: '' }]);
    // Two words are a phrase, not a quotation.
    expect(checkAnswer(parseAnswerMarkdown('> Be patient.'), ctx).quotes.size).toBe(0);
  });

  it('should not look up a quote cut into more parts than a real excerpt has', () => {
    const many = Array.from({ length: 7 }, () => 'Allah is with').join(' … ');
    expect([...checkAnswer(parseAnswerMarkdown(`"${many}" [2:153]`), ctx).quotes.values()]).toStrictEqual([{ status: 'unchecked', against: '2:153' }]);
  });

  it('should flag a quote that claims a verse but does not match it', () => {
    const blocks = parseAnswerMarkdown('"Patience is half of faith and God loves it" [2:153]');
    expect([...checkAnswer(blocks, ctx).quotes.values()]).toStrictEqual([{ status: 'mismatch', against: '2:153' }]);
  });

  it('should flag a quote attributed to a verse that does not exist', () => {
    const blocks = parseAnswerMarkdown('"Indeed, Allah is with the patient" [2:999]');
    const check = checkAnswer(blocks, ctx);
    expect([...check.quotes.values()]).toStrictEqual([{ status: 'mismatch', against: '2:999' }]);
    expect(check.list).toStrictEqual([{ ref: '2:999', status: 'invalid' }]);
  });

  it('should verify the Arabic quoted with different vowel marks, and flag altered Arabic', () => {
    const ok = checkAnswer(parseAnswerMarkdown('«إن الله مع الصابرين» [2:153]'), ctx);
    expect([...ok.quotes.values()]).toStrictEqual([{ status: 'verified', against: '2:153' }]);
    expect(corpus.verse({ surah: 2, ayah: 153 }).arabicSearch).toContain('الصبرين');
    const bad = checkAnswer(parseAnswerMarkdown('«إن الله مع المحسنين دائما» [2:153]'), ctx);
    // Flagged, with the verse it cites (and was meant to be) to show as it really reads.
    expect([...bad.quotes.values()]).toMatchObject([{ status: 'mismatch', against: '2:153', correction: { range: { surah: 2, from: 153, to: 153 } } }]);
  });

  it('should flag a changed letter, a dropped long vowel, an added word and a changed case ending', () => {
    const verdict = (answer: string) => [...checkAnswer(parseAnswerMarkdown(answer), ctx).quotes.values()].map((v) => v.status);
    // 36:82 reads أَن يَقُولَ لَهُۥ كُن: the jussive يقل is another word.
    expect(verdict('﴿إِنَّمَا أَمْرُهُ إِذَا أَرَادَ شَيْئًا أَن يَقُل لَّهُ كُن﴾')).toEqual(['mismatch']);
    expect(verdict('﴿إِنَّمَا أَمْرُهُ إِذَا أَرَادَ شَيْئًا أَنْ يَقُولَ لَهُ كُنْ فَيَكُونُ﴾')).toEqual(['verified']);
    // 21:47 ٱلۡمَوَٰزِينَ: modern spelling writes its alef.
    expect(verdict('﴿ونضع الموزين القسط ليوم القيامة﴾')).toEqual(['mismatch']);
    expect(verdict('﴿ونضع الموازين القسط ليوم القيامة﴾')).toEqual(['verified']);
    // 2:256 begins لَآ إِكۡرَاهَ, with no و.
    expect(verdict('﴿ولا إكراه في الدين قد تبين الرشد من الغي﴾')).toEqual(['mismatch']);
    expect(verdict('﴿لا إكراه في الدين قد تبين الرشد من الغي﴾')).toEqual(['verified']);
    // 2:48 لَّا تَجۡزِي نَفۡسٌ: نَفْساً is another case.
    expect(verdict('﴿وَاتَّقُوا يَوْمًا لَا تَجْزِي نَفْساً عَنْ نَفْسٍ شَيْئًا﴾')).toEqual(['mismatch']);
    expect(verdict('﴿وَاتَّقُوا يَوْمًا لَا تَجْزِي نَفْسٌ عَنْ نَفْسٍ شَيْئًا﴾')).toEqual(['verified']);
  });

  it("should flag a changed word in a quote of a translation, and not the translators' own brackets", () => {
    const verdict = (answer: string) => [...checkAnswer(parseAnswerMarkdown(answer), ctx).quotes.values()].map((v) => v.status);
    // Saheeh International 2:256: "There shall be no compulsion in [acceptance of] the religion."
    expect(verdict('"There shall be no compulsion in the religion" [2:256]')).toEqual(['verified']);
    expect(verdict('"There shall be no compulsion in acceptance of the religion" [2:256]')).toEqual(['verified']);
    expect(verdict('"There shall be no compulsion in the faith" [2:256]')).toEqual(['mismatch']);
    expect(verdict('"There shall be some compulsion in the religion" [2:256]')).toEqual(['mismatch']);
  });

  it('should name the verse a misquote was meant to be, and none for words that are no verse', () => {
    const [wrong] = [...checkAnswer(parseAnswerMarkdown('﴿وَأَتِمُّوا الْحَجَّ وَالْعُمْرَةَ لِلَّهِ فَإِنْ أُحْصِرْتُمْ فَاذْبَحُوا شَاةً﴾'), ctx).quotes.values()];
    expect(wrong).toMatchObject({ status: 'mismatch', correction: { range: { surah: 2, from: 196, to: 196 } } });
    const [invented] = [...checkAnswer(parseAnswerMarkdown('﴿إن العلم نور والجهل ظلام في الدنيا﴾'), ctx).quotes.values()];
    expect(invented).toStrictEqual({ status: 'mismatch', against: 'Quran' });
  });

  it('should check uncited ornate-bracket quotes against the whole Quran', () => {
    const good = checkAnswer(parseAnswerMarkdown('﴿قل هو الله أحد﴾'), ctx);
    expect([...good.quotes.values()]).toStrictEqual([{ status: 'verified', against: 'Quran' }]);
    const bad = checkAnswer(parseAnswerMarkdown('﴿قل هو النبي أحد الناس﴾'), ctx);
    expect([...bad.quotes.values()]).toMatchObject([{ status: 'mismatch', against: 'Quran', correction: { range: { surah: 112, from: 1, to: 1 } } }]);
  });

  it('should check a block quote that ends with its citation', () => {
    const good = checkAnswer(parseAnswerMarkdown('> O you who have believed, seek help through patience and prayer. — [2:153]'), ctx);
    expect([...good.quotes.values()]).toStrictEqual([{ status: 'verified', against: '2:153' }]);
    const bad = checkAnswer(parseAnswerMarkdown('> O believers, be patient always and pray often. [2:153]'), ctx);
    expect([...bad.quotes.values()]).toStrictEqual([{ status: 'mismatch', against: '2:153' }]);
  });

  it('should not treat short quoted terms as verse quotes', () => {
    const check = checkAnswer(parseAnswerMarkdown('The word "sabr" [2:153] means patience.'), ctx);
    expect(check.quotes.size).toBe(0);
    expect(check.citations.size).toBe(1);
    const node = [...check.citations.keys()][0] as CitationNode;
    expect(node.raw).toBe('[2:153]');
  });
});

describe('when matching quotes', () => {
  it('should accept excerpts with an ellipsis and bracketed clarifications either way', () => {
    const verse = corpus.verse({ surah: 2, ayah: 255 }).translation!;
    expect(verse).toContain('Sustainer of [all] existence');
    expect(quoteMatches('Allah - there is no deity except Him … Neither drowsiness overtakes Him nor sleep', [verse])).toBe(true);
    expect(quoteMatches('the Ever-Living, the Sustainer of all existence', [verse])).toBe(true);
    expect(quoteMatches('the Ever-Living, the Sustainer of existence', [verse])).toBe(true);
    expect(quoteMatches('the Ever-Living, the Sustainer of the universe', [verse])).toBe(false);
    expect(quoteMatches('there is no deity except Him, the Ever-Loving', [verse])).toBe(false);
  });
  it('should accept the parts of a shortened quote only in the order the verse has them', () => {
    const verse = corpus.verse({ surah: 2, ayah: 255 }).translation!;
    expect(quoteMatches('Neither drowsiness overtakes Him nor sleep … Allah - there is no deity except Him', [verse])).toBe(false);
    expect(quoteMatches('the Ever-Living … the Ever-Living', [verse])).toBe(false);
  });
  it('should match on whole words only', () => {
    expect(quoteMatches('the patient', ['Indeed, Allah is with the patients.'])).toBe(false);
  });
  it('should accept Arabic quoted in modern spelling where the Uthmani letters differ', () => {
    // 3:190 writes ٱلَّيۡل with one lam; a correct quote in modern spelling was once flagged.
    const verse = corpus.verse({ surah: 3, ayah: 190 }).arabic;
    expect(quoteMatches('إن في خلق السماوات والأرض واختلاف الليل والنهار لآيات لأولي الألباب', [verse])).toBe(true);
    expect(quoteMatches('إن في خلق السماوات والأرض واختلاف الليل والنهار لآيات لأولي الأبصار', [verse])).toBe(false);
  });
});

describe('when an answer is checked while it streams', () => {
  it('should leave the whole-Quran lookups for the finished answer until they are prepared', async () => {
    // A corpus object of its own, so nothing is prepared for it yet.
    const { loadCorpusFromDir } = await import('../corpus/corpus-loader-node.js');
    const own = await loadCorpusFromDir({ tracks: [] });
    const fresh = { corpus: own, retrieved: new Set([own.indexOf({ surah: 2, ayah: 153 })]), tracks: [] };
    const answer = parseAnswerMarkdown('﴿قل هو الله أحد﴾ and «إن الله مع المحسنين دائما» [2:153]');
    const streaming = [...checkAnswer(answer, { ...fresh, deferUnprepared: true }).quotes.values()];
    expect(streaming).toStrictEqual([
      { status: 'unchecked', against: 'Quran' },
      { status: 'mismatch', against: '2:153' },
    ]);
    const done = [...checkAnswer(answer, fresh).quotes.values()];
    expect(done).toMatchObject([
      { status: 'verified', against: 'Quran' },
      { status: 'mismatch', against: '2:153', correction: { range: { surah: 2, from: 153 } } },
    ]);
  });
});

describe('when an answer repeats one misquote many times', () => {
  it('should show at most MAX_CORRECTED_QUOTES corrections, the rest flagged without one', () => {
    const check = checkAnswer(parseAnswerMarkdown('«إن الله مع المحسنين دائما» [2:153] '.repeat(30)), ctx);
    const verdicts = [...check.quotes.values()];
    expect(verdicts.filter((v) => v.status === 'mismatch')).toHaveLength(30);
    expect(verdicts.filter((v) => v.correction)).toHaveLength(MAX_CORRECTED_QUOTES);
  });
});
