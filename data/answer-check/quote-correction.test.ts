import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../corpus/corpus.js';
import { loadTestCorpus } from '../testing/test-corpus.js';
import { correctQuote } from './quote-correction.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

const refs = (c: ReturnType<typeof correctQuote>) => c?.verses.map((i) => `${corpus.refAt(i).surah}:${corpus.refAt(i).ayah}`);
const at = (surah: number, ayah: number) => corpus.indexOf({ surah, ayah });

describe('when a misquoted verse is corrected', () => {
  it('should name the verse a quotation with a changed word was meant to be', () => {
    // 2:153 with "the disbelievers" for "the patient".
    expect(refs(correctQuote('يَا أَيُّهَا الَّذِينَ آمَنُوا اسْتَعِينُوا بِالصَّبْرِ وَالصَّلَاةِ إِنَّ اللَّهَ مَعَ الْكَافِرِينَ', corpus))).toEqual(['2:153']);
  });
  it('should name no verse for a saying that is not in the Quran', () => {
    expect(correctQuote('إن الله في عون العبد ما دام العبد في عون أخيه', corpus)).toBeUndefined();
  });
  it('should keep the verse the answer cites when the quotation is still that verse', () => {
    expect(refs(correctQuote('يَسْأَلُونَكَ عَنِ السَّاعَةِ أَيَّانَ مُرْسَاهَا', corpus, {}, [at(7, 187)]))).toEqual(['7:187']);
  });
  it('should prefer the verse that holds the quotation far better than the one cited on the same theme', () => {
    // The words are those of 7:187 (and 79:42); 33:63 also asks about the Hour, in other words.
    const c = correctQuote('ويسألونك عن الساعة أيان مرساها', corpus, {}, [at(33, 63)]);
    expect(refs(c)).not.toEqual(['33:63']);
    expect(['7:187', '79:42']).toContain(refs(c)![0]);
  });
  it('should name the verse a quotation starts right and then invents, from a run of its words in order', () => {
    // 5:90's first six words, then a made-up end.
    const c = correctQuote('يَا أَيُّهَا الَّذِينَ آمَنُوا إِنَّمَا الْخَمْرُ وَالْمَيْسِرُ حَرَامٌ عَلَيْكُمْ فِي كُلِّ حَالٍ وَمَكَانٍ وَزَمَانٍ يَا عِبَادِي', corpus);
    expect(refs(c)).toEqual(['5:90']);
  });
});
