/**
 * Checks the authored topic files and turns them into the artefact's topics. Every problem is
 * collected and names its file and topic, so one build run lists everything to fix: an unknown
 * or malformed reference, a duplicate id, a missing language, an unreviewed topic.
 */
import type { ReferenceContext } from '../corpus/reference-parser.js';
import { parseReference } from '../corpus/reference-parser.js';
import { refsInRange } from '../corpus/verse-range.js';
import { TOPIC_LANGS, type Topic, type TopicCare, type TopicLang, type TopicRomanized } from './topic-types.js';

const TOPIC_CARES: readonly TopicCare[] = ['consolation'];

/** A source file as read from disk: its name (for messages) and its parsed JSON. */
export interface NamedTopicSource {
  readonly file: string;
  readonly json: unknown;
}

export interface TopicCheckResult {
  readonly topics: readonly Topic[];
  /** One line per problem, `file: topic "id": what is wrong`. Empty when the sources are good. */
  readonly errors: readonly string[];
}

const ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A topic must stay a short list a visitor can read; more belongs in a narrower topic. */
export const MAX_TOPIC_VERSES = 16;
/** At least this many example questions in English, the language every eval set shares. */
export const MIN_ENGLISH_QUESTIONS = 3;

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string' && s.trim() !== '');

export function checkTopicSources(sources: readonly NamedTopicSource[], corpus: ReferenceContext): TopicCheckResult {
  const errors: string[] = [];
  const topics: Topic[] = [];
  const seen = new Map<string, string>();
  for (const { file, json } of sources) {
    const fileErr = (msg: string) => errors.push(`${file}: ${msg}`);
    if (typeof json !== 'object' || json === null) {
      fileErr('expected a JSON object {"group": "...", "topics": [...]}');
      continue;
    }
    const { group, topics: list } = json as Record<string, unknown>;
    if (typeof group !== 'string' || !ID.test(group)) fileErr('"group" must be lower-case words joined by "-"');
    if (!Array.isArray(list) || list.length === 0) {
      fileErr('"topics" must be a non-empty array');
      continue;
    }
    list.forEach((raw, i) => {
      const t = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
      const id = typeof t.id === 'string' ? t.id : `#${i + 1}`;
      const err = (msg: string) => errors.push(`${file}: topic "${id}": ${msg}`);
      const before = errors.length;
      if (typeof t.id !== 'string' || !ID.test(t.id)) err('"id" must be lower-case words joined by "-"');
      else if (seen.has(t.id)) err(`duplicate id (also in ${seen.get(t.id)})`);
      else seen.set(t.id, file);
      const names = perLanguage(t.names, 'names', err, 1);
      const questions = perLanguage(t.questions, 'questions', err, 1);
      if (questions && questions.en.length < MIN_ENGLISH_QUESTIONS) err(`"questions.en" needs at least ${MIN_ENGLISH_QUESTIONS} questions`);
      const translit = t.translit === undefined ? [] : t.translit;
      if (!isStringList(translit)) err('"translit" must be a list of strings');
      if (typeof t.reviewed !== 'string' || !DATE.test(t.reviewed)) {
        err('not reviewed: read every verse beside the topic (npx tsx scripts/topics-review.ts <file> <id>), then set "reviewed": "YYYY-MM-DD"');
      }
      const verses = checkVerses(t.verses, corpus, err);
      if (t.care !== undefined && !(TOPIC_CARES as readonly unknown[]).includes(t.care)) err(`"care" must be one of ${TOPIC_CARES.join(', ')} or left out`);
      const romanized = checkRomanized(t.romanized, err);
      if (errors.length === before && names && questions && verses && isStringList(translit)) {
        const care = t.care === undefined ? {} : { care: t.care as TopicCare };
        topics.push({
          id: t.id as string,
          group: group as string,
          names,
          translit,
          ...(romanized ? { romanized } : {}),
          questions,
          verses,
          reviewed: t.reviewed as string,
          ...care,
        });
      }
    });
  }
  return { topics, errors };
}

/** `romanized`: absent, or `{ur?, ar?}` lists of words typed in Latin letters. */
function checkRomanized(value: unknown, err: (msg: string) => void): TopicRomanized | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null) {
    err('"romanized" must be an object like {"ur": ["namaz", ...], "ar": ["salah", ...]}');
    return undefined;
  }
  const out: { ur?: string[]; ar?: string[] } = {};
  for (const [lang, list] of Object.entries(value)) {
    if (lang !== 'ur' && lang !== 'ar') err(`"romanized.${lang}": only ur (Roman Urdu) and ar (Arabizi) are read`);
    else if (!isStringList(list) || list.some((s) => /[\u0600-\u06FF]/.test(s))) err(`"romanized.${lang}" must be a list of words in Latin letters`);
    else out[lang] = list.map((s) => s.trim());
  }
  return out;
}

function perLanguage(value: unknown, field: string, err: (msg: string) => void, min: number): Record<TopicLang, string[]> | undefined {
  if (typeof value !== 'object' || value === null) {
    err(`"${field}" must be an object with a list for each of ${TOPIC_LANGS.join(', ')}`);
    return undefined;
  }
  const out = {} as Record<TopicLang, string[]>;
  let ok = true;
  for (const lang of TOPIC_LANGS) {
    const list = (value as Record<string, unknown>)[lang];
    if (!isStringList(list) || list.length < min) {
      err(`"${field}.${lang}" is missing or empty (every interface language needs at least ${min})`);
      ok = false;
    } else out[lang] = list.map((s) => s.trim());
  }
  const extra = Object.keys(value).filter((k) => !(TOPIC_LANGS as readonly string[]).includes(k));
  if (extra.length > 0) {
    err(`"${field}" has languages the widget does not speak: ${extra.join(', ')}`);
    ok = false;
  }
  return ok ? out : undefined;
}

function checkVerses(value: unknown, corpus: ReferenceContext, err: (msg: string) => void): string[] | undefined {
  if (!isStringList(value) || value.length === 0) {
    err('"verses" must be a non-empty list like ["5:90", "2:219"]');
    return undefined;
  }
  const keys: string[] = [];
  let ok = true;
  for (const text of value) {
    try {
      for (const r of refsInRange(parseReference(text, corpus))) {
        const key = `${r.surah}:${r.ayah}`;
        if (keys.includes(key)) {
          err(`verse ${key} is listed twice`);
          ok = false;
        } else keys.push(key);
      }
    } catch (e) {
      err(`verse "${text}": ${(e as Error).message}`);
      ok = false;
    }
  }
  if (keys.length > MAX_TOPIC_VERSES) {
    err(`${keys.length} verses; at most ${MAX_TOPIC_VERSES} (split the topic or keep the central ones)`);
    ok = false;
  }
  return ok ? keys : undefined;
}
