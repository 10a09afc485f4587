/**
 * `npm run build:index -- --embedder local` end to end with the tiny model: the CLI opens the
 * model from `--model-dir`, embeds all verses and records the model, its prefixes and floors
 * in the manifest. The tiny model is copied under an E5 model id so the known-prefix table is
 * exercised too (the weights stay the tiny test ones; nothing here is semantic).
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { main } from '../build-index.js';
import { ensureTinyModel } from '../../data/testing/tiny-model/tiny-model.js';

const MODEL = 'Xenova/multilingual-e5-small';
let work: string;

beforeAll(async () => {
  const tiny = await ensureTinyModel();
  work = await mkdtemp(join(tmpdir(), 'quran-dai-build-local-'));
  await cp(tiny.modelDir, join(work, 'models', MODEL), { recursive: true });
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true); // progress bar
  vi.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterAll(async () => {
  vi.restoreAllMocks();
  if (work) await rm(work, { recursive: true, force: true });
});

describe('when build:index runs with --embedder local', () => {
  it('should write a local index whose manifest records the model, dims, prefixes and floors', async () => {
    await main(['--embedder', 'local', '--model', MODEL, '--model-dir', join(work, 'models'), '--out', join(work, 'index')], {});
    const id = 'local-xenova-multilingual-e5-small-32';
    const manifest = JSON.parse(await readFile(join(work, 'index', id, 'manifest.json'), 'utf8')) as VectorIndexManifest;
    expect(manifest).toMatchObject({
      id,
      embedder: 'local',
      model: MODEL,
      dims: 32,
      count: 6236,
      queryTask: 'query',
      documentTask: 'document',
      queryPrefix: 'query: ',
      documentPrefix: 'passage: ',
      floors: { primary: 0.8, fallback: 0.78 },
      contextualised: false,
    });
    expect((await readFile(join(work, 'index', id, manifest.files[0]!.path))).byteLength).toBe(manifest.files[0]!.bytes);
  });

  it('should stop with the folder to fill when the model is not there', async () => {
    await expect(
      main(
        ['--embedder', 'local', '--model', 'Xenova/paraphrase-multilingual-MiniLM-L12-v2', '--model-dir', join(work, 'models'), '--out', join(work, 'index')],
        {},
      ),
    ).rejects.toThrow(`put the model files in ${join(work, 'models')}/Xenova/paraphrase-multilingual-MiniLM-L12-v2/`);
  });
});
