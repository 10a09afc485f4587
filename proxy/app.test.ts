import { describe, expect, it } from 'vitest';
import { createMemoryFileSource } from './middleware/static-files/file-source.js';
import { IMMUTABLE_CACHE_CONTROL } from './middleware/static-files/index.js';
import { createTestProxy } from './testing/test-proxy.js';

describe('when the widget bundle is served', () => {
  it('should cache Vite chunks forever but revalidate the entry that names them', async () => {
    const widget = createMemoryFileSource({
      'quran-dai.js': 'import("./chunks/answer-view-DI-DxQxU.js")',
      'chunks/answer-view-DI-DxQxU.js': 'export {}',
    });
    const { app } = await createTestProxy({}, { files: { widget } });
    const entry = await app.request('/widget/quran-dai.js');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await app.request('/widget/chunks/answer-view-DI-DxQxU.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
  });
});
