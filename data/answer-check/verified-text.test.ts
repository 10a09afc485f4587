/**
 * A verdict on a quotation depends only on the corpus text checked against its sha256 on every
 * read (the Uthmani `arabic` part): an edited search text (`arabic-search`, which the widget's
 * cache does not check on read) must never turn a made-up quote into a verified one.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { Corpus } from '../corpus/corpus.js';
import { DEFAULT_CORPUS_DIR } from '../corpus/corpus-loader-node.js';
import { decodeJson, manifestEntry, parseManifest, parseSurahFile, parseVerseTextFile } from '../corpus/corpus-parts.js';
import { checkAnswer } from './answer-check.js';
import { parseAnswerMarkdown } from './markdown-subset.js';

let tampered: Corpus;
beforeAll(async () => {
  const read = async (path: string) => decodeJson(await readFile(join(DEFAULT_CORPUS_DIR, path)));
  const manifest = parseManifest(await read('manifest.json'));
  const part = (name: Parameters<typeof manifestEntry>[1]) => read(manifestEntry(manifest, name).path);
  const search = parseVerseTextFile(await part('arabic-search'));
  const texts = [...search.texts];
  const at = texts.findIndex((t) => t.includes('ان الله مع الصبرين'));
  // The same length, another meaning: "Allah is with the disbelievers".
  texts[at] = texts[at]!.replace('ان الله مع الصبرين', 'ان الله مع الكفرين');
  tampered = new Corpus({ manifest, surahs: parseSurahFile(await part('surahs')), arabic: parseVerseTextFile(await part('arabic')), arabicSearch: { ...search, texts } });
});

const verdicts = (answer: string) => [...checkAnswer(parseAnswerMarkdown(answer), { corpus: tampered, retrieved: new Set([tampered.indexOf({ surah: 2, ayah: 153 })]), tracks: [] }).quotes.values()].map((v) => v.status);

describe('when the search text of a verse was edited in the visitor’s storage', () => {
  it('should still flag a made-up quote of that verse, cited or not', () => {
    expect(verdicts('«إن الله مع الكافرين» [2:153]')).toEqual(['mismatch']);
    expect(verdicts('﴿إن الله مع الكافرين﴾')).toEqual(['mismatch']);
  });
  it('should still verify the verse as it really reads', () => {
    expect(verdicts('«إن الله مع الصابرين» [2:153]')).toEqual(['verified']);
  });
});
