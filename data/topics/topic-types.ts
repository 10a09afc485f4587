/**
 * Shapes of the topic index: what the Quran's verses are *about*, in the words visitors use.
 * Authored as `data/topics/source/*.json` (see AUTHORING.md), checked and packed by
 * `npm run build:topics` into `data/dist/topics/`, read by `topic-index.ts`.
 */

/** The interface languages: every topic has a name and example questions in each. */
export const TOPIC_LANGS = ['en', 'ar', 'ur', 'id', 'tr', 'fr', 'bn', 'es', 'ru', 'sv', 'zh'] as const;
export type TopicLang = (typeof TOPIC_LANGS)[number];

/** One topic as written in a source file. */
export interface TopicSource {
  readonly id: string;
  /** Per language: the display name first, then aliases visitors type. */
  readonly names: Readonly<Record<TopicLang, readonly string[]>>;
  /** Latin transliterations of the Arabic terms (riba, zakat, khamr). */
  readonly translit: readonly string[];
  /** Urdu and Arabic as people type them in Latin letters (Roman Urdu, Arabizi): words and questions. */
  readonly romanized?: TopicRomanized;
  /** Per language: questions as visitors ask them. */
  readonly questions: Readonly<Record<TopicLang, readonly string[]>>;
  /** `S:A` or `S:A-B`, the central verses first. */
  readonly verses: readonly string[];
  /** ISO date on which every verse was read beside the topic. */
  readonly reviewed: string;
  /**
   * `consolation`: a topic of distress (grief, fear, loneliness, illness, despair, guilt) whose
   * verses console; a question that meets it is answered with mercy first (see `pastoral-care.ts`).
   */
  readonly care?: TopicCare;
}

/** A topic's words in Latin letters for the languages people often type that way. */
export interface TopicRomanized {
  /** Roman Urdu (kya namaz chhodna gunah hai). */
  readonly ur?: readonly string[];
  /** Arabizi (shu bi2ool el quran 3an el sabr). */
  readonly ar?: readonly string[];
}

/** What a topic is to a visitor in distress. */
export type TopicCare = 'consolation';

export interface TopicSourceFile {
  readonly group: string;
  readonly topics: readonly TopicSource[];
}

/** One topic in the built artefact: references expanded to single verses, checked. */
export interface Topic {
  readonly id: string;
  readonly group: string;
  readonly names: Readonly<Record<TopicLang, readonly string[]>>;
  readonly translit: readonly string[];
  readonly romanized?: TopicRomanized;
  readonly questions: Readonly<Record<TopicLang, readonly string[]>>;
  /** Single verses `S:A`, central first, no duplicates. */
  readonly verses: readonly string[];
  readonly reviewed: string;
  readonly care?: TopicCare;
}

/**
 * The built artefact `data/dist/topics/topics.<hash>.json` (every language), or one visitor
 * language's `topics-<lang>.<hash>.json`, which holds only `languages`' names and questions (the
 * others are read as empty lists).
 */
export interface TopicFile {
  readonly schema: 1;
  readonly topics: readonly Topic[];
  /**
   * Verses (`S:A`) that must not lead the results of a visitor in distress unless the question is
   * about them: punishment and threat, the prohibition of praying for certain dead, the killing of
   * children (built by `npm run build:topics`, see `data/topics/care/`). Absent in older files.
   */
  readonly warnings?: readonly string[];
  /**
   * Hash of what topic vectors are made from (every topic's id, names, questions and verses, in
   * order): vectors made for one topic file serve another with the same text, so a change of a
   * topic's care or of the warning verses does not ask for new vectors. Absent in older files.
   */
  readonly textVersion?: string;
  /** The languages whose names and questions the file holds; absent = all of them. */
  readonly languages?: readonly TopicLang[];
}

/** A file the topic manifest names, with what checks it. */
export interface TopicFileRef {
  readonly path: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  readonly sha256: string;
}

/**
 * The languages a visitor's topic file holds: the visitor's own, then English, whose names every
 * view falls back to; an Urdu file keeps Arabic too (one script, and Urdu questions use Arabic's
 * words). Any other language a visitor asks in (Arabic on an English page) joins when they do,
 * so a first visit downloads only what the page's language needs.
 */
export function topicFileLangs(lang: TopicLang): readonly TopicLang[] {
  if (lang === 'en') return ['en'];
  if (lang === 'ur') return ['ur', 'en', 'ar'];
  return [lang, 'en'];
}

/** `data/dist/topics/manifest.json`. */
export interface TopicManifest {
  readonly schema: 1;
  /** Content hash of the topic file. */
  readonly version: string;
  /** The topic files' `textVersion`: what topic vectors made for them record. Absent in older manifests. */
  readonly textVersion?: string;
  readonly count: number;
  readonly file: TopicFileRef;
  /**
   * Per interface language, a smaller file with that language's, English's and Arabic's names and
   * questions (the same topics, same version): what a visitor's widget downloads.
   */
  readonly languages?: Readonly<Partial<Record<TopicLang, TopicFileRef>>>;
}
