import { describe, expect, it } from 'vitest';
import type { ChatTurn } from '../../contracts/chat-request.js';
import { isFollowUp, retrievalQuery } from './retrieval-query.js';

const user = (content: string): ChatTurn => ({ role: 'user', content });
const assistant = (content: string): ChatTurn => ({ role: 'assistant', content });

describe('when the question stands alone', () => {
  it('should search the question as it is', () => {
    const history = [user('What does the Quran say about patience?'), assistant('Patience is ... (2:153)')];
    expect(retrievalQuery('Who was Musa?', history)).toBe('Who was Musa?');
    expect(retrievalQuery('  forgiveness ', history)).toBe('forgiveness');
  });
  it('should never treat a reference or a surah as a follow-up', () => {
    expect(isFollowUp('and 2:255?')).toBe(false);
    expect(isFollowUp('what about surah Yasin')).toBe(false);
  });
});

describe('when the question follows up', () => {
  const history = [user('What does the Quran say about patience?'), assistant('It says that Allah is with the patient (2:153).')];
  it("should prepend the last user question, never the assistant's answer", () => {
    expect(retrievalQuery('what about forgiveness?', history)).toBe('What does the Quran say about patience? what about forgiveness?');
  });
  it('should recognise pronouns in a short question', () => {
    expect(retrievalQuery('Why is it rewarded?', history)).toBe('What does the Quran say about patience? Why is it rewarded?');
  });
  it('should recognise openings in other languages', () => {
    expect(isFollowUp('وماذا عن المغفرة؟')).toBe(true);
    expect(isFollowUp('et le pardon ?')).toBe(true);
  });
  it('should follow a chain of follow-ups back to the question that started it, at most 2 turns', () => {
    const chain = [user('Tell me about Musa'), assistant('...'), user('and his brother?'), assistant('...')];
    expect(retrievalQuery('what happened to them?', chain)).toBe('Tell me about Musa and his brother? what happened to them?');
    const long = [user('Tell me about Musa'), user('and Pharaoh?'), user('and his magicians?')];
    expect(retrievalQuery('and then?', long)).toBe('and Pharaoh? and his magicians? and then?');
  });
  it('should search the question alone when there is no earlier user turn', () => {
    expect(retrievalQuery('what about forgiveness?', [])).toBe('what about forgiveness?');
  });
});
