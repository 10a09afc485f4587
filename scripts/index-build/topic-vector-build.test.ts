import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { TestHashingEmbedder } from '../../data/embed/test-hashing-embedder.js';
import { parseTopicVectorManifest, parseTopicVectors } from '../../data/index/topic-vector-file.js';
import { TopicIndex } from '../../data/topics/topic-index.js';
import { SAMPLE_TOPICS } from '../../data/testing/sample-topics.js';
import { buildTopicVectors, centroids, topicTexts, topicVerseTexts } from './topic-vector-build.js';
import type { Embedder } from '../../data/embed/embedder.js';

let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('when embedding the topics beside an index', () => {
  it('should write a classifier (weights and a bias per topic) that the loader reads as probabilities', async () => {
    dir = await mkdtemp(join(tmpdir(), 'topic-vectors-'));
    const topics = new TopicIndex(SAMPLE_TOPICS, 'v1');
    const embedder = new TestHashingEmbedder({ dims: 16 });
    const manifest = await buildTopicVectors({ topics, embedder, dir, indexId: 'test-hashing-16' });
    expect(manifest).toMatchObject({ scoring: 'probability', count: 2, counts: [1, 1] });
    expect(manifest.bias).toHaveLength(2);
    const read = parseTopicVectorManifest(JSON.parse(await readFile(join(dir, 'topics.json'), 'utf8')));
    const ok = await parseTopicVectors(read, new Uint8Array(await readFile(join(dir, read.file.path))), topics);
    expect('vectors' in ok && Array.from(ok.vectors.bias ?? [])).toEqual(manifest.bias!.map((b) => Math.fround(b)));
    // Each topic's own question is its most probable topic.
    const [v] = await embedder.embed([SAMPLE_TOPICS[1]!.questions.en[0]!], 'query');
    const match = 'vectors' in ok ? topics.matchVector(v!, ok.vectors, 2) : [];
    expect(match.map((m) => m.topic.id)).toEqual(['purpose-of-life', 'intoxicants']);
    expect(match[0]!.score + match[1]!.score).toBeCloseTo(1, 5);
    // A vector unlike every topic text (another model's, a broken embedder's) matches no topic.
    expect(manifest.center).toHaveLength(16);
    const unlike = Float32Array.from(manifest.center!, (x) => -x);
    expect('vectors' in ok && topics.matchVector(unlike, ok.vectors, 2)).toEqual([]);
  });

  it('should teach the classifier each topic’s verses when given their texts, embedding each verse once', async () => {
    dir = await mkdtemp(join(tmpdir(), 'topic-vectors-'));
    const topics = new TopicIndex(SAMPLE_TOPICS, 'v1');
    const hashing = new TestHashingEmbedder({ dims: 64 });
    const embedded: string[] = [];
    const embedder: Embedder = { ...hashing, dims: hashing.dims, embed: async (texts, task) => (embedded.push(...texts), hashing.embed(texts, task)) };
    // Words no name or question of either topic has: only the verses' texts can teach them.
    const verseText = (ref: string) =>
      ref.startsWith('51:') || ref.startsWith('67:') || ref.startsWith('23:') ? 'creation servants lordship' : 'grape barley fermented';
    const load = async (manifest: Awaited<ReturnType<typeof buildTopicVectors>>) => {
      const read = await parseTopicVectors(manifest, new Uint8Array(await readFile(join(dir!, manifest.file.path))), topics);
      if (!('vectors' in read)) throw new Error(read.refused);
      return read.vectors;
    };
    const taught = await load(await buildTopicVectors({ topics, embedder, dir, indexId: 'test-hashing-64', verseText }));
    expect(embedded.slice(-7)).toStrictEqual([
      'grape barley fermented',
      'grape barley fermented',
      'grape barley fermented',
      'grape barley fermented',
      'creation servants lordship',
      'creation servants lordship',
      'creation servants lordship',
    ]);
    const [question] = await hashing.embed(['creation servants lordship'], 'query');
    expect(topics.matchVector(question!, taught, 2)[0]!.topic.id).toBe('purpose-of-life');
    const [other] = await hashing.embed(['grape barley fermented'], 'query');
    expect(topics.matchVector(other!, taught, 2)[0]!.topic.id).toBe('intoxicants');
  });

  it('should refuse a classifier manifest without one bias per vector', () => {
    const base = {
      schema: 1,
      topicsVersion: 'v1',
      indexId: 'x',
      dims: 2,
      count: 2,
      topicIds: ['a', 'b'],
      counts: [1, 1],
      file: { path: 'p', sha256: 's', bytes: 1, gzipBytes: 1 },
    };
    expect(() => parseTopicVectorManifest({ ...base, scoring: 'probability', bias: [0.1] })).toThrow(/not one this code reads/);
    expect(() => parseTopicVectorManifest({ ...base, scoring: 'probability' })).toThrow(/not one this code reads/);
    expect(parseTopicVectorManifest({ ...base, scoring: 'probability', bias: [0.1, -0.2] }).bias).toEqual([0.1, -0.2]);
    expect(() => parseTopicVectorManifest({ ...base, scoring: 'probability', bias: [0.1, -0.2], center: [1, 0, 0], centerFloor: 0.5 })).toThrow(
      /not one this code reads/,
    );
    expect(() => parseTopicVectorManifest({ ...base, scoring: 'probability', bias: [0.1, -0.2], center: [1, 0] })).toThrow(/not one this code reads/);
  });

  it('should write one centroid per topic that the loader accepts for that topic version only', async () => {
    dir = await mkdtemp(join(tmpdir(), 'topic-vectors-'));
    const topics = new TopicIndex(SAMPLE_TOPICS, 'v1');
    const embedder = new TestHashingEmbedder({ dims: 16 });
    const manifest = await buildTopicVectors({ topics, embedder, dir, indexId: 'test-hashing-16', representation: 'centroid' });
    expect(manifest).toMatchObject({
      topicsVersion: 'v1',
      indexId: 'test-hashing-16',
      dims: 16,
      count: 2,
      topicIds: ['intoxicants', 'purpose-of-life'],
      counts: [1, 1],
    });
    expect((await readdir(dir)).sort()).toEqual(['topic-vectors.' + manifest.file.sha256.slice(0, 10) + '.bin', 'topics.json'].sort());
    const read = parseTopicVectorManifest(JSON.parse(await readFile(join(dir, 'topics.json'), 'utf8')));
    const bytes = new Uint8Array(await readFile(join(dir, read.file.path)));
    const ok = await parseTopicVectors(read, bytes, topics);
    expect('vectors' in ok && Array.from(ok.vectors.owners)).toEqual([0, 1]);
    const other = await parseTopicVectors(read, bytes, new TopicIndex(SAMPLE_TOPICS, 'v2'));
    expect(other).toEqual({ refused: expect.stringMatching(/made from topic index v1 but the topic index is v2/) });
  });

  it('should keep every text with `texts`, in topic order', async () => {
    dir = await mkdtemp(join(tmpdir(), 'topic-vectors-'));
    const topics = new TopicIndex(SAMPLE_TOPICS, 'v1');
    const manifest = await buildTopicVectors({ topics, embedder: new TestHashingEmbedder({ dims: 8 }), dir, indexId: 'x', representation: 'texts' });
    expect(manifest.counts).toEqual(SAMPLE_TOPICS.map((t) => topicTexts(t).length));
  });
});

describe('when averaging a topic’s vectors', () => {
  it('should return the unit-length mean of each run', () => {
    const out = centroids([new Float32Array([1, 0]), new Float32Array([0, 1]), new Float32Array([3, 4])], [2, 1], 2);
    expect(out.map((v) => Array.from(v, (x) => Number(x.toFixed(4))))).toEqual([
      [0.7071, 0.7071],
      [0.6, 0.8],
    ]);
  });
});

describe('when listing the texts of the topics’ verses', () => {
  it('should take a verse in two topics once, with an example for each topic', () => {
    const [a, b] = SAMPLE_TOPICS;
    const shared = { ...b!, verses: ['2:219', '51:56'] };
    const out = topicVerseTexts([a!, shared], (ref) => `text of ${ref}`);
    expect(out.texts).toStrictEqual(['text of 5:90', 'text of 5:91', 'text of 2:219', 'text of 4:43', 'text of 51:56']);
    expect(out.examples).toStrictEqual([
      { text: 0, topic: 0 },
      { text: 1, topic: 0 },
      { text: 2, topic: 0 },
      { text: 3, topic: 0 },
      { text: 2, topic: 1 },
      { text: 4, topic: 1 },
    ]);
  });
});

describe('when listing a topic’s texts', () => {
  it('should take every name and question once', () => {
    const texts = topicTexts(SAMPLE_TOPICS[0]!);
    expect(texts).toContain('alcohol');
    expect(texts).toContain('هل شرب الخمر حرام؟');
    expect(new Set(texts).size).toBe(texts.length);
  });
});
