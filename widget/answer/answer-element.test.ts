// @vitest-environment happy-dom
/**
 * The element answering, with the fake proxy for what the real one cannot be made to do on demand
 * (a given wait, a dropped connection, a hanging or runaway stream): earlier answers on screen,
 * answers that cannot be given, stopping, and sharing or rating an answer. A streamed answer as the
 * real proxy sends it is in answer-real-proxy.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import { createFakeProxy } from '../testing/element-harness.js';
import { memoryConversationStore } from '../history/conversation-store.js';
import { waitUntil } from '../testing/wait-until.js';
import type { WidgetConfig } from '../../data/contracts/widget-config.js';
import { type Mounted, mount, $, $$, text, askAndWait, useElementPage } from '../testing/element-page.js';

useElementPage();

// The real answer renderer, counted: earlier answers must be parsed once, not on every render.
vi.mock('./answer-view.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('./answer-view.js')>();
  return { ...real, answerView: vi.fn(real.answerView) };
});

describe('when earlier answers are stored', () => {
  it('should show stored history on load and clear it on request', async () => {
    const first = await mount();
    await askAndWait(first, '2:153');
    first.el.remove();
    const again = await mount({}, { store: first.store });
    expect($$(again.el, '[part~="history-item"]')).toHaveLength(1);
    ($(again.el, '[part~="clear"]') as HTMLButtonElement).click();
    await waitUntil(() => $$(again.el, '[part~="history-item"]').length === 0);
    expect(await first.store.list()).toStrictEqual([]);
  });
});

describe('when the visitor types with earlier answers on screen', () => {
  it('should parse each earlier answer once, not again on every keystroke', async () => {
    const store = memoryConversationStore();
    const answers = Array.from({ length: 20 }, (_, i) => `Answer ${i}: seek help through patience [2:153]. «إِنَّ ٱللَّهَ مَعَ ٱلصَّٰبِرِينَ»`);
    for (const [i, answer] of answers.entries()) {
      await store.append({ question: `Question ${i}`, answer, refs: ['2:153'], context: ['2:148-158'], at: i });
    }
    const { answerView } = await import('./answer-view.js');
    vi.mocked(answerView).mockClear();
    const m = await mount({}, { store });
    await waitUntil(() => $$(m.el, '[part~="history-item"] a[part~="citation"]').length === answers.length);
    const parsed = vi.mocked(answerView).mock.calls.map(([text]) => text);
    expect([...parsed].sort()).toStrictEqual([...answers].sort());

    const input = $(m.el, '[part~="input"]') as HTMLInputElement;
    for (const ch of 'What is patience?') {
      input.value += ch;
      input.dispatchEvent(new Event('input'));
      await m.el.updateComplete;
    }
    expect(vi.mocked(answerView).mock.calls.length).toBe(answers.length);
    expect(text($$(m.el, '[part~="history-item"]')[3]!.querySelector('.answer__body'))).toContain('Answer 3: seek help through patience [2:153]');
  });

  it('should check the finished answer once for the screen and the answer event, not again on every keystroke', async () => {
    const m = await mount();
    const { answerView } = await import('./answer-view.js');
    vi.mocked(answerView).mockClear();
    await askAndWait(m, '2:153');
    const final = (m.events['quran-dai-answer']!.at(-1)!.detail as { text: string }).text;
    const input = $(m.el, '[part~="input"]') as HTMLInputElement;
    for (const ch of 'and prayer?') {
      input.value += ch;
      input.dispatchEvent(new Event('input'));
      await m.el.updateComplete;
    }
    expect(vi.mocked(answerView).mock.calls.filter(([text]) => text === final)).toHaveLength(1);
  });

  it('should render the earlier answers again when the interface language changes', async () => {
    const store = memoryConversationStore();
    await store.append({ question: 'Q', answer: 'See [2:999].', refs: ['2:153'], context: ['2:148-158'], at: 1 });
    const m = await mount({}, { store });
    await waitUntil(() => $(m.el, '[part~="history-item"] [part~="citation-flag"]') !== null);
    expect(text($(m.el, '[part~="history-item"] [part~="citation-flag"]'))).toBe('not a verse');
    m.el.lang = 'ar';
    await m.el.updateComplete;
    expect(text($(m.el, '[part~="history-item"] [part~="citation-flag"]'))).toBe('ليست آية');
  });
});

describe('when the answer cannot be given', () => {
  it('should show the wait time on 429 and keep the verses', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'status', status: 429, headers: { 'retry-after': '42' }, body: { error: { code: 'rate-limited', message: 'slow down' } } };
    await askAndWait(m, '2:153');
    expect(text($(m.el, '[part~="notice-rate-limited"]'))).toBe(
      'Too many questions right now. Please wait 42 seconds and try again. The verses are shown below. Try again',
    );
    expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:153']);
    expect(m.events['quran-dai-error']![0]!.detail).toMatchObject({ code: 'rate-limited', status: 429, retryAfterSeconds: 42 });
  });

  it('should count the wait down live, keep searching but not answering meanwhile, and answer again at 0', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'status', status: 429, headers: { 'retry-after': '3' }, body: { error: { code: 'rate-limited', message: 'slow down' } } };
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      await askAndWait(m, '2:153');
      const notice = () => $(m.el, '[part~="notice-rate-limited"]')!;
      const submit = () => $(m.el, '[part~="submit"]') as HTMLButtonElement;
      const retry = () => $(m.el, '[part~="retry"]') as HTMLButtonElement;
      expect(text(notice())).toBe('Too many questions right now. Please wait 3 seconds and try again. The verses are shown below. Try again');
      expect([submit().disabled, retry().disabled]).toStrictEqual([false, true]);

      vi.advanceTimersByTime(1000);
      await m.el.updateComplete;
      // Shown live, but screen readers keep the one announcement (the alert is not re-read every second).
      expect(text(notice().querySelector('[aria-hidden="true"]'))).toBe(
        'Too many questions right now. Please wait 2 seconds and try again. The verses are shown below.',
      );
      expect(text(notice().querySelector('.visually-hidden'))).toBe(
        'Too many questions right now. Please wait 3 seconds and try again. The verses are shown below.',
      );
      // Searching runs in the page: the new question gets its verses, and no answer is asked for.
      await m.el.ask('2:255');
      await m.el.updateComplete;
      expect(m.proxy.chatRequests()).toHaveLength(1);
      expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:255']);
      expect(text(notice().querySelector('.visually-hidden'))).toBe(
        'Too many questions right now. Please wait 2 seconds and try again. The verses are shown below.',
      );

      vi.advanceTimersByTime(1000);
      await m.el.updateComplete;
      expect(text(notice().querySelector('[aria-hidden="true"]'))).toBe(
        'Too many questions right now. Please wait 1 second and try again. The verses are shown below.',
      );
      expect(retry().disabled).toBe(true);

      vi.advanceTimersByTime(1000);
      await m.el.updateComplete;
      expect(text(notice())).toBe('You can ask again now. The verses are shown below. Try again');
      expect([submit().disabled, retry().disabled]).toStrictEqual([false, false]);
      expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:255']);
    } finally {
      vi.useRealTimers();
    }
    // Nothing kept for a question whose answer waits: it is kept once, with its answer.
    expect((await m.store.list()).map((x) => x.question)).toStrictEqual([]);
    m.proxy.chat = { kind: 'fixture', name: 'answer' };
    ($(m.el, '[part~="retry"]') as HTMLButtonElement).click();
    await waitUntil(() => m.events['quran-dai-answer']!.length === 1);
    expect(m.proxy.chatRequests()[1]!.question).toBe('2:255');
    expect((await m.store.list()).map((x) => [x.question, x.answer !== ''])).toStrictEqual([['2:255', true]]);
  });

  it('should explain when the proxy is down, keep the verses, and retry on request', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'down' };
    await askAndWait(m, '2:153');
    expect(text($(m.el, '[part~="notice-proxy-down"]'))).toContain('The answer service cannot be reached right now.');
    expect($$(m.el, 'article[part~="verse"]')).toHaveLength(1);
    m.proxy.chat = { kind: 'fixture', name: 'answer' };
    ($(m.el, '[part~="retry"]') as HTMLButtonElement).click();
    await waitUntil(() => m.events['quran-dai-answer']!.length === 1);
    expect(m.proxy.chatRequests()).toHaveLength(2);
    expect($(m.el, '[part~="notice"]')).toBeNull();
  });

  it('should say answers are off when the proxy has no LLM (503), keeping the verses', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'status', status: 503, body: { error: { code: 'chat-not-configured', message: 'no provider' } } };
    await askAndWait(m, '2:153');
    expect(text($(m.el, '[part~="notice-chat-not-configured"]'))).toContain('Written answers are not set up yet');
    expect(m.events['quran-dai-error']![0]!.detail).toMatchObject({ code: 'chat-not-configured', status: 503 });
    expect($$(m.el, 'article[part~="verse"]')).toHaveLength(1);
  });

  it("should say answers are off for this site when the proxy refuses the page's origin", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const proxy = createFakeProxy({ corpusManifest: 'm', corpusVersion: 'x', index: null, chat: false, originAllowed: false });
      const m = await mount({}, { proxy });
      await askAndWait(m, '2:153');
      expect(proxy.chatRequests()).toHaveLength(0);
      expect(text($(m.el, '[part~="notice-chat-off"]'))).toContain('Written answers are not switched on for this site');
      expect($(m.el, '[part~="notice-chat-not-configured"]')).toBeNull();
    } finally {
      warn.mockRestore();
    }
  });

  it('should still search by keyword when the config request fails', async () => {
    const m = await mount({}, { proxy: createFakeProxy('down') });
    expect(m.events['quran-dai-error']!.map((e) => e.detail.code)).toStrictEqual(['config-failed']);
    await askAndWait(m, '2:153');
    expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:153']);
    expect(m.proxy.chatRequests()).toHaveLength(0);
  });

  it('should keep no more of a runaway answer than is shown: the cut note, the event and the saved exchange hold 20,001 characters', async () => {
    const m = await mount();
    const chunk = 'Patience is light. '.repeat(50);
    m.proxy.chat = {
      kind: 'parts',
      parts: [{ type: 'start' }, ...Array.from({ length: 200 }, () => ({ type: 'text-delta', id: '0', delta: chunk })), { type: 'finish' }],
    };
    await askAndWait(m, '2:153');
    expect(chunk.length * 200).toBeGreaterThan(180_000);
    await waitUntil(() => m.events['quran-dai-answer']!.length > 0);
    expect(m.events['quran-dai-answer']![0]!.detail.text).toHaveLength(20_001);
    expect($(m.el, '[part~="answer-cut"]')).not.toBeNull();
    const saved = await m.store.list();
    expect(saved.at(-1)!.answer).toHaveLength(20_001);
  });
});

describe('when the visitor stops an answer', () => {
  it('should drop the first answer when a second question is asked meanwhile', async () => {
    const m = await mount();
    m.proxy.chat = { kind: 'hang', delta: 'Old answer' };
    const first = m.el.ask('2:153');
    await waitUntil(() => text($(m.el, '[part~="answer-body"]')) === 'Old answer');
    m.proxy.chat = { kind: 'fixture', name: 'answer' };
    await askAndWait(m, '2:255');
    await first;
    expect(m.proxy.calls.filter((c) => c.url.endsWith('/api/chat'))[0]!.signal!.aborted).toBe(true);
    expect(text($(m.el, '[part~="answer-body"]'))).toContain('The Quran asks believers');
    expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:255']);
  });
});

describe('when a visitor shares or rates an answer', () => {
  /** An answer on screen; `signed`: its finish part carries the proxy's signature, as a real proxy's does. */
  const answered = async (config: Partial<WidgetConfig> = {}, signed = false) => {
    const proxy = createFakeProxy({ corpusManifest: 'data/corpus/manifest.json', corpusVersion: 'x', index: null, chat: true, ...config });
    if (signed) proxy.chat = { kind: 'fixture', name: 'signed-answer' };
    const m = await mount({}, { proxy });
    await askAndWait(m, '2:153');
    await waitUntil(() => $(m.el, '[part~="answer-share"]') !== null);
    return m;
  };
  const feedbackPosts = (m: Mounted) => m.proxy.calls.filter((c) => c.url.endsWith('/api/feedback')).map((c) => c.body);

  it('should copy the question, answer, quran.com links and a link asking it again, and fire quran-dai-share', async () => {
    const writeText = vi.fn(async (_: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    Object.defineProperty(navigator, 'share', { value: undefined, configurable: true });
    const m = await answered();
    ($(m.el, '[part~="answer-share"]') as HTMLButtonElement).click();
    await waitUntil(() => m.events['quran-dai-share']!.length === 1);
    const copied = writeText.mock.calls[0]![0];
    expect(copied.startsWith('2:153\n\nThe Quran asks believers to seek help through patience and prayer [2:153].')).toBe(true);
    expect(copied).toContain('\n2:153 https://quran.com/2/153\n');
    expect(copied.split('\n').at(-1)).toBe(`${location.origin}${location.pathname}?quran-dai-q=2%3A153`);
    expect(m.events['quran-dai-share']![0]!.detail).toStrictEqual({ kind: 'answer', subject: '2:153', method: 'copy' });
  });

  it('should fire quran-dai-feedback for a rating and its comment, and post nothing when the proxy does not collect feedback', async () => {
    const m = await answered();
    ($(m.el, '[part~="feedback-down"]') as HTMLButtonElement).click();
    await m.el.updateComplete;
    expect($(m.el, '[part~="feedback-down"]')!.getAttribute('aria-pressed')).toBe('true');
    expect(text($(m.el, '[part~="feedback-thanks"]'))).toBe('Thank you for your feedback.');
    const field = $(m.el, '[part~="feedback-comment"]') as HTMLInputElement;
    field.value = '  too long  ';
    ($(m.el, '[part~="feedback-form"]') as HTMLFormElement).requestSubmit();
    await m.el.updateComplete;
    expect(m.events['quran-dai-feedback']!.map((e) => e.detail)).toStrictEqual([
      { question: '2:153', rating: 'down', citations: ['2:153'] },
      { question: '2:153', rating: 'down', comment: 'too long', citations: ['2:153'] },
    ]);
    expect($(m.el, '[part~="feedback-form"]')).toBeNull();
    expect(feedbackPosts(m)).toStrictEqual([]);
  });

  it('should draw the thumbs with the widget, not with emoji a phone may not have, and name them in words', async () => {
    const m = await answered({ feedback: true }, true);
    for (const part of ['feedback-up', 'feedback-down']) {
      const button = $(m.el, `[part~="${part}"]`) as HTMLButtonElement;
      expect(button.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
      expect(button.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
      expect(button.textContent!.trim().length).toBeGreaterThan(0);
    }
  });

  it('should post the rating with the signed answer when the proxy collects feedback', async () => {
    const m = await answered({ feedback: true }, true);
    ($(m.el, '[part~="feedback-up"]') as HTMLButtonElement).click();
    await waitUntil(() => feedbackPosts(m).length === 1);
    const [post] = feedbackPosts(m) as { answer: { text: string; signature: string } }[];
    expect(post).toStrictEqual({
      question: '2:153',
      rating: 'up',
      citations: ['2:153'],
      lang: 'en',
      answer: {
        text: expect.stringMatching(/^The Quran asks believers to seek help through patience and prayer \[2:153\]\./),
        signature: 'edwj9unImF6zrVkakjz1eKpbL4FliRq85I9GQO4EX-E',
      },
    });
  });

  it('should post nothing for an answer the proxy did not sign (it would refuse it), and still thank the visitor', async () => {
    const m = await answered({ feedback: true });
    ($(m.el, '[part~="feedback-up"]') as HTMLButtonElement).click();
    await m.el.updateComplete;
    expect(m.events['quran-dai-feedback']!).toHaveLength(1);
    expect(text($(m.el, '[part~="feedback-thanks"]'))).toBe('Thank you for your feedback.');
    expect(feedbackPosts(m)).toStrictEqual([]);
  });

  it('should log a failed post and show the visitor nothing but the thank-you', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const m = await answered({ feedback: true }, true);
      m.proxy.feedback = 500;
      const errors = m.events['quran-dai-error']!.length;
      ($(m.el, '[part~="feedback-up"]') as HTMLButtonElement).click();
      await waitUntil(() => warn.mock.calls.some(([w]) => String(w).includes('feedback not sent')));
      await m.el.updateComplete;
      expect(m.events['quran-dai-error']!.length).toBe(errors);
      expect($$(m.el, '[role="alert"]')).toHaveLength(0);
      expect(text($(m.el, '[part~="feedback-thanks"]'))).toBe('Thank you for your feedback.');
    } finally {
      warn.mockRestore();
    }
  });
});
