/**
 * Learns the language models from the topic index: every example question and name is a text
 * labelled with its language, written the way visitors write. Multinomial naive Bayes with
 * add-one smoothing over each language's most frequent features; the weights are centred per
 * feature and rounded to integers so the shipped file stays small and diffs stay readable.
 */
import { ARABIC_SCRIPT_LANGS, LATIN_LANGS, languageFeatures, LanguageScorer, type LanguageModel } from '../../data/search/query/language-model.js';
import type { Topic, TopicLang } from '../../data/topics/topic-types.js';

export interface LabelledText<L extends string> {
  readonly lang: L;
  readonly text: string;
  readonly kind: 'question' | 'name';
}

export interface TrainingOptions {
  /** The most frequent features kept per language (their union is the vocabulary). */
  readonly keepPerLanguage: number;
  readonly scale: number;
  readonly expectedBonus: number;
}

/** One model the build writes: its languages, how it is trained, and the constant it becomes. */
export interface ShippedModel<L extends TopicLang> {
  readonly constant: string;
  /** The type of its languages in language-model.ts. */
  readonly langType: 'LatinLang' | 'ArabicScriptLang';
  readonly langs: readonly L[];
  readonly training: TrainingOptions;
}

/** Chosen on topics held out from training (ADR 0027). */
export const SHIPPED_MODELS = [
  { constant: 'LATIN_LANGUAGE_MODEL', langType: 'LatinLang', langs: LATIN_LANGS, training: { keepPerLanguage: 300, scale: 4, expectedBonus: 64 } },
  {
    constant: 'ARABIC_SCRIPT_LANGUAGE_MODEL',
    langType: 'ArabicScriptLang',
    langs: ARABIC_SCRIPT_LANGS,
    training: { keepPerLanguage: 300, scale: 4, expectedBonus: 64 },
  },
] as const satisfies readonly ShippedModel<TopicLang>[];

export function labelledTexts<L extends TopicLang>(topics: readonly Pick<Topic, 'names' | 'questions'>[], langs: readonly L[]): LabelledText<L>[] {
  const out: LabelledText<L>[] = [];
  for (const topic of topics) {
    for (const lang of langs) {
      for (const text of topic.questions[lang]) out.push({ lang, text, kind: 'question' });
      for (const text of topic.names[lang]) out.push({ lang, text, kind: 'name' });
    }
  }
  return out;
}

export function trainLanguageModel<L extends string>(langs: readonly L[], texts: readonly LabelledText<L>[], options: TrainingOptions): LanguageModel<L> {
  const counts = new Map<L, Map<string, number>>(langs.map((l) => [l, new Map()]));
  for (const { lang, text } of texts) {
    const c = counts.get(lang);
    if (!c) throw new RangeError(`a training text is labelled ${lang}, which is not one of ${langs.join(', ')}`);
    for (const f of languageFeatures(text)) c.set(f, (c.get(f) ?? 0) + 1);
  }
  const vocabulary = new Set<string>();
  for (const lang of langs) {
    // Ties broken by the feature itself, so the same texts always give the same file.
    const top = [...counts.get(lang)!].sort((a, b) => b[1] - a[1] || compare(a[0], b[0])).slice(0, options.keepPerLanguage);
    for (const [f] of top) vocabulary.add(f);
  }
  const features = [...vocabulary].sort(compare);
  const logProb = langs.map((lang) => {
    const c = counts.get(lang)!;
    let total = features.length;
    for (const f of features) total += c.get(f) ?? 0;
    return features.map((f) => Math.log(((c.get(f) ?? 0) + 1) / total));
  });
  const rows = langs.map(() => [] as number[]);
  features.forEach((_, i) => {
    let mean = 0;
    for (const lp of logProb) mean += lp[i]! / langs.length;
    logProb.forEach((lp, l) => rows[l]!.push(Math.max(-127, Math.min(127, Math.round(options.scale * (lp[i]! - mean))))));
  });
  const weights = Object.fromEntries(langs.map((l, i) => [l, rows[i]!])) as Record<L, number[]>;
  return { langs, features, weights, scale: options.scale, expectedBonus: options.expectedBonus };
}

/** A fifth of the topics, chosen by a hash of their id: the texts the models are checked on and never trained on. */
export function isCheckTopic(id: string): boolean {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193) >>> 0;
  return h % 5 === 0;
}

export interface Accuracy {
  readonly texts: number;
  readonly correct: number;
}

/** How many texts the scorer reads as their language, with each text's own language expected or a fixed one. */
export function languageAccuracy<L extends string>(scorer: LanguageScorer<L>, texts: readonly LabelledText<L>[], expected: 'own' | L): Accuracy {
  let correct = 0;
  for (const t of texts) if (scorer.detect(t.text, expected === 'own' ? t.lang : expected) === t.lang) correct++;
  return { texts: texts.length, correct };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The generated module's source: each model as a typed constant. */
export function renderLanguageModelModule(
  models: readonly { readonly constant: string; readonly langType: string; readonly model: LanguageModel<string> }[],
  sourceNote: string,
): string {
  const lines = [
    `// Generated by \`npm run build:language-model\` from ${sourceNote}; do not edit by hand.`,
    `import type { ArabicScriptLang, LanguageModel, LatinLang } from './language-model.js';`,
  ];
  for (const { constant, langType, model } of models) {
    lines.push(
      '',
      `export const ${constant}: LanguageModel<${langType}> = {`,
      `  langs: ${JSON.stringify(model.langs)},`,
      `  scale: ${model.scale},`,
      `  expectedBonus: ${model.expectedBonus},`,
      `  features: ${JSON.stringify(model.features)},`,
      '  weights: {',
      ...model.langs.map((l) => `    ${l}: ${JSON.stringify(model.weights[l])},`),
      '  },',
      '};',
    );
  }
  return lines.join('\n') + '\n';
}
