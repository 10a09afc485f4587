/**
 * `npm run build:language-model`: data/topics/source → data/search/query/language-model-weights.ts,
 * the models that tell apart the interface languages sharing a script. Prints how well each reads
 * the questions and names of a fifth of the topics when trained without them, then writes the
 * models trained on every topic. Run it after changing the topic sources (a test says when it is due).
 */
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LanguageScorer, type LanguageModel } from '../data/search/query/language-model.js';
import type { Topic } from '../data/topics/topic-types.js';
import { TOPIC_SOURCE_DIR } from './build-topics.js';
import { isCheckTopic, labelledTexts, languageAccuracy, renderLanguageModelModule, SHIPPED_MODELS, trainLanguageModel } from './language-model-build/train-language-model.js';
import { readCheckedTopicSources } from './topics-build/read-topic-sources.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const LANGUAGE_MODEL_MODULE = join(ROOT, 'data', 'search', 'query', 'language-model-weights.ts');
export const LANGUAGE_MODEL_SOURCE_NOTE = "the topic index's questions and names (data/topics/source)";

/** The generated module for these topics: every shipped model, trained on all of them. */
export function languageModelModule(topics: readonly Topic[]): string {
  const models = SHIPPED_MODELS.map(({ constant, langType, langs, training }) => ({
    constant,
    langType,
    model: trainLanguageModel<string>(langs, labelledTexts(topics, langs), training) as LanguageModel<string>,
  }));
  return renderLanguageModelModule(models, LANGUAGE_MODEL_SOURCE_NOTE);
}

/** One line per model and case: how it reads the texts of topics it was not trained on. */
export function heldOutReport(topics: readonly Topic[]): string[] {
  const lines: string[] = [];
  for (const { constant, langs, training } of SHIPPED_MODELS) {
    const check = labelledTexts(topics.filter((t) => isCheckTopic(t.id)), langs);
    const scorer = new LanguageScorer<string>(trainLanguageModel<string>(langs, labelledTexts(topics.filter((t) => !isCheckTopic(t.id)), langs), training));
    const rate = (kind: 'question' | 'name', expected: string) => {
      const a = languageAccuracy(scorer, check.filter((t) => t.kind === kind), expected);
      return `${kind}s ${(a.correct / a.texts).toFixed(4)} of ${a.texts}`;
    };
    lines.push(`${constant}, held-out topics, interface language given: ${rate('question', 'own')}, ${rate('name', 'own')}`);
    for (const other of langs) lines.push(`${constant}, held-out topics, ${other} interface: ${rate('question', other)}, ${rate('name', other)}`);
  }
  return lines;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const topics = await readCheckedTopicSources(TOPIC_SOURCE_DIR);
    for (const line of heldOutReport(topics)) console.log(line);
    await writeFile(LANGUAGE_MODEL_MODULE, languageModelModule(topics));
    console.log(`language models → ${LANGUAGE_MODEL_MODULE}`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
