import { describe, expect, it } from 'vitest';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { RecitationPlayer, type AudioLike } from './recitation-player.js';

/** An audio element whose play() the test settles, and whose events it fires. */
class FakeAudio implements AudioLike {
  src = '';
  preload = 'auto';
  paused = true;
  readonly plays: { src: string; resolve: () => void; reject: (e: Error) => void }[] = [];
  readonly #listeners = new Map<string, (() => void)[]>();
  play(): Promise<void> {
    this.paused = false;
    return new Promise((resolve, reject) => this.plays.push({ src: this.src, resolve, reject }));
  }
  pause(): void {
    this.paused = true;
  }
  addEventListener(type: string, listener: () => void): void {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), listener]);
  }
  fire(type: string): void {
    for (const l of this.#listeners.get(type) ?? []) l();
  }
}

function setup() {
  const updates = { count: 0 };
  const host: ReactiveControllerHost = {
    addController: (_c: ReactiveController) => {},
    removeController: () => {},
    requestUpdate: () => void updates.count++,
    updateComplete: Promise.resolve(true),
  };
  const audio = new FakeAudio();
  const played: string[] = [];
  let created = 0;
  const player = new RecitationPlayer(host, { createAudio: () => (created++, audio), onPlay: (ref) => played.push(ref) });
  return { player, audio, played, updates, created: () => created };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('RecitationPlayer', () => {
  it('should create no audio element until a verse is played, then one with preload none', async () => {
    const { player, audio, created } = setup();
    expect(created()).toBe(0);
    player.toggle('2:153', '/a/002153.mp3');
    expect(created()).toBe(1);
    expect(audio.preload).toBe('none');
    expect(audio.src).toBe('/a/002153.mp3');
    expect(player.stateOf('2:153')).toBe('loading');
  });

  it('should say playing and fire onPlay once the audio starts', async () => {
    const { player, audio, played } = setup();
    player.toggle('2:153', '/a/002153.mp3');
    audio.plays[0]!.resolve();
    await flush();
    expect(player.stateOf('2:153')).toBe('playing');
    expect(played).toStrictEqual(['2:153']);
  });

  it('should play one verse at a time: a second verse stops the first', async () => {
    const { player, audio, created, played } = setup();
    player.toggle('2:153', '/a/002153.mp3');
    player.toggle('2:155', '/a/002155.mp3');
    expect(created()).toBe(1);
    expect(audio.src).toBe('/a/002155.mp3');
    expect(player.stateOf('2:153')).toBe('idle');
    expect(player.stateOf('2:155')).toBe('loading');
    // The first play() settling late must not mark the first verse playing, or fire for it.
    audio.plays[0]!.resolve();
    audio.plays[1]!.resolve();
    await flush();
    expect(player.stateOf('2:153')).toBe('idle');
    expect(player.stateOf('2:155')).toBe('playing');
    expect(played).toStrictEqual(['2:155']);
  });

  it('should stop when the playing verse is pressed again, and when it ends', async () => {
    const { player, audio } = setup();
    player.toggle('2:153', '/a/002153.mp3');
    audio.plays[0]!.resolve();
    await flush();
    player.toggle('2:153', '/a/002153.mp3');
    expect(audio.paused).toBe(true);
    expect(player.stateOf('2:153')).toBe('idle');
    player.toggle('2:153', '/a/002153.mp3');
    audio.plays[1]!.resolve();
    await flush();
    audio.fire('ended');
    expect(player.stateOf('2:153')).toBe('idle');
  });

  it('should mark only the verse whose audio failed to load, until it is tried again', async () => {
    const { player, audio } = setup();
    player.toggle('2:153', '/a/missing.mp3');
    audio.plays[0]!.reject(new Error('NotSupportedError'));
    await flush();
    expect(player.stateOf('2:153')).toBe('failed');
    expect(player.stateOf('2:155')).toBe('idle');
    player.toggle('2:155', '/a/002155.mp3');
    audio.fire('error');
    expect(player.stateOf('2:155')).toBe('failed');
    player.toggle('2:153', '/a/002153.mp3');
    expect(player.stateOf('2:153')).toBe('loading');
  });

  it('should stop when the widget leaves the page', async () => {
    const { player, audio } = setup();
    player.toggle('2:153', '/a/002153.mp3');
    player.hostDisconnected();
    expect(audio.paused).toBe(true);
    expect(player.stateOf('2:153')).toBe('idle');
  });
});
