/**
 * Tells apart the interface languages that share a script: English, French, Spanish,
 * Indonesian, Turkish and Swedish (Latin), and Arabic and Urdu (Arabic script). A naive Bayes
 * model over words and character n-grams, learned from the topic index's own example questions
 * and names (`npm run build:language-model`). A vote of function words misread a third of
 * Indonesian questions and a tenth of Turkish and Swedish ones, and an Urdu interface read every
 * Arabic question as Urdu; the models read 99% or more of the questions of topics they never
 * saw (ADR 0027).
 *
 * The same feature function trains and scores, so the weights stay meaningful.
 */

export const LATIN_LANGS = ['en', 'fr', 'es', 'id', 'tr', 'sv'] as const;
export type LatinLang = (typeof LATIN_LANGS)[number];
export const ARABIC_SCRIPT_LANGS = ['ar', 'ur'] as const;
export type ArabicScriptLang = (typeof ARABIC_SCRIPT_LANGS)[number];

/** Weights as the build writes them: integers, `scale` units per nat, centred per feature. */
export interface LanguageModel<L extends string> {
  readonly langs: readonly L[];
  /** Feature strings in the order of every weight row. */
  readonly features: readonly string[];
  /** Per language, one weight per feature: its log-likelihood minus the languages' mean. */
  readonly weights: Readonly<Record<L, readonly number[]>>;
  /** Units of the weights per nat. */
  readonly scale: number;
  /**
   * Bonus, in weight units, for the language the visitor is expected to write (the interface
   * language, else the first of `langs`): a one- or two-word query ("patience") follows it, a
   * sentence outweighs it.
   */
  readonly expectedBonus: number;
}

const WORD = /[\p{L}\p{M}\p{N}_’']+/gu;
const MAX_GRAM = 4;

/** Each word (`w:` + word) and its character 1..4-grams with a space at either end. */
export function languageFeatures(text: string): string[] {
  const out: string[] = [];
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    out.push(`w:${word}`);
    const padded = [...` ${word} `];
    for (let n = 1; n <= MAX_GRAM; n++) {
      for (let i = 0; i + n <= padded.length; i++) out.push(padded.slice(i, i + n).join(''));
    }
  }
  return out;
}

/** A scorer over one model: the feature index is built once. */
export class LanguageScorer<L extends string> {
  readonly #model: LanguageModel<L>;
  readonly #index: ReadonlyMap<string, number>;

  constructor(model: LanguageModel<L>) {
    if (model.langs.length === 0) throw new RangeError('a language model needs at least one language; rebuild it with npm run build:language-model');
    for (const lang of model.langs) {
      if (model.weights[lang]?.length !== model.features.length) {
        throw new RangeError(
          `the language model has ${model.weights[lang]?.length ?? 0} weights for ${lang} but ${model.features.length} features; rebuild it with npm run build:language-model`,
        );
      }
    }
    this.#model = model;
    this.#index = new Map(model.features.map((f, i) => [f, i]));
  }

  /** The most likely language of `text`; `expected` breaks ties and wins short queries. */
  detect(text: string, expected: L = this.#model.langs[0]!): L {
    const scores = this.scores(text, expected);
    let best: L = expected;
    for (const lang of this.#model.langs) if (scores[lang] > scores[best]) best = lang;
    return best;
  }

  /** Each language's score in weight units, the expected language's bonus included. */
  scores(text: string, expected: L = this.#model.langs[0]!): Record<L, number> {
    const { langs, weights, expectedBonus } = this.#model;
    const scores = Object.fromEntries(langs.map((l) => [l, l === expected ? expectedBonus : 0])) as Record<L, number>;
    for (const feature of languageFeatures(text)) {
      const i = this.#index.get(feature);
      if (i === undefined) continue;
      for (const lang of langs) scores[lang] += weights[lang][i]!;
    }
    return scores;
  }
}
