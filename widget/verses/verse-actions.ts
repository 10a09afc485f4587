/**
 * @module
 * What a verse card's buttons do and what they leave on screen: which cards show their
 * same-surah context, copy (with its "Copied"), share (the share sheet, or a copy where the
 * browser has none), and listen (the recitation from the checked `audio-base`; the player
 * loads with the first play). Every text comes from the corpus.
 */
import type { ReactiveControllerHost } from 'lit';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { tryParseReference } from '../../data/corpus/reference-parser.js';
import { emit } from '../events/emit.js';
import type { Translate } from '../i18n/ui-language.js';
import type { AudioLike, RecitationPlayer, RecitationState } from '../listen/recitation-player.js';
import type { CopiedMarker } from '../share/copied-marker.js';
import { VerseClipboard } from './verse-clipboard.js';

type Host = ReactiveControllerHost & HTMLElement;

export interface VerseActionsOptions {
  readonly corpus: () => Corpus | undefined;
  /** The translation chosen (a share falls back to English where the corpus lacks it). */
  readonly track: () => TextTrackId;
  readonly t: () => Translate;
  readonly lang: () => string;
  readonly copied: CopiedMarker;
  readonly createAudio: () => AudioLike;
  readonly warn: (warning: string) => void;
}

export class VerseActions {
  /** Cards whose same-surah context is open, by `S:A`. */
  expanded: ReadonlySet<string> = new Set();
  readonly #clipboard: VerseClipboard;
  #audioTemplate: string | undefined;
  #audioValue: string | undefined;
  #player: RecitationPlayer | undefined;
  readonly #host: Host;
  readonly #o: VerseActionsOptions;

  constructor(host: Host, options: VerseActionsOptions) {
    this.#host = host;
    this.#o = options;
    this.#clipboard = new VerseClipboard(host);
  }

  /** The card copied a moment ago, as `S:A`. */
  get copiedRef(): string | undefined {
    return this.#clipboard.copiedRef;
  }

  /** The recitation's state of `ref`; undefined when there is no valid `audio-base` (no play button). */
  recitation(ref: string): RecitationState | undefined {
    return this.#audioTemplate ? (this.#player?.stateOf(ref) ?? 'idle') : undefined;
  }

  /**
   * New results: opens the context of exactly these cards (an explained verse opens on its
   * passage), and the last results' "recitation could not be loaded" notes are forgotten.
   */
  startResults(refs: readonly string[]): void {
    this.expanded = new Set(refs);
    this.#player?.forgetFailures();
    this.#host.requestUpdate();
  }

  toggleContext(ref: string): void {
    const next = new Set(this.expanded);
    if (!next.delete(ref)) next.add(ref);
    this.expanded = next;
    this.#host.requestUpdate();
  }

  copy(ref: string): void {
    const corpus = this.#o.corpus();
    if (corpus) void this.#clipboard.copy(corpus, ref, this.#o.track(), this.#o.t(), this.#o.lang());
  }

  async share(ref: string): Promise<void> {
    const corpus = this.#o.corpus();
    const range = corpus ? tryParseReference(ref, corpus) : undefined;
    if (!corpus || !range) return;
    const { shareVerse } = await import('../share/share-verse.js');
    let method;
    try {
      const track = this.#o.track();
      method = await shareVerse(
        corpus,
        { surah: range.surah, ayah: range.from },
        corpus.hasTrack(track) ? track : 'en',
        this.#o.t(),
        navigator,
        this.#o.lang(),
      );
    } catch (e) {
      console.warn(`quran-dai: share failed (${(e as Error).message})`);
      return;
    }
    if (method === 'cancelled') return;
    emit(this.#host, 'quran-dai-share', { kind: 'verse', subject: ref, method });
    if (method === 'copy') this.#o.copied.mark(ref);
  }

  /** Checks a new `audio-base` (the parser loads with it, off the first load); a refused value warns once. */
  async applyAudioBase(value: string | undefined): Promise<void> {
    this.#audioValue = value;
    if (!value) {
      this.#audioTemplate = undefined;
      return;
    }
    const { parseAudioSource } = await import('../listen/audio-source.js');
    if (value !== this.#audioValue) return;
    const source = parseAudioSource(value);
    this.#audioTemplate = source.ok ? source.template : undefined;
    if (!source.ok) this.#o.warn(source.warning);
    this.#host.requestUpdate();
  }

  /** Plays or stops the verse's recitation. */
  async listen(ref: string): Promise<void> {
    const template = this.#audioTemplate;
    const corpus = this.#o.corpus();
    const range = corpus ? tryParseReference(ref, corpus) : undefined;
    if (!template || !range) return;
    const [{ RecitationPlayer }, { audioUrlFor }] = await Promise.all([import('../listen/recitation-player.js'), import('../listen/audio-source.js')]);
    this.#player ??= new RecitationPlayer(this.#host, {
      createAudio: this.#o.createAudio,
      onPlay: (playing) => emit(this.#host, 'quran-dai-play', { ref: playing }),
    });
    this.#player.toggle(ref, audioUrlFor(template, { surah: range.surah, ayah: range.from }));
  }
}
