/**
 * Test setup helper: generates (once) the tiny BERT-style model written by
 * `make-tiny-bert.py` and returns where it lives. Cached under `.cache/tiny-model/`
 * (gitignored) and regenerated when the generator script changes.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

const HERE = dirname(fileURLToPath(import.meta.url));
const GENERATOR = join(HERE, 'make-tiny-bert.py');

/** Model id of the tiny model inside its models directory. */
export const TINY_MODEL_ID = 'tiny-bert';
/** Hidden size of the tiny model, i.e. the embedding dimension. */
export const TINY_MODEL_DIMS = 32;
/** Default cache folder (repo root `.cache/`, gitignored). */
export const DEFAULT_TINY_MODEL_DIR = resolve(HERE, '../../../.cache/tiny-model');
/** The only Python that has `onnx` + `numpy` here; the pyenv `python3` on PATH does not. */
const PYTHON = '/usr/bin/python3';

export interface TinyModel {
  /** Directory to use as the models directory (`localModelPath`). */
  readonly modelsDir: string;
  readonly modelId: string;
  readonly dims: number;
  /** `modelsDir/modelId`. */
  readonly modelDir: string;
}

/** Generates the tiny model into `dir/tiny-bert/` unless an up-to-date copy is there. */
export async function ensureTinyModel(dir: string = DEFAULT_TINY_MODEL_DIR): Promise<TinyModel> {
  const modelsDir = resolve(dir);
  const modelDir = join(modelsDir, TINY_MODEL_ID);
  const stamp = createHash('sha256')
    .update(await readFile(GENERATOR))
    .digest('hex');
  const stampFile = join(modelDir, '.generator-sha256');
  const model: TinyModel = { modelsDir, modelId: TINY_MODEL_ID, dims: TINY_MODEL_DIMS, modelDir };
  if (existsSync(stampFile) && (await readFile(stampFile, 'utf8')) === stamp) return model;

  // Generate into a private folder and rename, so parallel test workers never see half a model.
  await mkdir(modelsDir, { recursive: true });
  const tmp = join(modelsDir, `.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    await run(PYTHON, [GENERATOR, tmp]).catch((error: unknown) => {
      throw new Error(
        `could not generate the tiny test model with ${PYTHON} (needs the onnx and numpy ` +
          `modules: apt-get install python3-onnx python3-numpy): ${String(error)}`,
      );
    });
    await writeFile(join(tmp, '.generator-sha256'), stamp);
    if (existsSync(modelDir)) {
      const current = existsSync(stampFile) ? await readFile(stampFile, 'utf8') : '';
      if (current === stamp) return model; // another worker won the race
      await rm(modelDir, { recursive: true, force: true });
    }
    await rename(tmp, modelDir).catch(async (error: unknown) => {
      if (!existsSync(stampFile)) throw error;
    });
    return model;
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
