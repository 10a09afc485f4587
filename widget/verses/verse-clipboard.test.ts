import { fakeControllerHost } from '../testing/fake-controller-host.js';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Corpus } from '../../data/corpus/corpus.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { COPIED_MS, VerseClipboard, type TextClipboard } from './verse-clipboard.js';
import { loadUiText, translator } from '../i18n/ui-language.js';
import { verseCopyText } from './verse-copy-text.js';

const t = translator('en');

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(clipboard: TextClipboard) {
  const host = fakeControllerHost();
  return { host, copier: new VerseClipboard(host, () => clipboard) };
}

describe('when a verse is copied', () => {
  it('should write the verse from the corpus and say "copied" for a moment', async () => {
    vi.useFakeTimers();
    const written: string[] = [];
    const { host, copier } = setup({ writeText: async (text) => void written.push(text) });
    await copier.copy(corpus, '2:153', 'en', t, 'en');
    const ref = { surah: 2, ayah: 153 };
    expect(written).toStrictEqual([verseCopyText(corpus.verse(ref, 'en'), corpus.surah(2).nameTransliterated, corpus.trackName('en'), t)]);
    expect(written[0]).toContain('— Quran 2:153, Al-Baqarah');
    expect(copier.copiedRef).toBe('2:153');
    expect(host.updates).toBe(1);
    vi.advanceTimersByTime(COPIED_MS);
    expect(copier.copiedRef).toBeUndefined();
    expect(host.updates).toBe(2);
  });

  it('should name the surah and the translation in the interface language when it is Urdu', async () => {
    await loadUiText('ur');
    const written: string[] = [];
    const { copier } = setup({ writeText: async (text) => void written.push(text) });
    await copier.copy(corpus, '2:153', 'en', translator('ur'), 'ur');
    expect(written[0]).toContain(corpus.surah(2).nameArabic);
    expect(written[0]).not.toContain('Al-Baqarah');
  });

  it('should log a refused clipboard and not claim the copy', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { copier } = setup({ writeText: () => Promise.reject(new Error('not allowed')) });
    await copier.copy(corpus, '2:153', 'en', t, 'en');
    expect(copier.copiedRef).toBeUndefined();
    expect(warn.mock.calls).toStrictEqual([['quran-dai: copy failed (not allowed)']]);
    warn.mockRestore();
  });

  it('should ignore a reference that is not a verse', async () => {
    const writeText = vi.fn(async () => {});
    const { copier } = setup({ writeText });
    await copier.copy(corpus, '2:999', 'en', t, 'en');
    expect(writeText).not.toHaveBeenCalled();
  });
});
