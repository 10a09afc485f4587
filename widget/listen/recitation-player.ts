/**
 * @module
 * Plays one verse's recitation at a time for the verse cards. One audio element serves every
 * card, with `preload="none"`, so nothing is downloaded until a visitor presses play, and
 * starting a verse stops the one before. A load error is kept per verse for its card to show.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

/** The part of `HTMLAudioElement` the player uses (a fake in unit tests). */
export interface AudioLike {
  src: string;
  preload: string;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'ended' | 'error' | 'pause', listener: () => void): void;
}

export type RecitationState = 'idle' | 'loading' | 'playing' | 'failed';

export interface RecitationPlayerOptions {
  /** Creates the one audio element, on the first play. */
  readonly createAudio: () => AudioLike;
  /** Called when a verse starts playing (the `quran-dai-play` event). */
  readonly onPlay?: (ref: string) => void;
}

export class RecitationPlayer implements ReactiveController {
  #audio: AudioLike | undefined;
  #current: string | undefined;
  #state: RecitationState = 'idle';
  readonly #failed = new Set<string>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: RecitationPlayerOptions,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  hostDisconnected(): void {
    this.stop();
  }

  /** What the card of `ref` shows. */
  stateOf(ref: string): RecitationState {
    if (ref === this.#current) return this.#state;
    return this.#failed.has(ref) ? 'failed' : 'idle';
  }

  /** Play `ref` from `url`, or stop it when it is the verse playing now. */
  toggle(ref: string, url: string): void {
    if (ref === this.#current && (this.#state === 'playing' || this.#state === 'loading')) {
      this.stop();
      return;
    }
    const audio = this.#element();
    audio.pause();
    this.#failed.delete(ref);
    this.#current = ref;
    this.#state = 'loading';
    audio.src = url;
    this.host.requestUpdate();
    audio.play().then(
      () => {
        if (this.#current !== ref) return;
        this.#state = 'playing';
        this.options.onPlay?.(ref);
        this.host.requestUpdate();
      },
      () => this.#fail(ref),
    );
  }

  /** Drop the failure notes (new cards are shown; a verse that failed can be tried again). */
  forgetFailures(): void {
    this.#failed.clear();
  }

  stop(): void {
    if (this.#current === undefined) return;
    this.#current = undefined;
    this.#state = 'idle';
    this.#audio?.pause();
    this.host.requestUpdate();
  }

  #fail(ref: string): void {
    // A play() refused after another verse was chosen is that verse's business, not this one's.
    if (this.#current !== ref) return;
    this.#failed.add(ref);
    this.#current = undefined;
    this.#state = 'idle';
    this.host.requestUpdate();
  }

  #element(): AudioLike {
    if (this.#audio) return this.#audio;
    const audio = this.options.createAudio();
    audio.preload = 'none';
    audio.addEventListener('ended', () => this.stop());
    audio.addEventListener('error', () => {
      if (this.#current) this.#fail(this.#current);
    });
    this.#audio = audio;
    return audio;
  }
}
