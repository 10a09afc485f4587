// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { css } from 'lit';
import { translator } from '../i18n/ui-language.js';
import { AskStatus } from '../asking/ask-controller.js';
import { CopiedMarker } from '../share/copied-marker.js';
import { answerTestContext, type AnswerTestContext } from '../../data/testing/answer-test-context.js';
import { fakeControllerHost } from '../testing/fake-controller-host.js';
import { AnswerPresenter } from './answer-presenter.js';
import { MIN_STEP } from './answer-pacing.js';

let ctx: AnswerTestContext;
beforeAll(async () => {
  ctx = await answerTestContext();
});

const t = translator('en');
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A presenter on a fake host, with the answer state a test changes as the ask controller would. */
async function presenter() {
  const host = fakeControllerHost();
  const state = {
    question: 'How do I face hardship?',
    answer: '',
    answerSignature: undefined,
    retrieved: ctx.retrieved,
    siteRetrieved: new Set<number>(),
    status: AskStatus.Answering as AskStatus,
  };
  const p = new AnswerPresenter(host, {
    inputs: () => ({ corpus: ctx.corpus, translation: 'en', t, site: null, siteBase: undefined }),
    asking: () => state,
    copied: new CopiedMarker(host),
    feedbackSink: () => ({ post: async () => undefined }) as never,
    pageUrl: () => 'https://mosque.example/',
    adoptStyles: (_: ReturnType<typeof css>) => undefined,
  });
  await p.load();
  return { host, state, p };
}

const SENTENCE = 'Seek help through patience and prayer [2:153]. ';

describe('when an answer streams and grows', () => {
  it('should check the grown answer in a task of its own, showing the last check and the new words as text meanwhile', async () => {
    const { host, state, p } = await presenter();
    state.answer = SENTENCE.repeat(5);
    p.hostUpdate();
    const first = p.rendered;
    expect(first?.citations.map((c) => c.ref)).toStrictEqual(Array(5).fill('2:153'));
    state.answer = SENTENCE.repeat(5 + Math.ceil(MIN_STEP / SENTENCE.length) + 1);
    const updates = host.updates;
    p.hostUpdate();
    // Not in the render that saw the text grow: the last check stays, the rest shows as text.
    expect(p.rendered).toBe(first);
    expect(p.uncheckedTail(state.answer)).toBe(state.answer.slice(SENTENCE.length * 5));
    await nextTask();
    expect(p.rendered).not.toBe(first);
    expect(p.rendered?.citations).toHaveLength(state.answer.split('[2:153]').length - 1);
    expect(p.uncheckedTail(state.answer)).toBe('');
    expect(host.updates).toBe(updates + 1);
  });

  it('should check the finished answer once more in full, and announce it with that check', async () => {
    const { host, state, p } = await presenter();
    state.answer = `${SENTENCE.repeat(5)}The end [94:5].`;
    p.hostUpdate();
    const streamed = p.rendered;
    state.status = AskStatus.Complete;
    p.hostUpdate();
    expect(p.rendered).toBe(streamed);
    const announced = new Promise<CustomEvent>((resolve) => host.addEventListener('quran-dai-answer', (e) => resolve(e as CustomEvent), { once: true }));
    void p.announce(state.question, state.answer);
    const event = await announced;
    expect(p.rendered).not.toBe(streamed);
    expect(event.detail.citations).toStrictEqual(p.rendered?.citations);
    expect(event.detail.citations.map((c: { ref: string }) => c.ref)).toStrictEqual([...Array(5).fill('2:153'), '94:5']);
  });
});
