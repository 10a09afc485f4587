/**
 * `npm run build:language-model`: data/topics/source → data/search/query/language-model-weights.ts,
 * the models that tell apart the interface languages sharing a script. Prints how well each reads
 * the questions and names of a fifth of the topics when trained without them, then writes the
 * models trained on every topic. Run it after changing the topic sources (a test says when it is due).
 */
import { rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LanguageScorer, type LanguageModel } from '../data/search/query/language-model.js';
import type { Topic } from '../data/topics/topic-types.js';
import { TOPIC_SOURCE_DIR } from './build-topics.js';
import {
  isCheckTopic,
  labelledTexts,
  languageAccuracy,
  renderLanguageModelModule,
  SHIPPED_MODELS,
  trainLanguageModel,
} from './language-model-build/train-language-model.js';
import { readCheckedTopicSources } from './topics-build/read-topic-sources.js';
import { isMainModule } from './main-module.js';

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

/** How a model reads the texts of a fifth of the topics when trained on the others. */
export interface HeldOutAccuracy {
  readonly constant: string;
  /** `own`: each text's language is the interface language; else that fixed interface language. */
  readonly interfaceLanguage: string;
  readonly kind: 'question' | 'name';
  readonly share: number;
  readonly texts: number;
}

export function heldOutAccuracy(topics: readonly Topic[]): HeldOutAccuracy[] {
  const out: HeldOutAccuracy[] = [];
  for (const { constant, langs, training } of SHIPPED_MODELS) {
    const check = labelledTexts(
      topics.filter((t) => isCheckTopic(t.id)),
      langs,
    );
    const scorer = new LanguageScorer<string>(
      trainLanguageModel<string>(
        langs,
        labelledTexts(
          topics.filter((t) => !isCheckTopic(t.id)),
          langs,
        ),
        training,
      ),
    );
    for (const interfaceLanguage of ['own', ...langs]) {
      for (const kind of ['question', 'name'] as const) {
        const a = languageAccuracy(
          scorer,
          check.filter((t) => t.kind === kind),
          interfaceLanguage,
        );
        out.push({ constant, interfaceLanguage, kind, share: a.correct / a.texts, texts: a.texts });
      }
    }
  }
  return out;
}

/** Writes the language models the topics give into their module (data/search/query/language-model-weights.ts). */
export async function writeLanguageModel(topics: readonly Topic[]): Promise<void> {
  // Written beside and renamed into place: the search imports this module (so do the build
  // scripts, through the topic code), and a half-written file stops both.
  const partial = `${LANGUAGE_MODEL_MODULE}.partial`;
  await writeFile(partial, languageModelModule(topics));
  await rename(partial, LANGUAGE_MODEL_MODULE);
}

if (isMainModule(import.meta.url)) {
  try {
    const topics = await readCheckedTopicSources(TOPIC_SOURCE_DIR);
    const accuracy = heldOutAccuracy(topics);
    await writeLanguageModel(topics);
    for (const a of accuracy) {
      const where = a.interfaceLanguage === 'own' ? 'interface language given' : `${a.interfaceLanguage} interface`;
      console.log(`${a.constant}, held-out topics, ${where}: ${a.kind}s ${a.share.toFixed(4)} of ${a.texts}`);
    }
    console.log(`language models → ${LANGUAGE_MODEL_MODULE}`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
