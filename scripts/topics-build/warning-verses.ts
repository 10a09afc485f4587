/**
 * The verses that must not lead the results of a visitor in distress unless the question is
 * about them (the topic file's `warnings`, read by the search's pastoral rule):
 * - the verses listed in `data/topics/care/warning-verses.json` (the prohibition of praying for
 *   certain dead, the killing of children), and every verse of the topics named there (Hell,
 *   the destroyed nations);
 * - the verses whose Saheeh International translation speaks of punishment, torment, Hell or
 *   destruction and has no word of mercy, forgiveness or reward, and a verse between two such
 *   verses of the same surah (a passage of warning reads as one: "Seize him and shackle him.
 *   Then into Hellfire drive him." has no word of the list in its second half).
 * The derived part leaves out every verse of a consolation topic: 3:185 speaks of the Fire, and it
 * is what a grieving visitor should read first.
 */
import type { Topic } from '../../data/topics/topic-types.js';

export interface WarningVerseSource {
  /** Topics every verse of which is a warning. */
  readonly topics: readonly string[];
  /** Verses by reason. */
  readonly verses: Readonly<Record<string, readonly string[]>>;
}

/** What the derivation reads of the corpus: each verse's key and English text, in reading order. */
export interface WarningCorpus {
  readonly keys: readonly string[];
  readonly english: readonly string[];
}

const THREAT =
  /\b(?:punish\w*|torment\w*|hell\w*|the fire|scalding|boiling water|wrath|curs(?:e|es|ed)|destroy\w*|destruction|drown\w*|blaz\w*|chains|shackles|woe\b|painful|humiliat\w*|disgrac\w*|burn\w*|retribution|vengeance|penalty|seized|wretched|perish\w*|doomed|evil destination|thunderbolt|the blast|the shriek|annihilat\w*)/i;
const MERCY =
  /\b(?:forgiv\w*|merciful|mercy|paradise|gardens?|rewards?|pleased|patien\w*|glad tidings|good tidings|relief|ease|pardon\w*|repent\w*|kind\w*|gentle)\b/i;

/** Does this English verse text speak of punishment with no word of mercy beside it? */
export function isThreat(english: string): boolean {
  return THREAT.test(english) && !MERCY.test(english);
}

const surahOf = (key: string) => key.slice(0, key.indexOf(':'));

/** The warning verses, in reading order. Names an unknown topic or verse and stops. */
export function warningVerses(source: WarningVerseSource, topics: readonly Topic[], corpus: WarningCorpus): string[] {
  const known = new Set(corpus.keys);
  const byId = new Map(topics.map((t) => [t.id, t]));
  const listed = new Set<string>();
  for (const [reason, keys] of Object.entries(source.verses)) {
    for (const key of keys) {
      if (!known.has(key)) throw new Error(`warning verses: ${reason} names ${key}, which is not a verse; fix data/topics/care/warning-verses.json`);
      listed.add(key);
    }
  }
  for (const id of source.topics) {
    const topic = byId.get(id);
    if (!topic) throw new Error(`warning verses: no topic "${id}"; fix data/topics/care/warning-verses.json`);
    for (const v of topic.verses) listed.add(v);
  }
  const consoling = new Set(topics.filter((t) => t.care === 'consolation').flatMap((t) => t.verses));
  const threat = corpus.english.map(isThreat);
  const derived = (i: number): boolean => {
    if (threat[i]) return true;
    const key = corpus.keys[i]!;
    const prev = corpus.keys[i - 1];
    const next = corpus.keys[i + 1];
    return !!prev && !!next && threat[i - 1]! && threat[i + 1]! && surahOf(prev) === surahOf(key) && surahOf(next) === surahOf(key);
  };
  return corpus.keys.filter((key, i) => listed.has(key) || (derived(i) && !consoling.has(key)));
}
