import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_MODEL_MODULE, languageModelModule } from './build-language-model.js';
import { TOPIC_SOURCE_DIR } from './build-topics.js';
import { readCheckedTopicSources } from './topics-build/read-topic-sources.js';

describe('the shipped language models', () => {
  it('should be the ones the topic sources give (after changing them, run npm run build:language-model)', async () => {
    const expected = languageModelModule(await readCheckedTopicSources(TOPIC_SOURCE_DIR));
    const shipped = await readFile(LANGUAGE_MODEL_MODULE, 'utf8');
    expect(shipped === expected, 'data/search/query/language-model-weights.ts is out of date with data/topics/source: run npm run build:language-model').toBe(true);
  });
});
