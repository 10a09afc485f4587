/**
 * `npm run build:language-model`: data/topics/source → data/search/query/latin-language-weights.ts,
 * the model that tells the Latin-script interface languages apart. Prints how well it reads the
 * questions and names of a fifth of the topics when trained without them, then writes the model
 * trained on every topic. Run it after changing the topic sources (a test says when it is due).
 */
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LatinLanguageScorer } from '../data/search/query/latin-language-model.js';
import { isCheckTopic, labelledTexts, languageAccuracy, renderLatinLanguageModule, trainLatinLanguageModel } from './language-model-build/train-latin-language-model.js';
import { readCheckedTopicSources } from './topics-build/read-topic-sources.js';
import { TOPIC_SOURCE_DIR } from './build-topics.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const LANGUAGE_MODEL_MODULE = join(ROOT, 'data', 'search', 'query', 'latin-language-weights.ts');
export const LANGUAGE_MODEL_SOURCE_NOTE = "the topic index's Latin-script questions and names (data/topics/source)";

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const topics = await readCheckedTopicSources(TOPIC_SOURCE_DIR);
    const check = labelledTexts(topics.filter((t) => isCheckTopic(t.id)));
    const held = new LatinLanguageScorer(trainLatinLanguageModel(labelledTexts(topics.filter((t) => !isCheckTopic(t.id)))));
    const line = (kind: 'question' | 'name', expected: 'own' | 'en') => {
      const a = languageAccuracy(held, check.filter((t) => t.kind === kind), expected);
      return `${kind}s ${(a.correct / a.texts).toFixed(4)} of ${a.texts}`;
    };
    console.log(`held-out topics, interface language given: ${line('question', 'own')}, ${line('name', 'own')}`);
    console.log(`held-out topics, English interface: ${line('question', 'en')}, ${line('name', 'en')}`);
    const model = trainLatinLanguageModel(labelledTexts(topics));
    await writeFile(LANGUAGE_MODEL_MODULE, renderLatinLanguageModule(model, LANGUAGE_MODEL_SOURCE_NOTE));
    console.log(`language model: ${model.features.length} features → ${LANGUAGE_MODEL_MODULE}`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
