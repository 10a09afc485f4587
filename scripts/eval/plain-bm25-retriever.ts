/**
 * The plain BM25 baseline as a retriever: English questions search the `en` translation,
 * Arabic ones the normalised `arabic-search` track. It abstains only when no query term
 * occurs in the corpus (a plain baseline has no notion of "not relevant enough").
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import { buildPlainBm25, type PlainBm25Index } from './plain-bm25.js';
import { detectPlainLang, plainTokens, type PlainLang } from './plain-tokenizer.js';
import type { VerseRetriever } from './verse-retriever.js';

export const PLAIN_BM25_LIMIT = 20;

export function createPlainBm25Retriever(corpus: Corpus, limit = PLAIN_BM25_LIMIT): VerseRetriever {
  const indexes = new Map<PlainLang, PlainBm25Index>();
  const indexFor = (lang: PlainLang): PlainBm25Index => {
    let index = indexes.get(lang);
    if (!index) {
      const texts = corpus.trackTexts(lang === 'ar' ? 'arabic-search' : 'en');
      index = buildPlainBm25(texts.map((t) => plainTokens(t, lang)));
      indexes.set(lang, index);
    }
    return index;
  };
  return {
    name: 'plain-bm25',
    async retrieve({ query, lang }) {
      const plainLang: PlainLang = lang === 'ar' || lang === 'en' ? lang : detectPlainLang(query);
      const hits = indexFor(plainLang).search(plainTokens(query, plainLang), limit);
      const verses = hits.map((h) => {
        const ref = corpus.refAt(h.index);
        return `${ref.surah}:${ref.ayah}`;
      });
      return { verses, abstained: verses.length === 0 };
    },
  };
}
