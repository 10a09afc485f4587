/**
 * A verse card's copy button: copies the verse (Arabic, translation, reference, all from the
 * corpus) and remembers which card was copied for a moment, so its button can say "Copied".
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { tryParseReference } from '../../data/corpus/reference-parser.js';
import type { Translate } from '../i18n/ui-language.js';
import { verseCopyText } from './verse-copy-text.js';
import { surahDisplayName, translationDisplayName } from './surah-name.js';

/** How long a card's button says "Copied". */
export const COPIED_MS = 2000;

/** The part of `navigator.clipboard` a copy needs. */
export interface TextClipboard {
  writeText(text: string): Promise<void>;
}

export class VerseClipboard implements ReactiveController {
  /** The card copied within the last `COPIED_MS`, as `S:A`. */
  copiedRef: string | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly clipboard: () => TextClipboard = () => navigator.clipboard,
  ) {
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  /** Copies verse `ref` with translation `track`, its reference line in the interface language; a refused clipboard is logged, nothing else changes. */
  async copy(corpus: Corpus, ref: string, track: TextTrackId, t: Translate, uiLang: string): Promise<void> {
    const range = tryParseReference(ref, corpus);
    if (!range) return;
    const target = { surah: range.surah, ayah: range.from };
    const verse = corpus.verse(target, track);
    const text = verseCopyText(verse, surahDisplayName(corpus.surah(target.surah), uiLang), translationDisplayName(corpus, track, uiLang), t);
    try {
      await this.clipboard().writeText(text);
    } catch (e) {
      console.warn(`quran-dai: copy failed (${(e as Error).message})`);
      return;
    }
    this.copiedRef = ref;
    this.host.requestUpdate();
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.copiedRef = undefined;
      this.host.requestUpdate();
    }, COPIED_MS);
  }
}
