import { fakeControllerHost } from '../testing/fake-controller-host.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { createSearchEngine } from '../../data/search/search-engine.js';
import type { QuranDaiErrorDetail } from '../events/quran-dai-error.js';
import type { QuranDaiSearchDetail } from '../events/quran-dai-search.js';
import { fixedVectorSearch, TEST_INDEX_MANIFEST } from '../testing/element-harness.js';
import { AskController, AskStatus, type AskEnvironment } from './ask-controller.js';
import { adaptSearchEngine } from './search-engine-adapter.js';
import { TopicIndex } from '../../data/topics/topic-index.js';
import { SAMPLE_TOPICS } from '../../data/testing/sample-topics.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

const fakeHost = fakeControllerHost;

function controller() {
  const searches: QuranDaiSearchDetail[] = [];
  const errors: QuranDaiErrorDetail[] = [];
  const ask = new AskController(fakeHost(), {
    onSearch: (d) => void searches.push(d),
    onAnswer: () => {},
    onError: (d) => void errors.push(d),
    onExchange: () => {},
  });
  return { ask, searches, errors };
}

const at = (c: Corpus, ref: string) => c.indexOf({ surah: Number(ref.split(':')[0]), ayah: Number(ref.split(':')[1]) });

function environment(c: Corpus, overrides: Partial<AskEnvironment> = {}): AskEnvironment {
  const vector = fixedVectorSearch([
    { index: at(c, '3:200'), score: 0.9 },
    { index: at(c, '2:153'), score: 0.85 },
  ]);
  return {
    engine: adaptSearchEngine(createSearchEngine(c), c, vector, TEST_INDEX_MANIFEST),
    corpus: c,
    proxy: 'http://proxy.test',
    fetch: () => Promise.reject(new Error('no chat in these tests')),
    embedQuery: async () => new Float32Array([1, 0, 0, 0]),
    wantsAnswer: false,
    chatAvailable: false,
    lang: 'en',
    searchLang: 'en',
    translation: 'en',
    history: [],
    loadTrack: async () => {},
    ...overrides,
  };
}

describe('when a question is asked with a vector index', () => {
  it('should show keyword results at once, then the fused list', async () => {
    const { ask, searches, errors } = controller();
    await ask.ask('seek help through patience and prayer', environment(corpus));
    expect(searches.map((s) => s.stage)).toStrictEqual(['lexical', 'hybrid']);
    expect(searches[1]!.refs).toContain('3:200');
    expect(ask.status).toBe(AskStatus.Complete);
    expect(errors).toStrictEqual([]);
  });

  it('should keep the keyword results and report embed-failed when the question cannot be embedded', async () => {
    const { ask, searches, errors } = controller();
    await ask.ask('seek help through patience and prayer', environment(corpus, { embedQuery: () => Promise.reject(new TypeError('fetch failed')) }));
    expect(searches.map((s) => s.stage)).toStrictEqual(['lexical']);
    expect(ask.result?.hits.length).toBeGreaterThan(0);
    expect(errors.map((e) => e.code)).toStrictEqual(['embed-failed']);
  });
});

describe('when the question needs a translation that is still downloading', () => {
  it('should show what the meaning finds first, then the fused list once the words can be searched', async () => {
    const urOnly = await loadCorpusFromDir({ tracks: ['ur'] });
    const { ask, searches } = controller();
    let release!: () => void;
    const downloaded = new Promise<void>((r) => (release = r));
    const asked = ask.ask(
      'seek help through patience and prayer',
      environment(urOnly, {
        loadTrack: async (track) => {
          await downloaded;
          urOnly.addTrack(track, { track, name: corpus.trackName(track)!, texts: corpus.trackTexts(track) });
        },
      }),
    );
    await expect.poll(() => searches.length).toBe(1);
    expect(searches[0]).toMatchObject({ stage: 'hybrid', refs: ['3:200', '2:153'] });
    expect(ask.status).toBe(AskStatus.Refining);
    release();
    await asked;
    expect(searches.map((s) => s.stage)).toStrictEqual(['hybrid', 'hybrid']);
    expect(searches[1]!.refs.length).toBeGreaterThan(2);
    expect(ask.status).toBe(AskStatus.Complete);
  });

  it('should fall back to keyword search after the download when embedding fails', async () => {
    const urOnly = await loadCorpusFromDir({ tracks: ['ur'] });
    const { ask, searches, errors } = controller();
    await ask.ask(
      'seek help through patience and prayer',
      environment(urOnly, {
        embedQuery: () => Promise.reject(new TypeError('fetch failed')),
        loadTrack: async (track) => urOnly.addTrack(track, { track, name: corpus.trackName(track)!, texts: corpus.trackTexts(track) }),
      }),
    );
    expect(searches.map((s) => s.stage)).toStrictEqual(['lexical']);
    expect(searches[0]!.refs).toContain('2:153');
    expect(errors.map((e) => e.code)).toStrictEqual(['embed-failed']);
  });
});

describe('when the visitor stops', () => {
  it('should keep the keyword results and drop the fused list that arrives later', async () => {
    const { ask, searches } = controller();
    let embedded!: (v: Float32Array) => void;
    const asked = ask.ask('seek help through patience and prayer', environment(corpus, { embedQuery: () => new Promise((r) => (embedded = r)) }));
    await expect.poll(() => searches.length).toBe(1);
    ask.stop();
    embedded(new Float32Array([1, 0, 0, 0]));
    await asked;
    expect(ask.status).toBe(AskStatus.Stopped);
    expect(searches.map((s) => s.stage)).toStrictEqual(['lexical']);
  });
});

describe('when a question comes before the topic index has arrived', () => {
  function withLateTopics(overrides: Partial<AskEnvironment>) {
    const engine = createSearchEngine(corpus);
    const vector = fixedVectorSearch([{ index: at(corpus, '3:200'), score: 0.9 }]);
    let pending: Promise<void> | undefined = new Promise<void>((resolve) =>
      setTimeout(() => {
        engine.useTopics(new TopicIndex(SAMPLE_TOPICS));
        pending = undefined;
        resolve();
      }, 30),
    );
    return environment(corpus, { engine: adaptSearchEngine(engine, corpus, vector, TEST_INDEX_MANIFEST), topicsPending: () => pending, ...overrides });
  }

  it('should show the keyword results at once, then search again with the topics when they come (keyword search only)', async () => {
    const { ask, searches } = controller();
    await ask.ask('Can a Muslim drink beer?', withLateTopics({ embedQuery: null }));
    expect(searches.map((s) => s.stage)).toStrictEqual(['lexical', 'lexical']);
    expect(searches[0]!.refs.slice(0, 3)).not.toContain('5:90');
    expect(searches[1]!.refs.slice(0, 3)).toContain('5:90');
    expect(ask.result?.topics).toEqual([{ id: 'intoxicants', via: 'keywords' }]);
  });

  it('should fuse the meaning with the topics that came meanwhile', async () => {
    const { ask, searches } = controller();
    await ask.ask('Can a Muslim drink beer?', withLateTopics({}));
    expect(searches.map((s) => s.stage)).toStrictEqual(['lexical', 'hybrid']);
    expect(searches[1]!.refs.slice(0, 3)).toContain('5:90');
  });

  it('should say which question is about to be searched, before searching it (its language’s topics may be missing)', async () => {
    const { ask, searches } = controller();
    const told: { question: string; searchesBefore: number }[] = [];
    await ask.ask(
      'هل الخمر حرام؟',
      withLateTopics({ embedQuery: null, questionAsked: (question) => told.push({ question, searchesBefore: searches.length }) }),
    );
    expect(told).toStrictEqual([{ question: 'هل الخمر حرام؟', searchesBefore: 0 }]);
  });

  it('should not search again when the topics are already in', async () => {
    const { ask, searches } = controller();
    const env = withLateTopics({ embedQuery: null });
    await new Promise((r) => setTimeout(r, 60));
    await ask.ask('Can a Muslim drink beer?', env);
    expect(searches.map((s) => s.stage)).toStrictEqual(['lexical']);
    expect(searches[0]!.refs.slice(0, 3)).toContain('5:90');
  });
});
