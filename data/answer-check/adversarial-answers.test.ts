import { beforeAll, describe, expect, it } from 'vitest';
import { ADVERSARIAL_ANSWERS } from '../testing/adversarial-answers.js';
import { checkAnswer, type AnswerCheckContext } from './answer-check.js';
import { answerTestContext } from '../testing/answer-test-context.js';
import { MAX_ANSWER_CHARS, parseAnswerMarkdown } from './markdown-subset.js';

/**
 * A benchmark-style check, not a stopwatch: the time to parse and check a hostile answer
 * must grow about as the answer does when it is four times longer (linear: 4x; quadratic: 16x;
 * the old heading pattern was cubic), under 8x. Four times, not twice: a busy machine stretched
 * a linear parser's doubling to 3.3x (against a bar of 3), and the wider sizes leave room for
 * that noise while a quadratic parser stays twice over the bar. The two sizes are sampled in alternation and each size's
 * fastest run is compared: another process, a garbage collection or a JIT pause only ever adds
 * time, so the fastest run is the parser's own cost (medians let a collection that lands on
 * the large input's runs fail a linear parser on a busy CI machine). A ratio over the limit is
 * measured again (up to ATTEMPTS times); a quadratic parser fails every attempt.
 */
const SMALL = 16 * 1024;
const LARGE = 64 * 1024;
const SAMPLES = 5;
const MIN_SAMPLE_MS = 10;
const ATTEMPTS = 5;
const MAX_RATIO = 8;

/** One sample: the fastest of the runs that fit in MIN_SAMPLE_MS (at least one). */
function sampleMs(run: () => void): number {
  const start = performance.now();
  let fastest = Infinity;
  for (let now = start; now - start < MIN_SAMPLE_MS; ) {
    run();
    const end = performance.now();
    fastest = Math.min(fastest, end - now);
    now = end;
  }
  return fastest;
}

/** How many times longer `large` takes than `small` (fastest of alternating samples). */
function timeRatio(small: () => void, large: () => void): number {
  small();
  large();
  const a: number[] = [];
  const b: number[] = [];
  for (let k = 0; k < SAMPLES; k++) {
    a.push(sampleMs(small));
    b.push(sampleMs(large));
  }
  return Math.min(...b) / Math.min(...a);
}

/** The lowest of up to ATTEMPTS ratios, stopping at the first under MAX_RATIO. */
function bestTimeRatio(small: () => void, large: () => void): number {
  let best = Infinity;
  for (let attempt = 0; attempt < ATTEMPTS && best >= MAX_RATIO; attempt++) best = Math.min(best, timeRatio(small, large));
  return best;
}

let ctx: AnswerCheckContext;
beforeAll(async () => {
  ctx = await answerTestContext();
  // The whole-Quran haystack is built once per corpus; build it before timing.
  checkAnswer(parseAnswerMarkdown('﴿قل هو الله أحد﴾'), ctx);
});

describe('when an answer is hostile', () => {
  it('should generate every input at the size asked for', () => {
    for (const { name, make } of ADVERSARIAL_ANSWERS) {
      const text = make(LARGE);
      expect(text.length, name).toBeLessThanOrEqual(LARGE);
      expect(text.length, name).toBeGreaterThan(LARGE - 64);
    }
  });

  it.each(ADVERSARIAL_ANSWERS.map((a) => [a.name, a] as const))('should parse and check "%s" in time linear in its length', (_name, { make }) => {
    const small = make(SMALL);
    const large = make(LARGE);
    // The length cap is lifted here: the scanners themselves must be linear.
    const run = (text: string) => () => void checkAnswer(parseAnswerMarkdown(text, { maxChars: Infinity }), ctx);
    expect(bestTimeRatio(run(small), run(large))).toBeLessThan(MAX_RATIO);
  });

  it('should parse at most MAX_ANSWER_CHARS of each 64 KB input and end with a cut note', () => {
    for (const { name, make } of ADVERSARIAL_ANSWERS) {
      const text = make(LARGE);
      const blocks = parseAnswerMarkdown(text);
      const cut = blocks.at(-1);
      expect(cut?.type, name).toBe('cut');
      expect(cut?.type === 'cut' && cut.omittedChars, name).toBeGreaterThanOrEqual(text.length - MAX_ANSWER_CHARS);
      expect(() => checkAnswer(blocks, ctx), name).not.toThrow();
    }
  });
});
