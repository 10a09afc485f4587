import { describe, expect, it } from 'vitest';
import { createAnswerSigner } from './answer-signer.js';

const KEY = 'answer-signing-key-for-tests-0123456789';

describe('when an answer is signed', () => {
  it('should verify with the same key, question and answer only', async () => {
    const signer = createAnswerSigner(KEY);
    const sig = await signer.sign('What is patience?', 'Be patient [2:153].');
    expect(sig).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await signer.verify('What is patience?', 'Be patient [2:153].', sig)).toBe(true);
    expect(await signer.verify('What is patience?', 'Be patient [2:153]!', sig)).toBe(false);
    expect(await signer.verify('What is mercy?', 'Be patient [2:153].', sig)).toBe(false);
    expect(await createAnswerSigner(`${KEY}x`).verify('What is patience?', 'Be patient [2:153].', sig)).toBe(false);
    expect(await signer.verify('What is patience?', 'Be patient [2:153].', undefined)).toBe(false);
    expect(await signer.verify('What is patience?', 'Be patient [2:153].', `${sig}=`)).toBe(false);
  });
  it('should sign the texts as history sends them back: the question trimmed, the answer cut at 1,500', async () => {
    const signer = createAnswerSigner(KEY);
    const long = 'y'.repeat(1600);
    const sig = await signer.sign('  Q  ', long);
    expect(await signer.verify('Q', long.slice(0, 1500), sig)).toBe(true);
  });
  it('should not let the same characters split differently between question and answer collide', async () => {
    const signer = createAnswerSigner(KEY);
    expect(await signer.sign('ab', 'c')).not.toBe(await signer.sign('a', 'bc'));
  });
  it('should use a random key per process when none is configured', async () => {
    const a = createAnswerSigner('');
    const b = createAnswerSigner('');
    const sig = await a.sign('q', 'a');
    expect(await a.verify('q', 'a', sig)).toBe(true);
    expect(await b.verify('q', 'a', sig)).toBe(false);
  });
});
