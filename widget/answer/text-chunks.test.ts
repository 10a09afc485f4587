import { describe, expect, it } from 'vitest';
import { textChunks } from './text-chunks.js';

describe('textChunks', () => {
  it('keeps a short text whole', () => {
    expect(textChunks('Patience and prayer.', 512)).toBe('Patience and prayer.');
  });

  it('cuts a long text at fixed offsets, so a text that grows keeps its earlier pieces', () => {
    const text = 'abcdefghij'.repeat(10);
    const before = textChunks(text, 16) as string[];
    const after = textChunks(text + 'klmnopqrstuvwxyz', 16) as string[];
    expect(before.join('')).toBe(text);
    expect(before.map((p) => p.length)).toEqual([16, 16, 16, 16, 16, 16, 4]);
    expect(after.slice(0, 6)).toEqual(before.slice(0, 6));
    expect(after.join('')).toBe(text + 'klmnopqrstuvwxyz');
  });

  it('never splits a surrogate pair', () => {
    const text = 'a'.repeat(15) + '😀' + 'b'.repeat(20);
    const pieces = textChunks(text, 16) as string[];
    expect(pieces[0]).toBe('a'.repeat(15) + '😀');
    expect(pieces.join('')).toBe(text);
    for (const p of pieces) expect(p).not.toMatch(/^[\uDC00-\uDFFF]|[\uD800-\uDBFF]$/);
  });
});
