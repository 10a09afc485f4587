import { describe, expect, it } from 'vitest';
import { heldOutAccuracy } from './build-language-model.js';
import { TOPIC_SOURCE_DIR } from './build-topics.js';
import { readCheckedTopicSources } from './topics-build/read-topic-sources.js';

describe('the language models on topics they were not trained on', () => {
  // Floors a little under what they read today (ADR 0027): a change to the topics or the training
  // that makes the search misread visitors' languages fails here first.
  it('should read the questions of every shared-script language, on any interface', async () => {
    const accuracy = heldOutAccuracy(await readCheckedTopicSources(TOPIC_SOURCE_DIR));
    const questions = accuracy.filter((a) => a.kind === 'question');
    // Latin: the own interface and each of its six; Arabic script: the own and each of its two.
    expect(questions.length).toBe(7 + 3);
    for (const a of questions) expect(a.share, `${a.constant} on ${a.interfaceLanguage}`).toBeGreaterThanOrEqual(a.interfaceLanguage === 'own' ? 0.99 : 0.98);
    const namesGiven = accuracy.filter((a) => a.kind === 'name' && a.interfaceLanguage === 'own');
    for (const a of namesGiven) expect(a.share, `${a.constant} names`).toBeGreaterThanOrEqual(0.97);
  });
});
