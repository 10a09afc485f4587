import { fakeControllerHost } from '../testing/fake-controller-host.js';
import { describe, expect, it, vi } from 'vitest';
import { SAMPLE_TOPICS } from '../../data/testing/sample-topics.js';
import { parseTopicFile } from '../../data/topics/topic-file-parser.js';
import { topicFileLangs, type TopicLang } from '../../data/topics/topic-types.js';
import type { QuranDaiErrorDetail } from '../events/quran-dai-error.js';
import type { QuranDaiReadyDetail } from '../events/quran-dai-ready.js';
import { createFakeProxy, fixedVectorSearch, PROXY, testServices, TEST_INDEX_MANIFEST } from '../testing/element-harness.js';
import type { SiteKnowledge } from '../site/site-knowledge.js';
import { BootController, BootStatus } from './boot-controller.js';
import type { WidgetServices } from './widget-services.js';

const fakeHost = fakeControllerHost;

function controller() {
  const ready: QuranDaiReadyDetail[] = [];
  const errors: QuranDaiErrorDetail[] = [];
  const boot = new BootController(fakeHost(), { onReady: (d) => void ready.push(d), onError: (d) => void errors.push(d) });
  return { boot, ready, errors };
}

const withIndex = {
  corpusManifest: 'data/corpus/manifest.json',
  corpusVersion: 'x',
  index: { id: TEST_INDEX_MANIFEST.id, manifest: 'data/index/test-4/manifest.json', queryEmbedding: 'proxy' as const },
  chat: true,
};

describe('when the proxy serves a vector index', () => {
  it('should boot the data and the engine and embed questions through /api/embed', async () => {
    const proxy = createFakeProxy(withIndex);
    const services = await testServices({ proxy, vectorSearch: fixedVectorSearch([{ index: 0, score: 0.9 }]) });
    const { boot, ready, errors } = controller();
    await boot.boot({ proxy: PROXY, dataBase: `${PROXY}/data`, translation: 'en', services });
    expect(boot.status).toBe(BootStatus.Ready);
    expect(ready).toStrictEqual([{ corpusVersion: services.corpus.version, fromCache: false, indexId: TEST_INDEX_MANIFEST.id, chat: true }]);
    expect(errors).toStrictEqual([]);
    const vector = await boot.embedQuery!('patience', new AbortController().signal);
    expect(Array.from(vector)).toStrictEqual([1, 0, 0, 0]);
    expect(proxy.calls.filter((c) => c.url === `${PROXY}/api/embed`).map((c) => c.body)).toStrictEqual([{ text: 'patience' }]);
  });
});

describe('when the config request fails', () => {
  it('should still boot keyword search from the data files and say so', async () => {
    const services = await testServices({ proxy: createFakeProxy('down') });
    const { boot, ready, errors } = controller();
    await boot.boot({ proxy: PROXY, dataBase: `${PROXY}/data`, translation: 'en', services });
    expect(boot.status).toBe(BootStatus.Ready);
    expect(boot.embedQuery).toBeNull();
    expect(ready[0]).toMatchObject({ indexId: null, chat: false });
    expect(errors.map((e) => e.code)).toStrictEqual(['config-failed']);
    expect(errors[0]!.message).toMatch(/searching by keyword only$/);
  });
});

describe('when the data cannot be loaded', () => {
  it('should fail with data-failed and name the cause', async () => {
    const services = await testServices({ proxy: createFakeProxy() });
    const { boot, ready, errors } = controller();
    await boot.boot({
      proxy: PROXY,
      dataBase: `${PROXY}/data`,
      translation: 'en',
      services: { ...services, loadQuranData: () => Promise.reject(new Error('manifest.json answered 404')) },
    });
    expect(boot.status).toBe(BootStatus.Failed);
    expect(ready).toStrictEqual([]);
    expect(errors).toStrictEqual([{ code: 'data-failed', message: 'manifest.json answered 404' }]);
  });
});

describe('when the widget boots again before the first boot ends', () => {
  it("should drop the first boot's result", async () => {
    const services = await testServices({ proxy: createFakeProxy() });
    let releaseFirst!: () => void;
    const firstHeld = new Promise<void>((r) => (releaseFirst = r));
    let calls = 0;
    const slowFirst = {
      ...services,
      loadQuranData: async (o: Parameters<typeof services.loadQuranData>[0]) => {
        if (++calls === 1) await firstHeld;
        return services.loadQuranData(o);
      },
    };
    const { boot, ready } = controller();
    const first = boot.boot({ proxy: PROXY, dataBase: `${PROXY}/data`, translation: 'en', services: slowFirst });
    await expect.poll(() => calls).toBe(1);
    await boot.boot({ proxy: PROXY, dataBase: `${PROXY}/data`, translation: 'fr', services: slowFirst });
    releaseFirst();
    await first;
    expect(ready).toHaveLength(1);
    expect(boot.status).toBe(BootStatus.Ready);
  });
});

describe('when the proxy points the widget at a CDN', () => {
  const cdn = {
    corpusManifest: 'https://cdn.example/q/data/corpus/manifest.json',
    corpusVersion: 'x',
    index: null,
    chat: true,
    dataBase: 'https://cdn.example/q/data',
    fontBase: 'https://cdn.example/q/fonts',
  };

  function recording(services: Awaited<ReturnType<typeof testServices>>) {
    const dataBases: string[] = [];
    return {
      dataBases,
      services: { ...services, loadQuranData: (o: Parameters<typeof services.loadQuranData>[0]) => (dataBases.push(o.dataBase), services.loadQuranData(o)) },
    };
  }

  it('should load the data and the font from the CDN', async () => {
    const { services, dataBases } = recording(await testServices({ proxy: createFakeProxy(cdn) }));
    const fontBases: string[] = [];
    const boot = new BootController(fakeHost(), { onReady: () => {}, onError: () => {}, onFontBase: (f) => void fontBases.push(f) });
    await boot.boot({ proxy: PROXY, dataBase: undefined, translation: 'en', services });
    expect(boot.status).toBe(BootStatus.Ready);
    expect(dataBases).toStrictEqual(['https://cdn.example/q/data']);
    expect(fontBases).toStrictEqual(['https://cdn.example/q/fonts']);
  });

  it('should keep a data-base the page set, and use the proxy when the config names no CDN', async () => {
    const pinned = recording(await testServices({ proxy: createFakeProxy(cdn) }));
    await controller().boot.boot({ proxy: PROXY, dataBase: 'https://mirror.example/data', translation: 'en', services: pinned.services });
    expect(pinned.dataBases).toStrictEqual(['https://mirror.example/data']);
    const plain = recording(await testServices({ proxy: createFakeProxy() }));
    const fontBases: string[] = [];
    await new BootController(fakeHost(), { onReady: () => {}, onError: () => {}, onFontBase: (f) => void fontBases.push(f) }).boot({
      proxy: PROXY,
      dataBase: undefined,
      translation: 'en',
      services: plain.services,
    });
    expect(plain.dataBases).toStrictEqual([`${PROXY}/data`]);
    expect(fontBases).toStrictEqual([`${PROXY}/fonts`]);
  });
});

describe('when the widget starts on a slow link', () => {
  it('should ask for the data as soon as the config says where it is, before the data code loads it', async () => {
    const cdn = {
      corpusManifest: 'https://cdn.example/q/data/corpus/manifest.json',
      corpusVersion: 'x',
      index: null,
      chat: true,
      dataBase: 'https://cdn.example/q/data',
    };
    const services = await testServices({ proxy: createFakeProxy(cdn) });
    const events: string[] = [];
    const boot = new BootController(fakeHost(), { onReady: () => {}, onError: () => {} });
    await boot.boot({
      proxy: PROXY,
      dataBase: undefined,
      translation: 'en',
      services: {
        ...services,
        fetch: (input, init) => (events.push(`fetch ${String(input).replace(PROXY, '')}`), services.fetch(input, init)),
        requestDataEarly: (dataBase) => void events.push(`early ${dataBase}`),
        loadQuranData: (o) => (events.push(`load ${o.dataBase}`), services.loadQuranData(o)),
      },
    });
    expect(boot.status).toBe(BootStatus.Ready);
    expect(events.slice(0, 3)).toStrictEqual(['fetch /api/config', 'early https://cdn.example/q/data', 'load https://cdn.example/q/data']);
  });
});

describe("when the proxy names the mosque's documents", () => {
  const proxy = () =>
    createFakeProxy({
      corpusManifest: 'data/corpus/manifest.json',
      corpusVersion: 'x',
      index: null,
      chat: true,
      site: { manifest: '/data/site/manifest.json', version: 'v2' },
    });

  async function bootWith(loadSiteKnowledge: WidgetServices['loadSiteKnowledge']) {
    const services = { ...(await testServices({ proxy: proxy() })), loadSiteKnowledge };
    const { boot } = controller();
    await boot.boot({ proxy: PROXY, dataBase: `${PROXY}/data`, translation: 'en', services });
    await new Promise((r) => setTimeout(r, 0));
    return boot;
  }

  it('should load them from the manifest the config names, for the version the proxy answers from', async () => {
    const asked: string[][] = [];
    const boot = await bootWith(async (url, version) => {
      asked.push([url, version]);
      return { version } as SiteKnowledge;
    });
    expect(asked).toStrictEqual([[`${PROXY}/data/site/manifest.json`, 'v2']]);
    expect(boot.site?.version).toBe('v2');
  });

  it('should still boot, answering from the Quran alone, when they cannot be used', async () => {
    const boot = await bootWith(async () => null);
    expect([boot.status, boot.site]).toStrictEqual([BootStatus.Ready, null]);
  });
});

/** Each language's topic file as the build writes it (topicFileLangs), and the languages asked for, in order. */
function languageFilesAsBuilt() {
  const asked: (string | undefined)[] = [];
  const languageFile = (lang: TopicLang) => {
    const langs = [...topicFileLangs(lang)];
    const pick = (m: Readonly<Record<TopicLang, readonly string[]>>) => Object.fromEntries(langs.map((l) => [l, m[l]]));
    return {
      version: 't1',
      file: parseTopicFile({ schema: 1, languages: langs, topics: SAMPLE_TOPICS.map((t) => ({ ...t, names: pick(t.names), questions: pick(t.questions) })) }),
      vectors: null,
    };
  };
  const loadTopics = async (_d: string, _i: string | null, _s?: AbortSignal, lang?: string) => (asked.push(lang), languageFile(lang as TopicLang));
  return { asked, loadTopics };
}
describe('when the data folder has a topic index', () => {
  it('should hand it to the engine after the first results and keep it for the view', async () => {
    const services = await testServices({ proxy: createFakeProxy(withIndex), vectorSearch: fixedVectorSearch([{ index: 0, score: 0.9 }]) });
    const asked: [string, string | null][] = [];
    const topics = { version: 't1', file: { schema: 1 as const, topics: SAMPLE_TOPICS }, vectors: null };
    const { boot } = controller();
    await boot.boot({
      proxy: PROXY,
      dataBase: `${PROXY}/data`,
      translation: 'en',
      services: { ...services, loadTopics: async (dataBase, indexUrl) => (asked.push([dataBase, indexUrl]), topics) },
    });
    await vi.waitFor(() => expect(boot.topics).toBe(topics));
    expect(asked).toStrictEqual([[`${PROXY}/data`, `${PROXY}/data/index/test-4/manifest.json`]]);
    const result = await boot.engine!.lexical('Can a Muslim drink beer?', 'en');
    expect(result.topics).toStrictEqual([{ id: 'intoxicants', via: 'keywords' }]);
  });

  it('should load the topic file of the visitor’s language, and the new language’s when it changes, the later load winning', async () => {
    const services = await testServices({ proxy: createFakeProxy(withIndex), vectorSearch: fixedVectorSearch([{ index: 0, score: 0.9 }]) });
    const asked: (string | undefined)[] = [];
    const slow: { release?: () => void } = {};
    const file = (lang: string) => ({ version: `t-${lang}`, file: { schema: 1 as const, topics: SAMPLE_TOPICS }, vectors: null });
    const loadTopics = async (_d: string, _i: string | null, _s?: AbortSignal, lang?: string) => {
      asked.push(lang);
      // The English file arrives last, after the Urdu one was asked for.
      if (lang === 'en') await new Promise<void>((r) => (slow.release = r));
      return file(lang ?? 'all');
    };
    const { boot } = controller();
    await boot.boot({ proxy: PROXY, dataBase: `${PROXY}/data`, translation: 'en', lang: 'en', services: { ...services, loadTopics } });
    await vi.waitFor(() => expect(asked).toStrictEqual(['en']));
    boot.useLanguage('ur');
    boot.useLanguage('ur');
    await vi.waitFor(() => expect(boot.topics?.version).toBe('t-ur'));
    slow.release!();
    await new Promise((r) => setTimeout(r, 10));
    expect(asked).toStrictEqual(['en', 'ur']);
    expect(boot.topics?.version).toBe('t-ur');
  });

  /** An English page booted with the topic files as the build makes them; `asked` lists each topic file requested. */
  async function englishPageWithTopics() {
    const services = await testServices({ proxy: createFakeProxy(withIndex), vectorSearch: fixedVectorSearch([{ index: 0, score: 0.9 }]) });
    const { asked, loadTopics } = languageFilesAsBuilt();
    const { boot } = controller();
    await boot.boot({ proxy: PROXY, dataBase: `${PROXY}/data`, translation: 'en', lang: 'en', services: { ...services, loadTopics } });
    await vi.waitFor(() => expect(boot.topics?.file.languages).toStrictEqual(['en']));
    return { boot, asked };
  }

  it('should add the topic file of a language the visitor asks in to the interface language’s, once', async () => {
    const { boot, asked } = await englishPageWithTopics();
    const turkish = 'İslam’da alkol içmek haram mı?';
    // The English site's file has no Turkish words: the Turkish question meets no topic by keywords.
    expect((await boot.engine!.lexical(turkish, 'en')).topics).toBeUndefined();

    const signal = new AbortController().signal;
    await boot.loadTrack('en', signal);
    await boot.loadTrack('translit', signal);
    await boot.loadTrack('tr', signal);
    await boot.loadTrack('tr', signal);
    await vi.waitFor(() => expect(boot.topics?.file.languages).toStrictEqual(['en', 'tr']));
    expect(asked).toStrictEqual(['en', 'en', 'tr']);
    expect((await boot.engine!.lexical(turkish, 'en')).topics).toStrictEqual([{ id: 'intoxicants', via: 'keywords' }]);

    // A new interface language keeps the asked-in one.
    boot.useLanguage('ur');
    await vi.waitFor(() => expect(boot.topics?.file.languages).toStrictEqual(['en', 'ar', 'ur', 'tr']));
  });

  it('should add the Arabic topic names to an English page’s when a question is written in Arabic, not for an Urdu one', async () => {
    const { boot, asked } = await englishPageWithTopics();
    boot.questionAsked('کیا شراب پینا حرام ہے؟');
    boot.questionAsked('Is alcohol haram?');
    expect(asked).toStrictEqual(['en']);
    boot.questionAsked('هل الخمر حرام؟');
    await boot.topicsPending();
    expect(asked).toStrictEqual(['en', 'en', 'ar']);
    expect(boot.topics?.file.languages).toStrictEqual(['en', 'ar']);
    boot.questionAsked('ما حكم الخمر');
    expect(asked).toStrictEqual(['en', 'en', 'ar']);
  });

  it('should search without topics when they cannot be loaded', async () => {
    const services = await testServices({ proxy: createFakeProxy() });
    const { boot } = controller();
    await boot.boot({ proxy: PROXY, dataBase: `${PROXY}/data`, translation: 'en', services: { ...services, loadTopics: async () => null } });
    expect(boot.status).toBe(BootStatus.Ready);
    await new Promise((r) => setTimeout(r, 10));
    expect(boot.topics).toBeNull();
    expect((await boot.engine!.lexical('Can a Muslim drink beer?', 'en')).topics).toBeUndefined();
  });
});

describe('when the element starts the widget', () => {
  function starting() {
    const errors: QuranDaiErrorDetail[] = [];
    const warnings: string[] = [];
    const boot = new BootController(fakeHost(), { onReady: () => {}, onError: (d) => void errors.push(d), warn: (w) => void warnings.push(w) });
    return { boot, errors, warnings };
  }

  it('should say that the proxy attribute is missing, and not load anything', () => {
    const { boot, errors } = starting();
    const services = vi.fn<() => WidgetServices>();
    boot.start({ proxy: '', dataBase: undefined, translation: 'en', services });
    expect(errors.map((e) => e.code)).toStrictEqual(['not-configured']);
    expect(errors[0]!.message).toContain('set the proxy attribute');
    expect(services).not.toHaveBeenCalled();
    expect(boot.status).toBe(BootStatus.Idle);
  });

  it('should report a missing service as not configured, saying how to wire it', () => {
    const { boot, errors } = starting();
    boot.start({
      proxy: PROXY,
      dataBase: undefined,
      translation: 'en',
      services: () => {
        throw new Error('quran-dai: missing services fetch');
      },
    });
    expect(errors).toStrictEqual([{ code: 'not-configured', message: 'quran-dai: missing services fetch' }]);
  });

  it('should warn about a proxy address without a scheme, and add that hint to a data failure', async () => {
    const { boot, errors, warnings } = starting();
    const services = await testServices({ proxy: createFakeProxy(withIndex) });
    const failing: WidgetServices = { ...services, loadQuranData: () => Promise.reject(new Error('404 manifest.json')) };
    boot.start({ proxy: 'quran-proxy.example.org', dataBase: 'https://cdn.example/data', translation: 'en', services: () => failing });
    await vi.waitFor(() => expect(boot.status).toBe(BootStatus.Failed));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^quran-dai: .*https:\/\//);
    const dataFailed = errors.find((e) => e.code === 'data-failed');
    expect(dataFailed?.message).toMatch(/^404 manifest\.json \(.*https:\/\//);
  });
});
