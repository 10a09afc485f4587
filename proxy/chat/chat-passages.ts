/**
 * @module
 * Turns checked verse references into prompt passages with text from the proxy's corpus
 * (Arabic + the requested translation). Identical passages are merged; order is rank order.
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import { formatRange, formatRef } from '../../data/corpus/verse-range.js';
import type { PromptPassage } from '../prompt/dai-prompt.js';
import type { CheckedVerse } from './chat-request-schema.js';

export function collectPassages(checked: readonly CheckedVerse[], corpus: Corpus, track: TextTrackId): PromptPassage[] {
  const byLabel = new Map<string, { label: string; surahName: string; primary: string[]; verses: PromptPassage['verses'] }>();
  for (const { ref, passage } of checked) {
    const label = formatRange(passage);
    const existing = byLabel.get(label);
    const r = formatRef(ref);
    if (existing) {
      if (!existing.primary.includes(r)) existing.primary.push(r);
      continue;
    }
    const verses = corpus.versesIn(passage, track).map((v) => ({
      ref: formatRef(v.ref),
      arabic: v.arabic,
      ...(v.translation === undefined ? {} : { translation: v.translation }),
    }));
    byLabel.set(label, { label, surahName: corpus.surah(passage.surah).nameTransliterated, primary: [r], verses });
  }
  return [...byLabel.values()];
}
