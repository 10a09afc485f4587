import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_MODEL_MODULE, LANGUAGE_MODEL_SOURCE_NOTE } from './build-language-model.js';
import { TOPIC_SOURCE_DIR } from './build-topics.js';
import { labelledTexts, renderLatinLanguageModule, trainLatinLanguageModel } from './language-model-build/train-latin-language-model.js';
import { readCheckedTopicSources } from './topics-build/read-topic-sources.js';

describe('the shipped language model', () => {
  it('should be the one the topic sources give (after changing them, run npm run build:language-model)', async () => {
    const topics = await readCheckedTopicSources(TOPIC_SOURCE_DIR);
    const expected = renderLatinLanguageModule(trainLatinLanguageModel(labelledTexts(topics)), LANGUAGE_MODEL_SOURCE_NOTE);
    const shipped = await readFile(LANGUAGE_MODEL_MODULE, 'utf8');
    expect(shipped === expected, 'data/search/query/latin-language-weights.ts is out of date with data/topics/source: run npm run build:language-model').toBe(true);
  });
});
