// @vitest-environment happy-dom
import type { ReactiveController } from 'lit';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Corpus } from '../../data/corpus/corpus.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { translator } from '../i18n/ui-language.js';
import type { AudioLike } from '../listen/recitation-player.js';
import { CopiedMarker } from '../share/copied-marker.js';
import { waitUntil } from '../testing/wait-until.js';
import { VerseActions } from './verse-actions.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});
afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

/** A page element standing in for `<quran-dai>`, the events it emits, and the audio elements made. */
function setUp() {
  const el = document.createElement('div');
  document.body.append(el);
  const host = Object.assign(el, {
    updates: 0,
    addController: (_c: ReactiveController) => {},
    removeController: () => {},
    requestUpdate: () => void host.updates++,
    updateComplete: Promise.resolve(true),
  });
  const events: { type: string; detail: unknown }[] = [];
  for (const type of ['quran-dai-play', 'quran-dai-share']) el.addEventListener(type, (e) => void events.push({ type, detail: (e as CustomEvent).detail }));
  const audio: AudioLike[] = [];
  const warnings: string[] = [];
  const actions = new VerseActions(host, {
    corpus: () => corpus,
    track: () => 'en',
    t: () => translator('en'),
    lang: () => 'en',
    copied: new CopiedMarker(host),
    createAudio: () => {
      const a: AudioLike = { src: '', preload: '', play: async () => {}, pause: () => {}, addEventListener: () => {} };
      audio.push(a);
      return a;
    },
    warn: (w) => warnings.push(w),
  });
  return { host, actions, events, audio, warnings };
}

describe("when a card's context is opened and new results come", () => {
  it('should open exactly the cards asked for, toggle one, and start afresh with new results', () => {
    const { host, actions } = setUp();
    actions.startResults(['2:255']);
    actions.toggleContext('2:153');
    actions.toggleContext('2:255');
    expect([...actions.expanded]).toStrictEqual(['2:153']);
    actions.startResults([]);
    expect([...actions.expanded, host.updates]).toStrictEqual([4]);
  });
});

describe('when the site owner sets a recitation source', () => {
  it('should offer play buttons only for a checked source, warning once about a refused one', async () => {
    const { actions, warnings } = setUp();
    expect(actions.recitation('2:153')).toBeUndefined();
    await actions.applyAudioBase('https://everyayah.com/data/Alafasy_128kbps/{SSS}{AAA}.mp3');
    expect(actions.recitation('2:153')).toBe('idle');
    await actions.applyAudioBase('javascript:alert(1)');
    expect([actions.recitation('2:153'), warnings.length]).toStrictEqual([undefined, 1]);
  });

  it("should play the verse's recitation from its URL and say so with quran-dai-play", async () => {
    const { actions, audio, events } = setUp();
    await actions.applyAudioBase('https://everyayah.com/data/Alafasy_128kbps/{SSS}{AAA}.mp3');
    await actions.listen('2:153');
    await waitUntil(() => events.length > 0);
    expect(audio.map((a) => a.src)).toStrictEqual(['https://everyayah.com/data/Alafasy_128kbps/002153.mp3']);
    expect(events).toStrictEqual([{ type: 'quran-dai-play', detail: { ref: '2:153' } }]);
    expect(actions.recitation('2:153')).toBe('playing');
  });
});

describe('when a verse is shared', () => {
  it('should send its corpus text to the share sheet and say so with quran-dai-share', async () => {
    const shared: ShareData[] = [];
    vi.stubGlobal('navigator', { share: async (data: ShareData) => void shared.push(data) });
    const { actions, events } = setUp();
    await actions.share('2:153');
    expect(shared).toHaveLength(1);
    expect(shared[0]!.text).toContain(corpus.trackTexts('en')[corpus.indexOf({ surah: 2, ayah: 153 })]!.slice(0, 40));
    expect(events).toStrictEqual([{ type: 'quran-dai-share', detail: { kind: 'verse', subject: '2:153', method: 'share' } }]);
  });
});
