import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { startFakeOpenAIEmbeddings, type FakeOpenAIEmbeddings } from '../../proxy/testing/fake-openai-embeddings.js';
import { ensureServerIndex } from './ensure-server-index.js';
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
    await expect(ensureServerIndex({ server: server(), corpus, outRoot: out, build: false })).rejects.toThrow(/no verse index for multilingual-e5-small in .*: build it with npm run model:e5/);
  });

  it('should build it once, embedding each verse\'s English and Arabic as passages', async () => {
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
