import { describe, expect, it } from 'vitest';
import { createInt8DotKernel, int8DotSupported, INT8_DOT_WASM } from './int8-dot-wasm.js';

describe('when the int8 SIMD kernel computes dot products', () => {
  it('should be a valid module in Node 20', () => {
    expect(WebAssembly.validate(INT8_DOT_WASM)).toBe(true);
    expect(int8DotSupported()).toBe(true);
  });

  it('should equal the scalar int8 dot products, including extreme values', () => {
    const dims = 48;
    const count = 5;
    const codes = Int8Array.from({ length: count * dims }, (_, i) => (i % 3 === 0 ? 127 : i % 3 === 1 ? -127 : ((i * 37) % 255) - 127));
    const query = Int8Array.from({ length: dims }, (_, j) => (j % 2 ? -127 : 127));
    const kernel = createInt8DotKernel(codes, count, dims)!;
    const expected = Array.from({ length: count }, (_, r) => {
      let s = 0;
      for (let j = 0; j < dims; j++) s += codes[r * dims + j]! * query[j]!;
      return s;
    });
    expect(Array.from(kernel.dots(query))).toEqual(expected);
  });

  it('should decline dims that are not a multiple of 16', () => {
    expect(createInt8DotKernel(new Int8Array(20), 1, 20)).toBeUndefined();
  });
});
