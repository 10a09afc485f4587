import { describe, expect, it } from 'vitest';
import type { TopicData } from '../../data/topics/topic-data.js';
import { LatestRun } from '../asking/latest-run.js';
import type { WidgetSearchEngine } from '../asking/search-engine-port.js';
import { fakeControllerHost } from '../testing/fake-controller-host.js';
import { TopicLoading, type TopicSource } from './topic-loading.js';

const topicData = (version: string) => ({ version, file: {}, vectors: null }) as unknown as TopicData;

/** A topic loader whose files arrive when the test says, and an engine that records the topics it was given. */
function setUp() {
  const host = fakeControllerHost();
  const asked: (string | undefined)[] = [];
  const arrivals = new Map<string, (t: TopicData | null) => void>();
  const used: string[] = [];
  const runs = new LatestRun();
  const source = (): TopicSource => ({
    load: (_base, _index, _signal, lang) => {
      asked.push(lang);
      return new Promise((resolve) => arrivals.set(lang ?? 'all', resolve));
    },
    dataBase: 'https://proxy.test/data',
    indexManifestUrl: null,
    engine: { useTopics: async (t: TopicData) => void used.push(t.version) } as unknown as WidgetSearchEngine,
    run: runs.start(),
  });
  return { host, asked, arrivals, used, runs, source, topics: new TopicLoading(host) };
}

describe('when the topics load after the verses can be searched', () => {
  it("should load the interface language's file, say it is pending until it is in, and render once it is", async () => {
    const { host, asked, arrivals, used, source, topics } = setUp();
    topics.reset('en');
    topics.start(source());
    expect(asked).toStrictEqual(['en']);
    const pending = topics.pending();
    expect(pending).toBeDefined();
    arrivals.get('en')!(topicData('en-1'));
    await pending;
    expect([topics.topics?.version, used, host.updates, topics.pending()]).toStrictEqual(['en-1', ['en-1'], 1, undefined]);
  });

  it('should load the Arabic names too for an Arabic question on an English page, and not for an Urdu one', () => {
    const { asked, source, topics } = setUp();
    topics.reset('en');
    topics.start(source());
    topics.questionAsked('بم اپنی نماز کیسے پڑھیں؟ ے');
    expect(asked).toStrictEqual(['en']);
    topics.questionAsked('ما حكم الخمر؟');
    expect(asked).toStrictEqual(['en', 'en', 'ar']);
    topics.questionAsked('ما حكم الربا؟');
    expect(asked).toHaveLength(3);
  });

  it('should use the latest load when an earlier one arrives after it', async () => {
    const { arrivals, used, source, topics } = setUp();
    topics.reset('en');
    topics.start(source());
    const first = arrivals.get('en')!;
    topics.useLanguage('fr');
    arrivals.get('fr')!(topicData('fr-1'));
    await topics.pending();
    first(topicData('en-late'));
    await new Promise((r) => setTimeout(r, 0));
    expect([topics.topics?.version, used]).toStrictEqual(['fr-1', ['fr-1']]);
  });

  it('should drop what a boot that was replaced still loads', async () => {
    const { arrivals, used, runs, source, topics } = setUp();
    topics.reset('en');
    topics.start(source());
    const pending = topics.pending();
    runs.start();
    arrivals.get('en')!(topicData('old'));
    await pending;
    expect([topics.topics, used]).toStrictEqual([null, []]);
  });
});
