/**
 * A verdict on a quotation depends only on corpus text checked against its sha256 on every read
 * (the Uthmani `arabic` part). The search form the Arabic quotes are compared in is made from that
 * text in the visitor's browser, never downloaded or stored apart from it, so an edit to the
 * visitor's storage cannot turn a made-up quote into a verified one.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeArabic } from '../arabic/arabic-normalize.js';
import type { Corpus } from '../corpus/corpus.js';
import { loadCorpusFromDir } from '../corpus/corpus-loader-node.js';
import { checkAnswer } from './answer-check.js';
import { parseAnswerMarkdown } from './markdown-subset.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadCorpusFromDir({ tracks: [] });
});

const verdicts = (answer: string) =>
  [...checkAnswer(parseAnswerMarkdown(answer), { corpus, retrieved: new Set([corpus.indexOf({ surah: 2, ayah: 153 })]), tracks: [] }).quotes.values()].map(
    (v) => v.status,
  );

describe('when Arabic quotes are checked', () => {
  it('should compare them with a search form made from the verified Uthmani text, which no file carries', () => {
    expect(corpus.manifest.files.map((f) => f.part)).not.toContain('arabic-search');
    const arabic = corpus.trackTexts('arabic');
    const search = corpus.trackTexts('arabic-search');
    expect(search).toHaveLength(6236);
    for (let i = 0; i < arabic.length; i += 97) expect(search[i]).toBe(normalizeArabic(arabic[i]!));
    expect(corpus.arabicSearchAt(corpus.indexOf({ surah: 2, ayah: 153 }))).toContain('ان الله مع الصبرين');
  });
  it('should flag a made-up quote of a verse, cited or not', () => {
    expect(verdicts('«إن الله مع الكافرين» [2:153]')).toEqual(['mismatch']);
    expect(verdicts('﴿إن الله مع الكافرين﴾')).toEqual(['mismatch']);
  });
  it('should verify the verse as it really reads', () => {
    expect(verdicts('«إن الله مع الصابرين» [2:153]')).toEqual(['verified']);
  });
});
