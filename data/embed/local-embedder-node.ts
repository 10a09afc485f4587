/**
 * Node side of the local embedder: resolves the models directory and checks the model's
 * files are there before transformers.js gets to fail with a less helpful message.
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IndexModelFields } from './local-embedder-compat.js';
import { LocalModelError } from './local-embedder-error.js';
import {
  DEFAULT_LOCAL_EMBEDDER_OPTIONS,
  missingModelMessage,
  openLocalEmbedder,
  requiredModelFiles,
  type LocalEmbedder,
  type LocalEmbedderOptions,
} from './local-embedder.js';

/** `data/models/` (gitignored); the proxy serves the same folder (env `MODELS_DIR`, same default). */
export const DEFAULT_MODELS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../models');

/** `--model-dir`, else env `MODELS_DIR`, else `data/models/`. */
export function resolveModelsDir(modelDir?: string, envValue: string | undefined = process.env['MODELS_DIR']): string {
  return resolve(modelDir ?? (envValue || DEFAULT_MODELS_DIR));
}

/** Throws `LocalModelError('model-missing')` naming the folder and the missing files. */
export function assertModelFiles(modelsDir: string, model: string, quantized: boolean = true): void {
  const modelDir = join(modelsDir, model);
  const missing = requiredModelFiles(quantized).filter((f) => !existsSync(join(modelDir, f)));
  if (missing.length > 0) {
    const detail = existsSync(modelDir) ? `missing ${missing.join(', ')}` : `no folder ${modelDir}`;
    throw new LocalModelError('model-missing', missingModelMessage(modelsDir, model, quantized, detail));
  }
}

export interface NodeLocalEmbedderOptions extends Omit<LocalEmbedderOptions, 'modelBase' | 'wasmBase'> {
  /** Models directory. Default: env `MODELS_DIR`, else `data/models/`. */
  readonly modelDir?: string;
}

/** Opens a local model from disk for index builds (checks the files first). */
export async function openLocalEmbedderFromDir(options: NodeLocalEmbedderOptions): Promise<LocalEmbedder> {
  const modelsDir = resolveModelsDir(options.modelDir);
  const { modelDir: _ignored, ...rest } = options;
  assertModelFiles(modelsDir, options.model, options.quantized ?? DEFAULT_LOCAL_EMBEDDER_OPTIONS.quantized);
  // transformers.js joins localModelPath and the model id with '/', so hand it a directory path.
  return openLocalEmbedder({ ...rest, modelBase: `${modelsDir}/` });
}

/**
 * Folder holding onnxruntime-web's WASM files, matching the onnxruntime-web JS the widget
 * bundles (local-embedder-session.ts imports it). The proxy serves these at `/runtime/ort/`.
 */
export const ORT_WASM_DIR = join(dirname(createRequire(import.meta.url).resolve('onnxruntime-web/package.json')), 'dist');

/**
 * The files a browser fetches from `/runtime/ort/` with one WASM thread (what the widget
 * configures): SIMD build, and the plain build for browsers without WASM SIMD.
 */
export const ORT_WASM_FILES = ['ort-wasm-simd.wasm', 'ort-wasm.wasm'] as const;

/**
 * Opens the model a `local` index was built with, embedding exactly as the index says
 * (its prefixes), and refuses a model whose id or dimension differs (eval, benchmarks).
 */
export async function openLocalEmbedderForIndex(manifest: IndexModelFields, modelDir?: string): Promise<LocalEmbedder> {
  const embedder = await openLocalEmbedderFromDir({
    model: manifest.model,
    ...(modelDir === undefined ? {} : { modelDir }),
    prefixes: { query: manifest.queryPrefix, document: manifest.documentPrefix },
  });
  embedder.assertServes(manifest);
  return embedder;
}
