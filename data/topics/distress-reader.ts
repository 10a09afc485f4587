/**
 * Reads distress from a question's words: a naive Bayes model of the topic index's own names and
 * example questions in one language, the topics of distress whose verses console (`care:
 * "consolation"`) against all the others. A grieving visitor's words ("passed away", "cope",
 * "can't stop crying") are spread over several consolation topics and often over a topic of
 * rulings too ("funerals and praying for the dead"), so no one topic's keyword coverage says it;
 * the words together do. Trained on the index, never on evaluation questions; built once per
 * language on first use (a few thousand short texts). DOM-free, pure.
 */
import type { TextAnalyzer } from '../search/analysis/text-analyzer.js';
import type { Topic, TopicLang } from './topic-types.js';

export class DistressReader {
  readonly #consoling: Map<string, number>;
  readonly #other: Map<string, number>;
  readonly #consolingTerms: number;
  readonly #otherTerms: number;
  readonly #vocabulary: number;
  readonly #prior: number;
  readonly #analyzer: TextAnalyzer;

  /** Each text (a topic's name or question) counts each of its terms once. */
  constructor(topics: readonly Topic[], lang: TopicLang, analyzer: TextAnalyzer) {
    this.#analyzer = analyzer;
    this.#consoling = new Map();
    this.#other = new Map();
    let consolingTerms = 0;
    let otherTerms = 0;
    let consolingTexts = 0;
    let otherTexts = 0;
    for (const topic of topics) {
      const consoling = topic.care === 'consolation';
      const counts = consoling ? this.#consoling : this.#other;
      for (const text of [...topic.names[lang], ...topic.questions[lang]]) {
        const terms = new Set(analyzer.terms(text));
        for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
        if (consoling) [consolingTerms, consolingTexts] = [consolingTerms + terms.size, consolingTexts + 1];
        else [otherTerms, otherTexts] = [otherTerms + terms.size, otherTexts + 1];
      }
    }
    this.#consolingTerms = consolingTerms;
    this.#otherTerms = otherTerms;
    this.#vocabulary = new Set([...this.#consoling.keys(), ...this.#other.keys()]).size;
    // With no text on one side there is nothing to weigh: every question reads as not in distress.
    this.#prior = consolingTexts > 0 && otherTexts > 0 ? Math.log(consolingTexts / otherTexts) : -Infinity;
  }

  /**
   * Log-odds that the question is a visitor in distress rather than asking about anything else
   * (above 0: more likely distress). Words the index never uses carry no evidence.
   */
  logOdds(question: string): number {
    let odds = this.#prior;
    if (odds === -Infinity) return odds;
    const v = this.#vocabulary;
    for (const t of new Set(this.#analyzer.terms(question))) {
      const a = this.#consoling.get(t) ?? 0;
      const b = this.#other.get(t) ?? 0;
      if (a + b === 0) continue;
      // Laplace smoothing over the vocabulary of both sides.
      odds += Math.log((a + 1) / (this.#consolingTerms + v)) - Math.log((b + 1) / (this.#otherTerms + v));
    }
    return odds;
  }
}
