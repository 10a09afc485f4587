import { describe, expect, it } from 'vitest';
import { trackModelProgress, type LocalModelProgress } from './local-embedder-progress.js';

describe('when transformers.js reports progress for several files', () => {
  it('should sum bytes over the files that started and end with ready', () => {
    const seen: LocalModelProgress[] = [];
    const report = trackModelProgress((p) => seen.push(p));
    report({ status: 'initiate', file: 'config.json' });
    report({ status: 'progress', file: 'tokenizer.json', loaded: 50, total: 100 });
    report({ status: 'progress', file: 'onnx/model_quantized.onnx', loaded: 100, total: 900 });
    report({ status: 'progress', file: 'tokenizer.json', loaded: 100, total: 100 });
    report({ status: 'done', file: 'tokenizer.json' });
    report({ status: 'ready', task: 'feature-extraction' });
    expect(seen).toStrictEqual([
      { phase: 'loading', file: 'tokenizer.json', loadedBytes: 50, totalBytes: 100, fraction: 0.5 },
      { phase: 'loading', file: 'onnx/model_quantized.onnx', loadedBytes: 150, totalBytes: 1000, fraction: 0.15 },
      { phase: 'loading', file: 'tokenizer.json', loadedBytes: 200, totalBytes: 1000, fraction: 0.2 },
      { phase: 'ready', loadedBytes: 200, totalBytes: 1000, fraction: 1 },
    ]);
  });

  it('should report fraction 0 while no size is known and ignore malformed events', () => {
    const seen: LocalModelProgress[] = [];
    const report = trackModelProgress((p) => seen.push(p));
    report(null);
    report('progress');
    report({ status: 'progress', file: 'config.json' });
    expect(seen).toStrictEqual([{ phase: 'loading', file: 'config.json', loadedBytes: 0, totalBytes: 0, fraction: 0 }]);
  });
});
