import { describe, expect, it } from 'vitest';
import { QueuedQuestion } from './queued-question.js';

describe('when a question is asked before the Quran text is ready', () => {
  it('should keep it and ask it once the text is ready', async () => {
    const queued = new QueuedQuestion();
    const asked = queued.hold('What is patience?');
    expect(queued.text).toBe('What is patience?');
    expect(queued.release()).toBe(true);
    expect(await asked).toBe(true);
    expect(queued.text).toBeUndefined();
    expect(queued.release()).toBe(false);
  });

  it('should ask only the newest of several questions', async () => {
    const queued = new QueuedQuestion();
    const first = queued.hold('first');
    const second = queued.hold('second');
    expect(await first).toBe(false);
    expect(queued.text).toBe('second');
    queued.release();
    expect(await second).toBe(true);
  });

  it('should ask nothing when the text could not be loaded', async () => {
    const queued = new QueuedQuestion();
    const asked = queued.hold('What is patience?');
    queued.drop();
    expect(await asked).toBe(false);
    expect(queued.text).toBeUndefined();
  });
});
