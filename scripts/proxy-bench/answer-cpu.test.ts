import { describe, expect, it } from 'vitest';
import { ANSWER_CPU_CHUNKS, answerCpuLine, fakeXaiFrames, measureAnswerCpu } from './answer-cpu.js';

describe("when the proxy's CPU per answer is measured", () => {
  it('should replay a 19-chunk answer in the chat-completions wire format', () => {
    const text = fakeXaiFrames(ANSWER_CPU_CHUNKS)
      .map((f) => new TextDecoder().decode(f))
      .join('');
    expect(text.match(/"delta":\{"content":"[^"]+"\}/g)).toHaveLength(ANSWER_CPU_CHUNKS);
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
  });

  // The number itself belongs to `npm run bench:proxy`; here only that the measurement runs real answers.
  it('should stream real answers through the app and print one line', async () => {
    const r = await measureAnswerCpu({ rounds: 1, answersPerRound: 5 });
    expect(r.perAnswerMs).toBeGreaterThan(0);
    expect(answerCpuLine(r)).toMatch(/^proxy CPU per streamed answer: \d+\.\d\d ms$/);
  });
});
