/**
 * @module
 * The machine-readable list of every text the product serves (data/sources/sources.json): the
 * Arabic, each translation, the transliteration, the verse explanations, the ruku boundaries and
 * the topic index, each with its author, source, the terms it comes with and whether commercial
 * use is allowed. The corpus build reads it (track names, ATTRIBUTION.md, the manifest's
 * `sources`), and the widget shows it under "About these texts". A bad entry fails with its id
 * and field named.
 */

export type TextSourceKind = 'quran' | 'translation' | 'transliteration' | 'explanation' | 'metadata' | 'project';
export type CommercialUse = 'allowed' | 'not-allowed' | 'ask-the-source';

export interface TextSource {
  /** `arabic`, `translation-<track>`, `explanation-<lang>`, `ruku`, `topics`. */
  readonly id: string;
  readonly kind: TextSourceKind;
  /** BCP-47 language of the text; empty for data that is not text in one language. */
  readonly language: string;
  /** English name, e.g. "Abul A'la Maududi (Urdu)". */
  readonly name: string;
  /** The name in the text's own language, shown when the interface is in that language. */
  readonly nativeName: string;
  readonly author: string;
  /** Who publishes it, e.g. Tanzil, QuranEnc. */
  readonly source: string;
  /** The source's page for this text; may be empty. */
  readonly url: string;
  /** How it reaches the project, e.g. the npm package quran-json. */
  readonly via: string;
  readonly commercialUse: CommercialUse;
  /** The terms, in one or two sentences, as a site owner needs them. */
  readonly terms: string;
}

const KINDS: readonly TextSourceKind[] = ['quran', 'translation', 'transliteration', 'explanation', 'metadata', 'project'];
const COMMERCIAL: readonly CommercialUse[] = ['allowed', 'not-allowed', 'ask-the-source'];
const STRING_FIELDS = ['id', 'language', 'name', 'nativeName', 'author', 'source', 'url', 'via', 'terms'] as const;
const REQUIRED_NON_EMPTY = ['id', 'name', 'nativeName', 'author', 'source', 'via', 'terms'] as const;

/** Checks the sources file's JSON; throws one error naming every bad entry. */
export function parseTextSources(value: unknown): TextSource[] {
  const texts = (value as { texts?: unknown } | null)?.texts;
  if (!Array.isArray(texts)) throw new Error('sources.json: "texts" must be a list of text sources');
  const problems: string[] = [];
  const seen = new Set<string>();
  texts.forEach((t: Record<string, unknown>, i) => {
    const at = `texts[${i}]${typeof t?.id === 'string' ? ` (${t.id})` : ''}`;
    if (typeof t !== 'object' || t === null) return void problems.push(`${at}: must be an object`);
    for (const f of STRING_FIELDS) if (typeof t[f] !== 'string') problems.push(`${at}: ${f} must be a string`);
    for (const f of REQUIRED_NON_EMPTY) if (t[f] === '') problems.push(`${at}: ${f} must not be empty`);
    if (!KINDS.includes(t.kind as TextSourceKind)) problems.push(`${at}: kind must be one of ${KINDS.join(', ')}`);
    if (!COMMERCIAL.includes(t.commercialUse as CommercialUse)) problems.push(`${at}: commercialUse must be one of ${COMMERCIAL.join(', ')}`);
    if (typeof t.url === 'string' && t.url !== '' && !/^https:\/\//.test(t.url)) problems.push(`${at}: url must be https:// or empty`);
    if (typeof t.id === 'string') {
      if (seen.has(t.id)) problems.push(`${at}: duplicate id`);
      seen.add(t.id);
    }
  });
  if (problems.length > 0) throw new Error(`sources.json has ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  return texts.map((t: TextSource) => ({
    id: t.id,
    kind: t.kind,
    language: t.language,
    name: t.name,
    nativeName: t.nativeName,
    author: t.author,
    source: t.source,
    url: t.url,
    via: t.via,
    commercialUse: t.commercialUse,
    terms: t.terms,
  }));
}

/** The source of a served text, or an error saying what to add to sources.json. */
export function sourceOf(sources: readonly TextSource[], id: string): TextSource {
  const found = sources.find((s) => s.id === id);
  if (!found) throw new Error(`sources.json lists no text "${id}"; add it (author, source, terms) before the build serves it`);
  return found;
}
