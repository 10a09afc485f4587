/**
 * @module
 * Browsing the topic index: the list a visitor picks from (names in their language, filtered by
 * what they type against names, aliases and transliterations), and a topic opened as a result,
 * its verses in the topic's order (central first) with same-surah context, like a search.
 * Pure and DOM-free.
 */
import type { Corpus } from '../corpus/corpus.js';
import { expandTopHits } from '../search/ranking/context-expansion.js';
import type { SearchHit, SearchResult } from '../search/search-result.js';
import { TOPIC_LANGS, type Topic, type TopicLang } from './topic-types.js';

export interface TopicEntry {
  readonly id: string;
  /** The display name in the visitor's language (English when the index has none in it). */
  readonly name: string;
}

const langOf = (lang: string): TopicLang => ((TOPIC_LANGS as readonly string[]).includes(lang) ? (lang as TopicLang) : 'en');

/** Folded for matching: lower case, no accents or Arabic short vowels. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f\u064b-\u0652\u0670]/g, '')
    .toLowerCase();
}

/**
 * The topics to offer, sorted by name in the visitor's language; with `filter`, only those whose
 * name, aliases (in that language or English) or transliterations contain it.
 */
export function topicEntries(topics: readonly Topic[], lang: string, filter = ''): TopicEntry[] {
  const l = langOf(lang);
  const wanted = fold(filter.trim());
  const collator = new Intl.Collator(l);
  return topics
    .filter((t) => !wanted || [...(t.names[l] ?? []), ...t.names.en, ...t.translit].some((n) => fold(n).includes(wanted)))
    .map((t) => ({ id: t.id, name: t.names[l]?.[0] ?? t.names.en[0]! }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

export interface TopicResultOptions {
  /** Top verses given their same-surah context. Default 3. */
  readonly topContext: number;
  /** Context verses on each side. Default 5. */
  readonly radius: number;
}

/** A topic opened as a result: its verses in its own order, the first ones with their context. */
export function topicResult(corpus: Corpus, topic: Topic, lang: string, options: Partial<TopicResultOptions> = {}): SearchResult {
  const { topContext = 3, radius = 5 } = options;
  const name = topic.names[langOf(lang)]?.[0] ?? topic.names.en[0]!;
  const hits: SearchHit[] = [];
  for (const key of topic.verses) {
    const [surah, ayah] = key.split(':').map(Number) as [number, number];
    const ref = { surah, ayah };
    if (!corpus.isValidRef(ref)) continue;
    hits.push({ ref, index: corpus.indexOf(ref), score: 1 / (hits.length + 1), sources: ['topic'], topicRank: hits.length + 1 });
  }
  const passages = expandTopHits(
    hits.map((h) => h.ref),
    (s) => corpus.verseCount(s),
    topContext,
    radius,
  );
  return { kind: 'verses', query: name, hits, passages, stage: 'direct', topics: [{ id: topic.id, via: 'browse' }] };
}
