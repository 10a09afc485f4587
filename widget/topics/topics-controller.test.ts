// @vitest-environment happy-dom
import { nothing, render } from 'lit';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../../data/corpus/corpus.js';
import { formatRef } from '../../data/corpus/verse-range.js';
import type { SearchResult } from '../../data/search/search-result.js';
import { SAMPLE_TOPICS } from '../../data/testing/sample-topics.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { TopicData } from '../../data/topics/topic-data.js';
import { translator } from '../i18n/ui-language.js';
import { fakeControllerHost } from '../testing/fake-controller-host.js';
import { waitUntil } from '../testing/wait-until.js';
import { TopicsController } from './topics-controller.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

const TOPICS: TopicData = { version: 't1', file: { schema: 1 as const, topics: SAMPLE_TOPICS }, vectors: null } as TopicData;

function setUp(topics: TopicData | null) {
  const host = fakeControllerHost();
  const shown: { title: string; result: SearchResult }[] = [];
  const adopted: unknown[] = [];
  const controller = new TopicsController(host, {
    topics: () => topics,
    corpus: () => corpus,
    lang: () => 'en',
    t: () => translator('en'),
    adoptStyles: (sheet) => void adopted.push(sheet),
    show: (title, result) => void shown.push({ title, result }),
  });
  /** One update of the host: its controllers' hostUpdate (what loads the view). */
  const update = () => host.controllers.forEach((c) => c.hostUpdate?.());
  return { host, controller, shown, adopted, update };
}

describe('before the topic index is here', () => {
  it('should load no view, draw nothing and open nothing', () => {
    const { controller, update, shown } = setUp(null);
    update();
    controller.open('intoxicants');
    expect([controller.template(), controller.canOpen, shown]).toStrictEqual([nothing, false, []]);
  });
});

describe('once the topic index is here', () => {
  it('should load its view, adopt its styles, and draw the topics only once the list is opened', async () => {
    const { controller, update, adopted } = setUp(TOPICS);
    update();
    await waitUntil(() => controller.canOpen);
    update();
    expect(adopted).toHaveLength(1);
    const box = document.createElement('div');
    render(controller.template(), box);
    const details = box.querySelector('details')!;
    expect([details.open, box.querySelectorAll('[part="topic-link"]').length]).toStrictEqual([false, 0]);
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    render(controller.template(), box);
    expect(box.querySelectorAll('[part="topic-link"]')).toHaveLength(SAMPLE_TOPICS.length);
  });

  it('should open a topic as its verses, without a search', async () => {
    const { controller, update, shown } = setUp(TOPICS);
    update();
    await waitUntil(() => controller.canOpen);
    controller.open('intoxicants');
    expect(shown).toHaveLength(1);
    expect(shown[0]!.result.hits.map((h) => formatRef(h.ref))).toContain('5:90');
    controller.open('no-such-topic');
    expect(shown).toHaveLength(1);
  });
});
