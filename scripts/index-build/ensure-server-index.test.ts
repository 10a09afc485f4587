import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { TopicIndex } from '../../data/topics/topic-index.js';
import { SAMPLE_TOPICS } from '../../data/testing/sample-topics.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { startFakeOpenAIEmbeddings, type FakeOpenAIEmbeddings } from '../../data/testing/fake-openai-embeddings.js';
import { englishVerseText, ensureServerIndex } from './ensure-server-index.js';
import { buildVerseTexts } from './verse-text-template.js';

let fake: FakeOpenAIEmbeddings;
let corpus: Corpus;
let out: string;
beforeAll(async () => {
  fake = await startFakeOpenAIEmbeddings({ dims: 8, appliesPrompts: true });
  corpus = await loadCorpusFromDir({ tracks: ['en'] });
  out = await mkdtemp(join(tmpdir(), 'qd-server-index-'));
});
afterAll(async () => {
  await fake.close();
  await rm(out, { recursive: true, force: true });
});

describe('when npm start or model:e5 needs the index of an embeddings server', () => {
  const server = () => ({ baseURL: fake.baseURL, model: 'multilingual-e5-small', inputType: true });

  it('should say how to build it when building is not allowed', async () => {
    await expect(ensureServerIndex({ server: server(), corpus, outRoot: out, build: false })).rejects.toThrow(
      /no verse index for multilingual-e5-small in .*: build it with npm run model:e5/,
    );
  });

  it("should build it once, embedding each verse's English and Arabic as passages", async () => {
    fake.reset();
    const first = await ensureServerIndex({ server: server(), corpus, outRoot: out });
    expect(first.built).toBe(true);
    expect(first.manifest).toMatchObject({
      id: 'multilingual-e5-small-8',
      embedder: 'openai-compatible',
      model: 'multilingual-e5-small',
      dims: 8,
      count: 6236,
      queryTask: 'query',
      documentTask: 'passage',
      queryPrefix: '',
      documentPrefix: '',
      textTemplate: '{en}\n{arabic}',
      floors: { primary: 0.8, fallback: 0.78 },
      corpusVersion: corpus.version,
    });
    const passages = fake.calls.filter((c) => c.body?.input_type === 'passage');
    expect(passages.flatMap((c) => c.body!.input as string[])).toStrictEqual(buildVerseTexts(corpus, { contextual: false, language: 'en+ar' }));

    fake.reset();
    const again = await ensureServerIndex({ server: server(), corpus, outRoot: out });
    expect(again.built).toBe(false);
    expect(again.manifest.version).toBe(first.manifest.version);
    // Only the dimension probe reached the server.
    expect(fake.calls).toHaveLength(1);
  });
});

describe('when quran-dai ships an index for that server’s model', () => {
  const server = () => ({ baseURL: fake.baseURL, model: 'multilingual-e5-small', inputType: true });

  it('should use the shipped index for this corpus instead of embedding the verses, and make the topic vectors beside it', async () => {
    const shipped = await mkdtemp(join(tmpdir(), 'qd-prebuilt-'));
    const target = await mkdtemp(join(tmpdir(), 'qd-served-'));
    try {
      // An index built once (as the project builds the one it ships), placed where shipped ones live.
      const built = await ensureServerIndex({ server: server(), corpus, outRoot: shipped });
      fake.reset();
      const topics = new TopicIndex(SAMPLE_TOPICS, 't1');
      const used = await ensureServerIndex({ server: server(), corpus, outRoot: target, prebuiltRoot: shipped, topics });
      expect(used.built).toBe(false);
      expect(used.manifest.version).toBe(built.manifest.version);
      expect(fake.calls.filter((c) => c.body?.input_type === 'passage')).toHaveLength(0);
      // The topics' names and questions, then each topic verse's English text once, all as queries.
      const queries = fake.calls.filter((c) => c.body?.input_type === 'query').flatMap((c) => c.body!.input as string[]);
      expect(queries).toContain('alcohol');
      const english = (surah: number, ayah: number) => corpus.verse({ surah, ayah }, 'en').translation;
      expect(queries.slice(-7)).toStrictEqual([
        english(5, 90),
        english(5, 91),
        english(2, 219),
        english(4, 43),
        english(51, 56),
        english(67, 2),
        english(23, 115),
      ]);
      const vectors = JSON.parse(await readFile(join(used.dir, 'topics.json'), 'utf8')) as { topicsVersion: string; count: number };
      expect(vectors).toMatchObject({ topicsVersion: 't1', count: 2, recipe: 'classifier+verses/1' });

      // Made the current way from the same topics: kept (only the dimension probe reaches the server).
      fake.reset();
      await ensureServerIndex({ server: server(), corpus, outRoot: target, prebuiltRoot: shipped, topics });
      expect(fake.calls).toHaveLength(1);

      // Made from the same topics before the recipe was recorded (an older way): made again, and said.
      const manifestPath = join(used.dir, 'topics.json');
      const { recipe: _made, ...older } = JSON.parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>;
      await writeFile(manifestPath, JSON.stringify(older));
      fake.reset();
      const lines: string[] = [];
      await ensureServerIndex({ server: server(), corpus, outRoot: target, prebuiltRoot: shipped, topics, log: (line) => lines.push(line) });
      expect(fake.calls.length).toBeGreaterThan(1);
      expect(lines.join('\n')).toMatch(/were made the older way \(unrecorded\); making them again \(classifier\+verses\/1\)/);
      expect(JSON.parse(await readFile(manifestPath, 'utf8'))).toMatchObject({ recipe: 'classifier+verses/1' });
    } finally {
      await rm(shipped, { recursive: true, force: true });
      await rm(target, { recursive: true, force: true });
    }
  });

  it('should replace an older copy for this corpus (another version, e.g. another vector format) with the shipped index', async () => {
    const shipped = await mkdtemp(join(tmpdir(), 'qd-prebuilt-'));
    const target = await mkdtemp(join(tmpdir(), 'qd-served-'));
    try {
      const built = await ensureServerIndex({ server: server(), corpus, outRoot: shipped });
      const copied = await ensureServerIndex({ server: server(), corpus, outRoot: target, prebuiltRoot: shipped });
      const path = join(copied.dir, 'manifest.json');
      await writeFile(
        path,
        JSON.stringify({ ...JSON.parse(await readFile(path, 'utf8')), version: 'older', files: [{ ...built.manifest.files[0], path: 'vectors.older.bin' }] }),
      );
      await writeFile(join(copied.dir, 'vectors.older.bin'), 'old');
      fake.reset();
      const used = await ensureServerIndex({ server: server(), corpus, outRoot: target, prebuiltRoot: shipped });
      expect(used).toMatchObject({ built: false, manifest: { version: built.manifest.version } });
      expect(fake.calls.filter((c) => c.body?.input_type === 'passage')).toHaveLength(0);
      expect((await readdir(copied.dir)).filter((n) => /^(vectors|signs|magnitudes)\./.test(n)).sort()).toStrictEqual(
        built.manifest.files.map((f) => f.path).sort(),
      );
    } finally {
      await rm(shipped, { recursive: true, force: true });
      await rm(target, { recursive: true, force: true });
    }
  });

  it('should build its own when the shipped index was made from another corpus', async () => {
    const shipped = await mkdtemp(join(tmpdir(), 'qd-prebuilt-'));
    const target = await mkdtemp(join(tmpdir(), 'qd-served-'));
    try {
      const built = await ensureServerIndex({ server: server(), corpus, outRoot: shipped });
      const path = join(built.dir, 'manifest.json');
      await writeFile(path, JSON.stringify({ ...JSON.parse(await readFile(path, 'utf8')), corpusVersion: 'another-corpus' }));
      fake.reset();
      const used = await ensureServerIndex({ server: server(), corpus, outRoot: target, prebuiltRoot: shipped });
      expect(used.built).toBe(true);
    } finally {
      await rm(shipped, { recursive: true, force: true });
      await rm(target, { recursive: true, force: true });
    }
  });
});

describe('when the topic classifier reads a verse', () => {
  it('should give its English text, and say which track is missing when there is none', async () => {
    expect(englishVerseText(corpus)('51:56')).toBe(corpus.verse({ surah: 51, ayah: 56 }, 'en').translation);
    expect(englishVerseText(corpus)('51:56')).toMatch(/worship/);
    const arabicOnly = await loadCorpusFromDir({ tracks: [] });
    expect(() => englishVerseText(arabicOnly)('51:56')).toThrow(/no English text for 51:56: load it with its English track/);
  });
});
