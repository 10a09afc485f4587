/**
 * How well the search keys of the Uthmani text agree with the keys of the same verses in
 * modern spelling. Visitors type modern spelling, so a word whose Uthmani key differs
 * (يَٰقَوۡمِ vs يا قوم, ٱلسَّيِّـَٔاتِ vs السيئات) is a word they cannot find by its stem. The Qur'an
 * QA 2023 passage collection carries the Tanzil simple (modern) spelling of every verse, which
 * makes it a spelling reference; nothing from its questions is used.
 */
import type { VerseRef } from '../../data/corpus/corpus-types.js';
import { refsInRange } from '../../data/corpus/verse-range.js';
import type { TextAnalyzer } from '../../data/search/analysis/text-analyzer.js';
import type { RangeParser } from './task-a-passages.js';

export interface ModernVerse {
  /** Verse index in mushaf order (0..6235). */
  readonly index: number;
  readonly text: string;
}

export interface KeyPair {
  readonly modern: string;
  readonly uthmani: string;
  readonly count: number;
}

export interface SpellingAgreement {
  readonly verses: number;
  /** Verses with at least one differing key (counting verses whose key counts differ). */
  readonly versesDiffering: number;
  /** Verses whose two spellings give a different number of keys (not compared word by word). */
  readonly keyCountDiffers: number;
  /** Keys compared position by position, and how many differed. */
  readonly keysCompared: number;
  readonly keysDiffering: number;
  /** The most frequent differing (modern, Uthmani) key pairs. */
  readonly topPairs: readonly KeyPair[];
}

/** The verses of one QPC line (`S:A-B \t text`, verses separated by "."), as modern verses. */
export function modernVersesOfPassage(line: string, parseRange: RangeParser, indexOf: (ref: VerseRef) => number): ModernVerse[] {
  const tab = line.indexOf('\t');
  if (tab < 1) throw new Error(`"${line.slice(0, 40)}" is not a QPC line "S:A-B<TAB>text"`);
  const id = line.slice(0, tab).trim();
  const refs = refsInRange(parseRange(id));
  const verses = line
    .slice(tab + 1)
    .split('.')
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (verses.length !== refs.length) throw new Error(`passage ${id} has ${verses.length} sentences for ${refs.length} verses`);
  return verses.map((text, i) => ({ index: indexOf(refs[i]!), text }));
}

export function measureSpellingAgreement(
  modern: readonly ModernVerse[],
  uthmaniSearch: readonly string[],
  analyzer: TextAnalyzer,
  top = 20,
): SpellingAgreement {
  const pairs = new Map<string, KeyPair>();
  let versesDiffering = 0,
    keyCountDiffers = 0,
    keysCompared = 0,
    keysDiffering = 0;
  for (const { index, text } of modern) {
    const uthmani = uthmaniSearch[index];
    if (uthmani === undefined) throw new Error(`verse index ${index} is not in the Uthmani track`);
    const a = analyzer.terms(text);
    const b = analyzer.terms(uthmani);
    if (a.length !== b.length) {
      keyCountDiffers++;
      versesDiffering++;
      continue;
    }
    keysCompared += a.length;
    let differs = false;
    a.forEach((key, i) => {
      if (key === b[i]) return;
      differs = true;
      keysDiffering++;
      const id = `${key}\t${b[i]}`;
      const seen = pairs.get(id);
      pairs.set(id, { modern: key, uthmani: b[i]!, count: (seen?.count ?? 0) + 1 });
    });
    if (differs) versesDiffering++;
  }
  const topPairs = [...pairs.values()].sort((x, y) => y.count - x.count || x.modern.localeCompare(y.modern)).slice(0, top);
  return { verses: modern.length, versesDiffering, keyCountDiffers, keysCompared, keysDiffering, topPairs };
}

/** Verses whose modern spelling, quoted in an answer, the quote check would flag as not matching. */
export function flaggedModernQuotes(
  modern: readonly ModernVerse[],
  uthmani: readonly string[],
  quoteMatches: (quote: string, texts: readonly string[]) => boolean,
): number[] {
  return modern.filter(({ index, text }) => !quoteMatches(text, [uthmani[index] ?? ''])).map((v) => v.index);
}
