// @vitest-environment happy-dom
/**
 * The element answering through the real proxy app (real-proxy.ts): its config, its prompt and
 * answer stream, its signature, its own limits, with only the answer model a double.
 */
import { describe, expect, it } from 'vitest';
import type { Corpus } from '../../data/corpus/corpus.js';
import { createRealProxy } from '../testing/real-proxy.js';
import { $, $$, askAndWait, mount, text, useElementPage } from '../testing/element-page.js';
import { waitUntil } from '../testing/wait-until.js';

let corpus: Corpus;
useElementPage((c) => (corpus = c));

/** An answer that cites and quotes 2:153 as the corpus has it. */
const ANSWER = 'The Quran asks believers to seek help through patience and prayer [2:153]. «إِنَّ ٱللَّهَ مَعَ ٱلصَّٰبِرِينَ»';

describe('when the real proxy answers', () => {
  it('should send verse references with context (never text) and render the answer with citation links', async () => {
    const proxy = await createRealProxy({}, { answer: ANSWER });
    const m = await mount({}, { proxy });
    await askAndWait(m, '2:153');
    expect(proxy.chatRequests()).toStrictEqual([
      { question: '2:153', history: [], verses: [{ ref: '2:153', context: '2:148-158' }], lang: 'en', translation: 'en' },
    ]);
    expect(proxy.modelCalls()).toBe(1);
    const body = $(m.el, '[part~="answer-body"]')!;
    expect(body.getAttribute('aria-live')).toBe('polite');
    expect(body.getAttribute('aria-busy')).toBe('false');
    expect(text(body)).toContain('The Quran asks believers to seek help through patience and prayer');
    const cite = body.querySelector('a[part~="citation"]') as HTMLAnchorElement;
    expect([cite.getAttribute('href'), cite.target, cite.rel, cite.dataset.status, text(cite)]).toStrictEqual([
      'https://quran.com/2/153',
      '_blank',
      'noopener noreferrer',
      'verified',
      '[2:153]',
    ]);
    // The preview is the corpus text, not anything the model wrote.
    expect(text(cite.parentElement!.querySelector('[part~="citation-preview"]'))).toContain(corpus.verse({ surah: 2, ayah: 153 }, 'en').translation!);
    // The answer event follows the answer's last check, in a task of its own.
    await waitUntil(() => m.events['quran-dai-answer']!.length > 0);
    expect(m.events['quran-dai-answer']![0]!.detail).toStrictEqual({ question: '2:153', text: ANSWER, citations: [{ ref: '2:153', status: 'verified' }] });
    expect(text($(m.el, '[part~="status"]'))).toBe('Answer complete.');
  });

  it('should never turn model HTML or javascript: links into markup, and flag bad citations and quotes', async () => {
    const proxy = await createRealProxy();
    proxy.answer =
      'Seek help through patience [2:153]. <img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script> [click](javascript:window.__pwned=3) ' +
      '[site](https://example.org/x) also [2:999] and [115:1] and [1:1].\n\n"Patience is half of faith and God loves it" [2:153]';
    const m = await mount({}, { proxy });
    await askAndWait(m, '2:153');
    const body = $(m.el, '[part~="answer-body"]')!;
    expect(body.querySelectorAll('img, script, svg, iframe')).toHaveLength(0);
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined();
    expect(text(body)).toContain('<img src=x onerror="window.__pwned=1">');
    expect(text(body)).toContain('<script>window.__pwned=2</script>');
    // Only quran.com is ever a link: the model's javascript: and example.org links keep their label as text.
    const hrefs = [...body.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs.every((h) => h!.startsWith('https://quran.com/'))).toBe(true);
    expect(hrefs).not.toContain('https://example.org/x');
    expect(text(body)).toContain('click');
    expect(text(body)).toContain(' site also');
    const invalid = [...body.querySelectorAll('[part~="citation-invalid"]')];
    expect(invalid.map((n) => (n as HTMLElement).dataset.ref)).toStrictEqual(['2:999', '115:1']);
    expect(invalid.every((n) => n.tagName !== 'A' && text(n.querySelector('[part~="citation-flag"]')) === 'not a verse')).toBe(true);
    const notRetrieved = body.querySelector('[part~="citation-not-retrieved"]') as HTMLAnchorElement;
    expect([notRetrieved.dataset.ref, notRetrieved.getAttribute('href')]).toStrictEqual(['1:1', 'https://quran.com/1/1']);
    expect(text(notRetrieved.parentElement!.querySelector('[part~="citation-flag"]'))).toBe('not from the retrieved verses');
    expect(text(body.querySelector('[part~="quote-mismatch"] + [part~="quote-flag"]'))).toBe('does not match the text of 2:153');
    // The answer event follows the answer's last check, in a task of its own.
    await waitUntil(() => m.events['quran-dai-answer']!.length > 0);
    expect(m.events['quran-dai-answer']![0]!.detail.citations).toStrictEqual([
      { ref: '2:153', status: 'verified' },
      { ref: '2:999', status: 'invalid' },
      { ref: '115:1', status: 'invalid' },
      { ref: '1:1', status: 'not-retrieved' },
      { ref: '2:153', status: 'verified' },
    ]);
  });

  it('should use the conversation for a follow-up and keep it in the history store', async () => {
    const proxy = await createRealProxy({}, { answer: ANSWER });
    const m = await mount({}, { proxy });
    await askAndWait(m, '2:153');
    await askAndWait(m, 'Ayat al-Kursi');
    expect(proxy.chatRequests()[1]!.history).toStrictEqual([
      { role: 'user', content: '2:153' },
      // The proxy signs every answer (with a key of its own when none is set), and the turn carries it back.
      { role: 'assistant', content: ANSWER, signature: expect.stringMatching(/^[\w-]{43}$/) },
    ]);
    expect((await m.store.list()).map((x) => [x.question, x.refs])).toStrictEqual([
      ['2:153', ['2:153']],
      ['Ayat al-Kursi', ['2:255']],
    ]);
    expect($$(m.el, '[part~="history-item"]').map((li) => text(li.querySelector('.history__question')))).toStrictEqual(['You: 2:153']);
  });

  it('should keep the signature the proxy gave the answer and send it back with the next question, which the proxy accepts', async () => {
    const proxy = await createRealProxy({ ANSWER_SIGNING_KEY: 'answer-signing-key-for-tests-0123456789' });
    const m = await mount({}, { proxy });
    await askAndWait(m, '2:153');
    await askAndWait(m, 'Ayat al-Kursi');
    const [first, second] = await m.store.list();
    expect(first!.signature).toMatch(/^[\w-]{43}$/);
    expect(second!.signature).toMatch(/^[\w-]{43}$/);
    expect(proxy.chatRequests()[1]!.history[1]).toStrictEqual({
      role: 'assistant',
      content: 'Seek help through patience and prayer [2:153].',
      signature: first!.signature,
    });
    // The proxy took the signed turn as the model's own (two answers, no refusal on screen).
    expect(proxy.modelCalls()).toBe(2);
    expect(m.events['quran-dai-error']).toHaveLength(0);
  });

  it('should show the wait its own limit gives, keep the verses, and not reach the model again', async () => {
    const proxy = await createRealProxy({ RATE_LIMIT_CHAT_PER_HOUR: '1' });
    const m = await mount({}, { proxy });
    await askAndWait(m, '2:153');
    await askAndWait(m, '2:153');
    expect(proxy.modelCalls()).toBe(1);
    expect(text($(m.el, '[part~="notice-rate-limited"]'))).toMatch(/^Too many questions right now\. Please wait \d+ (seconds|minutes?) and try again\./);
    expect(m.events['quran-dai-error']![0]!.detail).toMatchObject({ code: 'rate-limited', status: 429 });
    expect((m.events['quran-dai-error']![0]!.detail as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);
    expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:153']);
  });

  it('should not ask for an answer when the proxy has no answer provider, and say written answers are not set up', async () => {
    const proxy = await createRealProxy({ CHAT_PROVIDER: 'none' });
    const m = await mount({}, { proxy });
    await askAndWait(m, '2:153');
    expect(proxy.chatRequests()).toHaveLength(0);
    expect(proxy.calls.map((c) => new URL(c.url).pathname)).toContain('/api/config');
    expect(text($(m.el, '[part~="notice-chat-not-configured"]'))).toContain('Written answers are not set up yet');
    expect($(m.el, '[part~="notice-chat-off"]')).toBeNull();
    expect(m.events['quran-dai-error']).toHaveLength(0);
  });

  it('should keep the words the model wrote before it failed, say the answer failed, and offer to try again', async () => {
    const proxy = await createRealProxy({}, { answer: 'Patience is', end: 'fail' });
    const m = await mount({}, { proxy });
    await askAndWait(m, '2:153');
    expect(text($(m.el, '[part~="answer-body"]'))).toBe('Patience is');
    expect($$(m.el, 'article[part~="verse"]').map((c) => c.dataset.ref)).toStrictEqual(['2:153']);
    expect(m.events['quran-dai-error']![0]!.detail).toMatchObject({ code: 'chat-failed' });
    expect($(m.el, '[part~="retry"]')).not.toBeNull();
    expect(m.events['quran-dai-answer']).toHaveLength(0);
  });

  it('should stop the model when the visitor presses Stop, keeping what was shown', async () => {
    const proxy = await createRealProxy({}, { answer: 'Partial words', end: 'hang' });
    const m = await mount({}, { proxy });
    const asked = m.el.ask('2:153');
    await waitUntil(() => text($(m.el, '[part~="answer-body"]')) === 'Partial words');
    await m.el.updateComplete;
    const stop = $(m.el, '[part~="stop"]') as HTMLButtonElement;
    expect(text(stop)).toBe('Stop');
    stop.click();
    await asked;
    await m.el.updateComplete;
    expect(proxy.calls.find((c) => c.url.endsWith('/api/chat'))!.signal!.aborted).toBe(true);
    expect(text($(m.el, '[part~="status"]'))).toBe('Stopped.');
    expect(text($(m.el, '[part~="answer-body"]'))).toBe('Partial words');
    expect($(m.el, '[part~="submit"]')).not.toBeNull();
    expect($(m.el, '[part~="retry"]')).not.toBeNull();
    // The visitor's Stop went through the proxy to the model.
    await waitUntil(() => proxy.modelSignals[0]?.aborted === true);
    expect(m.events['quran-dai-answer']).toHaveLength(0);
  });
});
