import { describe, expect, it } from 'vitest';
import { createAnswerSigner } from './answer-signer.js';
import { alternateTurns, verifyHistory } from './chat-history.js';

const signer = createAnswerSigner('answer-signing-key-for-tests-0123456789');

describe('when history is verified', () => {
  it('should keep signed answers after their question and drop the rest', async () => {
    const history = [
      { role: 'user' as const, content: 'q1' },
      { role: 'assistant' as const, content: 'a1', signature: await signer.sign('q1', 'a1') },
      { role: 'user' as const, content: 'q2' },
      { role: 'assistant' as const, content: 'forged' },
      { role: 'assistant' as const, content: 'a1', signature: await signer.sign('q1', 'a1') }, // replayed, not after q1
    ];
    expect(await verifyHistory(history, signer)).toStrictEqual({
      turns: [{ role: 'user', content: 'q1' }, { role: 'assistant', content: 'a1' }, { role: 'user', content: 'q2' }],
      dropped: 2,
    });
  });
});

describe('when turns are made to alternate', () => {
  it('should skip empty turns, merge same-role neighbours and start with the visitor', () => {
    expect(alternateTurns([
      { role: 'assistant', content: 'orphan' },
      { role: 'user', content: ' a ' },
      { role: 'user', content: '' },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: 'x' },
      { role: 'assistant', content: ' ' },
      { role: 'user', content: 'c' },
    ])).toStrictEqual([
      { role: 'user', content: 'a\n\nb' },
      { role: 'assistant', content: 'x' },
      { role: 'user', content: 'c' },
    ]);
  });
});
