import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CORPUS_DIR, loadCorpusFromDir } from './corpus-loader-node.js';
import { loadCorpusExplanation } from './corpus-loader.js';
import { manifestEntry, parseVerseTextFile } from './corpus-parts.js';

const read = async (path: string) => new Uint8Array(await readFile(join(DEFAULT_CORPUS_DIR, path)));

describe('when the verse explanation loads after the first results', () => {
  it('should list it in the manifest with its source, and hold nothing until it is loaded', async () => {
    const corpus = await loadCorpusFromDir({ tracks: ['en'] });
    expect(corpus.offersExplanation('ar')).toBe(true);
    expect(corpus.hasExplanation('ar')).toBe(false);
    expect(corpus.explanationAt('ar', 0)).toBeUndefined();
    expect(corpus.source('explanation-ar')?.name).toMatch(/Jalalayn/);
  });
  it('should give each verse its own explanation, in mushaf order', async () => {
    const corpus = await loadCorpusFromDir({ tracks: ['en'] });
    await loadCorpusExplanation(read, corpus, 'ar');
    expect(corpus.explanationTexts('ar')).toHaveLength(6236);
    // 2:255 (the Throne Verse) is explained with its own words: "الله لا إله إلا هو الحي القيوم".
    expect(corpus.explanationAt('ar', corpus.indexOf({ surah: 2, ayah: 255 }))).toMatch(/القيوم/);
    // 112:1 is the first verse of al-Ikhlas: its explanation speaks of Him being One (أحد).
    expect(corpus.explanationAt('ar', corpus.indexOf({ surah: 112, ayah: 1 }))).toMatch(/أحد/);
  });
  it('should refuse bytes that do not match the manifest, and say how to fix it', async () => {
    const corpus = await loadCorpusFromDir({ tracks: ['en'] });
    const path = manifestEntry(corpus.manifest, 'explanation-ar').path;
    const tampered = async (p: string) => {
      const bytes = await read(p);
      if (p === path) bytes[bytes.length - 10]! ^= 1;
      return bytes;
    };
    await expect(loadCorpusExplanation(tampered, corpus, 'ar')).rejects.toThrow(/sha256|does not match|rebuild/i);
    expect(corpus.hasExplanation('ar')).toBe(false);
  });
  it('should carry search words for each verse that are never shown, and refuse words that do not match the verses', async () => {
    const corpus = await loadCorpusFromDir({ tracks: ['en'] });
    await loadCorpusExplanation(read, corpus, 'ar');
    const terms = corpus.explanationSearchTerms('ar')!;
    expect(terms).toHaveLength(6236);
    const i = corpus.indexOf({ surah: 49, ayah: 12 });
    // 49:12 forbids backbiting and spying; its commentaries name both, the explanation shown stays Jalalayn's text.
    expect(terms[i]!.split(' ')).toEqual(expect.arrayContaining(['الغيبه', 'التجسس']));
    expect(corpus.explanationAt('ar', i)).not.toContain(terms[i]);
    const file = JSON.parse(new TextDecoder().decode(await read(manifestEntry(corpus.manifest, 'explanation-ar').path)));
    expect(() => parseVerseTextFile({ ...file, searchTerms: file.searchTerms.slice(1) })).toThrow(
      /search words of "explanation-ar" do not match its verses; rebuild/,
    );
  });
  it('should refuse a file that holds another text', async () => {
    const corpus = await loadCorpusFromDir({ tracks: ['en'] });
    const other = JSON.parse(new TextDecoder().decode(await read(manifestEntry(corpus.manifest, 'explanation-ar').path)));
    expect(() => corpus.addExplanation('ar', { ...other, track: 'translation-en' })).toThrow(/holds "translation-en"; rebuild with npm run build:corpus/);
  });
});
