import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { createSearchEngine } from '../../data/search/search-engine.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { SAMPLE_TOPICS } from '../../data/testing/sample-topics.js';
import { TopicIndex } from '../../data/topics/topic-index.js';
import { fixedVectorSearch, TEST_INDEX_MANIFEST } from '../testing/element-harness.js';
import { adaptSearchEngine } from './search-engine-adapter.js';
import { searchStages, type SearchStagesEnvironment, type SearchStep } from './search-stages.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

const at = (c: Corpus, ref: string) => c.indexOf({ surah: Number(ref.split(':')[0]), ayah: Number(ref.split(':')[1]) });

function environment(c: Corpus, overrides: Partial<SearchStagesEnvironment> = {}, engine = createSearchEngine(c)): SearchStagesEnvironment {
  const vector = fixedVectorSearch([{ index: at(c, '3:200'), score: 0.9 }]);
  return {
    engine: adaptSearchEngine(engine, c, vector, TEST_INDEX_MANIFEST),
    embedQuery: async () => new Float32Array([1, 0, 0, 0]),
    searchLang: 'en',
    history: [],
    loadTrack: async () => {},
    ...overrides,
  };
}

async function steps(question: string, env: SearchStagesEnvironment, signal = new AbortController().signal): Promise<string[]> {
  const seen: string[] = [];
  for await (const step of searchStages(question, env, signal)) seen.push(describeStep(step));
  return seen;
}

const describeStep = (step: SearchStep): string => (step.kind === 'results' ? `${step.stage}:${step.result.stage}` : step.kind);

describe('when a question is searched in stages', () => {
  it('should give the keyword list at once, then the fused one', async () => {
    expect(await steps('seek help through patience and prayer', environment(corpus))).toStrictEqual(['keyword:lexical', 'refining', 'fused:hybrid']);
  });

  it('should keep the keyword list, saying the embedding failed, when the question cannot be embedded', async () => {
    const env = environment(corpus, { embedQuery: () => Promise.reject(new TypeError('fetch failed')) });
    expect(await steps('seek help through patience and prayer', env)).toStrictEqual(['keyword:lexical', 'refining', 'embed-failed']);
  });

  it('should let the meaning find verses first while the translation the question needs downloads', async () => {
    const urOnly = await loadCorpusFromDir({ tracks: ['ur'] });
    const env = environment(urOnly, {
      loadTrack: async (track) => urOnly.addTrack(track, { track, name: corpus.trackName(track)!, texts: corpus.trackTexts(track) }),
    });
    expect(await steps('seek help through patience and prayer', env)).toStrictEqual(['meaning-first:hybrid', 'refining', 'fused:hybrid']);
  });

  it('should search again with the topics that arrive meanwhile (keyword search only)', async () => {
    const engine = createSearchEngine(corpus);
    const arriving = new Promise<void>((resolve) => setTimeout(() => resolve(engine.useTopics(new TopicIndex(SAMPLE_TOPICS))), 20));
    const env = environment(corpus, { embedQuery: null, topicsPending: () => arriving }, engine);
    expect(await steps('Can a Muslim drink beer?', env)).toStrictEqual(['keyword:lexical', 'refining', 'with-topics:lexical']);
  });

  it('should merge the retrieval suggestion last, and not when it suggests nothing', async () => {
    const suggesting = environment(corpus, { suggest: async () => ({ query: '', refs: ['94:5'] }) });
    expect(await steps('what helps in hardship', suggesting)).toStrictEqual([
      'keyword:lexical',
      'refining',
      'fused:hybrid',
      'refining',
      'with-suggestion:hybrid',
    ]);
    const empty = environment(corpus, { suggest: async () => ({ query: '', refs: [] }) });
    expect(await steps('what helps in hardship', empty)).toStrictEqual(['keyword:lexical', 'refining', 'fused:hybrid', 'refining']);
  });

  it('should end with an AbortError once its question is abandoned', async () => {
    const abort = new AbortController();
    const env = environment(corpus, {
      embedQuery: async () => {
        abort.abort();
        return new Float32Array([1, 0, 0, 0]);
      },
    });
    await expect(steps('seek help through patience and prayer', env, abort.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
