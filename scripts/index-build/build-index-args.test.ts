import { describe, expect, it } from 'vitest';
import type { GeminiEmbedder } from '../../data/embed/gemini-embedder.js';
import { embedderFor, parseBuildIndexArgs } from './build-index-args.js';

describe('when parsing build:index arguments', () => {
  it('should read gemini settings from flags and env', () => {
    const config = parseBuildIndexArgs(['--embedder', 'gemini', '--dims', '256', '--contextual', '--out', '/tmp/x'], {
      GEMINI_API_KEY: ' k ',
      GEMINI_BASE_URL: 'http://127.0.0.1:9/v1beta',
    });
    expect(config).toEqual({
      embedderKind: 'gemini',
      dims: 256,
      contextual: true,
      verseText: 'en+ar',
      outRoot: '/tmp/x',
      batchSize: 100,
      gemini: { apiKey: 'k', baseURL: 'http://127.0.0.1:9/v1beta', model: 'gemini-embedding-001' },
    });
    const { embedder, queryTask, documentTask } = embedderFor(config);
    expect([embedder.id, queryTask, documentTask]).toEqual(['gemini-embedding-001-256', 'RETRIEVAL_QUERY', 'RETRIEVAL_DOCUMENT']);
    expect((embedder as GeminiEmbedder).options).toMatchObject({ baseURL: 'http://127.0.0.1:9/v1beta', dims: 256, maxRetries: 8, maxRetryDelayMs: 60_000 });
  });

  it('should default to 768 dims and need no key for test-hashing', () => {
    const config = parseBuildIndexArgs(['--embedder', 'test-hashing'], {});
    expect(config.dims).toBe(768);
    expect(embedderFor(config).embedder.id).toBe('test-hashing-768');
  });

  it('should say what to set when the key or embedder is missing', () => {
    expect(() => parseBuildIndexArgs(['--embedder', 'gemini'], {})).toThrow(/GEMINI_API_KEY is not set/);
    expect(() => parseBuildIndexArgs([], {})).toThrow(/--embedder must be openai-compatible, gemini, local or test-hashing, got nothing/);
    expect(() => parseBuildIndexArgs(['--embedder', 'test-hashing', '--dims', 'x'], {})).toThrow(/--dims must be an integer/);
    expect(() => parseBuildIndexArgs(['--embedder', 'gemini'], { GEMINI_API_KEY: 'k', GEMINI_BASE_URL: 'ftp://x' })).toThrow(/GEMINI_BASE_URL must be an http/);
    expect(() => parseBuildIndexArgs(['--embedder', 'test-hashing', '--bogus'], {})).toThrow(/usage: npm run build:index/);
  });

  it('should need --model for a local model and read --model-dir', () => {
    expect(() => parseBuildIndexArgs(['--embedder', 'local'], {})).toThrow(/--model is required with --embedder local/);
    const config = parseBuildIndexArgs(['--embedder', 'local', '--model', 'Xenova/multilingual-e5-small', '--model-dir', '/srv/models'], {});
    expect(config.local).toEqual({ model: 'Xenova/multilingual-e5-small', modelDir: '/srv/models' });
    expect(() => embedderFor(config)).toThrow(/local embedders are opened asynchronously/);
  });

  it('should read an OpenAI-compatible server from flags, with env as the fallback', () => {
    const config = parseBuildIndexArgs(
      ['--embedder', 'openai-compatible', '--base-url', 'http://127.0.0.1:8000/v1/', '--model', 'multilingual-e5-small', '--input-type', '--verse-text', 'ar'],
      { EMBEDDINGS_API_KEY: ' secret ' },
    );
    expect(config).toMatchObject({ embedderKind: 'openai-compatible', verseText: 'ar', batchSize: 32 });
    expect(config.openaiCompatible).toEqual({
      baseURL: 'http://127.0.0.1:8000/v1',
      model: 'multilingual-e5-small',
      apiKey: 'secret',
      inputType: true,
      queryPrefix: undefined,
      documentPrefix: undefined,
    });
    const fromEnv = parseBuildIndexArgs(['--embedder', 'openai-compatible'], {
      EMBEDDINGS_BASE_URL: 'http://127.0.0.1:11434/v1',
      EMBEDDINGS_MODEL: 'nomic-embed-text',
      EMBEDDINGS_INPUT_TYPE: 'false',
    });
    expect(fromEnv.openaiCompatible).toMatchObject({ baseURL: 'http://127.0.0.1:11434/v1', model: 'nomic-embed-text', inputType: false, apiKey: undefined });
  });

  it('should say what an OpenAI-compatible build is missing', () => {
    expect(() => parseBuildIndexArgs(['--embedder', 'openai-compatible'], {})).toThrow(/--base-url \(or EMBEDDINGS_BASE_URL\) is required.*npm run model:e5/);
    expect(() => parseBuildIndexArgs(['--embedder', 'openai-compatible', '--base-url', 'http://x/v1'], {})).toThrow(
      /--model \(or EMBEDDINGS_MODEL\) is required/,
    );
    expect(() => parseBuildIndexArgs(['--embedder', 'openai-compatible', '--base-url', '127.0.0.1:8000'], {})).toThrow(/--base-url must be an http\(s\) URL/);
    expect(() =>
      parseBuildIndexArgs(['--embedder', 'openai-compatible', '--base-url', 'http://x/v1', '--model', 'm'], { EMBEDDINGS_INPUT_TYPE: 'yes please' }),
    ).toThrow(/EMBEDDINGS_INPUT_TYPE must be true or false/);
    expect(() => parseBuildIndexArgs(['--embedder', 'test-hashing', '--verse-text', 'fr'], {})).toThrow(/--verse-text must be one of en, ar, en\+ar, got fr/);
  });
});
