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
    expect(() => parseBuildIndexArgs([], {})).toThrow(/--embedder must be gemini, test-hashing or local, got nothing/);
    expect(() => parseBuildIndexArgs(['--embedder', 'test-hashing', '--dims', 'x'], {})).toThrow(/--dims must be an integer/);
    expect(() => parseBuildIndexArgs(['--embedder', 'gemini'], { GEMINI_API_KEY: 'k', GEMINI_BASE_URL: 'ftp://x' })).toThrow(/GEMINI_BASE_URL must be an http/);
    expect(() => parseBuildIndexArgs(['--embedder', 'test-hashing', '--bogus'], {})).toThrow(/usage: npm run build:index/);
  });

  it('should need --model for a local model and read --model-dir (H-local)', () => {
    expect(() => parseBuildIndexArgs(['--embedder', 'local'], {})).toThrow(/--model is required with --embedder local/);
    const config = parseBuildIndexArgs(['--embedder', 'local', '--model', 'Xenova/multilingual-e5-small', '--model-dir', '/srv/models'], {});
    expect(config.local).toEqual({ model: 'Xenova/multilingual-e5-small', modelDir: '/srv/models' });
    expect(() => embedderFor(config)).toThrow(/use openLocalEmbedderFromDir/);
  });
});
