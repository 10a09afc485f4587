import { describe, expect, it, vi } from 'vitest';
import { AnswerModuleLoader, type AnswerViewModule } from './answer-module-loader.js';

const fakeModule = { answerView: () => ({ template: undefined, citations: [] }) } as unknown as AnswerViewModule;

describe('when the answer renderer is loaded', () => {
  it('should import it once for any number of callers and tell the element once', async () => {
    const importModule = vi.fn(() => Promise.resolve(fakeModule));
    const onLoaded = vi.fn();
    const loader = new AnswerModuleLoader(onLoaded, importModule);
    expect(loader.module).toBeUndefined();
    const [a, b] = await Promise.all([loader.load(), loader.load()]);
    await loader.load();
    expect([a, b, loader.module]).toStrictEqual([fakeModule, fakeModule, fakeModule]);
    expect(importModule).toHaveBeenCalledTimes(1);
    expect(onLoaded).toHaveBeenCalledTimes(1);
  });

  it('should log a failed import and try again on the next call', async () => {
    const importModule = vi.fn().mockRejectedValueOnce(new Error('chunk 404')).mockResolvedValueOnce(fakeModule);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const loader = new AnswerModuleLoader(() => {}, importModule);
    await expect(loader.load()).rejects.toThrow('chunk 404');
    expect(warn.mock.calls).toStrictEqual([['quran-dai: answer renderer failed to load (chunk 404)']]);
    expect(loader.module).toBeUndefined();
    expect(await loader.load()).toBe(fakeModule);
    expect(importModule).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
