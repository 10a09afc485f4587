import { describe, expect, it } from 'vitest';
import { siteFloorsFor } from './site-floors.js';

describe('siteFloorsFor', () => {
  it('should use the floors measured on the site questions for the bundled e5 model', () => {
    expect(siteFloorsFor('openai-compatible', 'multilingual-e5-small')).toEqual({ primary: 0.85, fallback: 0.83 });
  });

  it("should fall back to the verse index's floors by kind (Gemini 0.6, then 0.4)", () => {
    expect(siteFloorsFor('gemini', 'gemini-embedding-001')).toEqual({ primary: 0.6, fallback: 0.4 });
    expect(siteFloorsFor('openai-compatible', 'some-other-model')).toEqual({ primary: 0.3, fallback: 0.2 });
  });
});
