import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeGemini, type FakeGemini } from '../data/testing/fake-gemini.js';
import { main } from './build-index.js';

let fake: FakeGemini;
let out: string;
beforeAll(async () => {
  fake = await startFakeGemini();
  out = await mkdtemp(join(tmpdir(), 'qd-build-index-'));
});
afterAll(async () => {
  await fake.close();
  await rm(out, { recursive: true, force: true });
});

describe('when npm run build:index runs with GEMINI_API_KEY and GEMINI_BASE_URL', () => {
  it('should embed through that base URL, draw progress on stderr and print a summary on stdout', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const stdout = vi.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await main(['--embedder', 'gemini', '--dims', '16', '--out', out], { GEMINI_API_KEY: fake.apiKey, GEMINI_BASE_URL: fake.baseURL });
      expect(fake.calls[0]!.headers['x-goog-api-key']).toBe(fake.apiKey);
      expect(fake.embeddedTextCount).toBe(6236);
      expect(stderr.mock.calls.map((c) => String(c[0])).join('')).toContain('100% 6236/6236 verses');
      expect(String(stdout.mock.calls[0]![0])).toMatch(
        /^gemini-embedding-001-16: 6236 x 16 int4-centered-staged → .*signs\.[0-9a-f]{16}\.bin \(37496 bytes, \d+ gzip\) \+ magnitudes\.[0-9a-f]{16}\.bin \(74848 bytes, \d+ gzip\), 63 batches embedded, 0 resumed/,
      );
      const manifest = JSON.parse(await readFile(join(out, 'gemini-embedding-001-16', 'manifest.json'), 'utf8'));
      expect(manifest).toMatchObject({ embedder: 'gemini', dims: 16, count: 6236, documentTask: 'RETRIEVAL_DOCUMENT' });
    } finally {
      stderr.mockRestore();
      stdout.mockRestore();
    }
  });

  it('should refuse to start without a key', async () => {
    await expect(main(['--embedder', 'gemini'], {})).rejects.toThrow(/GEMINI_API_KEY is not set/);
  });
});
