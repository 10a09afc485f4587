import { describe, expect, it } from 'vitest';
import { floorsForModel, UNKNOWN_MODEL_FLOORS } from './local-embedder-floors.js';

describe('when choosing similarity floors for a local model', () => {
  it('should keep the high E5 floors for E5 models, known or recognised by name', () => {
    expect(floorsForModel('Xenova/multilingual-e5-base')).toStrictEqual({ primary: 0.8, fallback: 0.75 });
    expect(floorsForModel('someone/e5-large-v2-onnx')).toStrictEqual({ primary: 0.8, fallback: 0.75 });
  });

  it('should use the measured floors for multilingual-e5-small under each of its names', () => {
    for (const name of ['multilingual-e5-small', 'intfloat/multilingual-e5-small', 'Xenova/multilingual-e5-small']) {
      expect(floorsForModel(name)).toStrictEqual({ primary: 0.8, fallback: 0.78 });
    }
  });

  it('should use lower floors for paraphrase models, whose cosines spread lower', () => {
    expect(floorsForModel('Xenova/paraphrase-multilingual-MiniLM-L12-v2')).toStrictEqual({ primary: 0.45, fallback: 0.3 });
  });

  it('should fall back to permissive floors for an unknown model', () => {
    expect(floorsForModel('tiny-bert')).toStrictEqual(UNKNOWN_MODEL_FLOORS);
    expect(UNKNOWN_MODEL_FLOORS.primary).toBeGreaterThan(UNKNOWN_MODEL_FLOORS.fallback);
  });
});
