import { describe, expect, it } from 'vitest';
import { isForeignEvalWarning } from '../../vite.config.js';

describe('when the widget build warns', () => {
  it("should keep quiet about onnxruntime-web's own eval, and print every other warning", () => {
    expect(
      isForeignEvalWarning({
        code: 'EVAL',
        id: '/repo/node_modules/onnxruntime-web/dist/ort-web.min.js',
        message: 'Use of direct `eval` function is strongly discouraged',
      }),
    ).toBe(true);
    expect(isForeignEvalWarning({ code: 'EVAL', id: '/repo/widget/answer/answer-view.ts', message: 'Use of direct `eval`' })).toBe(false);
    expect(isForeignEvalWarning({ code: 'CIRCULAR_DEPENDENCY', id: '/repo/node_modules/onnxruntime-web/x.js' })).toBe(false);
  });
});
