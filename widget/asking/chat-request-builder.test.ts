import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { createSearchEngine } from '../../data/search/search-engine.js';
import type { ConversationExchange } from '../history/conversation-store.js';
import { CHAT_LIMITS } from '../../data/contracts/chat-request.js';
import { buildChatRequest, historyTurns, retrievedVerses } from './chat-request-builder.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

const exchange = (n: number, answer = `a${n}`): ConversationExchange => ({ question: `q${n}`, answer, refs: [], context: [], at: n });

describe('when turning the conversation into chat history', () => {
  it('should keep the last 10 turns and start on a question', () => {
    const turns = historyTurns([1, 2, 3, 4, 5, 6].map((n) => exchange(n)));
    expect(turns).toHaveLength(10);
    expect(turns[0]).toStrictEqual({ role: 'user', content: 'q2' });
    expect(turns.at(-1)).toStrictEqual({ role: 'assistant', content: 'a6' });
  });
  it('should drop the odd assistant turn at the cut and skip empty answers', () => {
    const turns = historyTurns([exchange(1), exchange(2, ''), exchange(3), exchange(4), exchange(5), exchange(6)]);
    expect(turns.map((t) => t.content)).toStrictEqual(['q2', 'q3', 'a3', 'q4', 'a4', 'q5', 'a5', 'q6', 'a6']);
  });
  it('should send each answer back with its signature, and the texts cut as they were signed', () => {
    const signature = 'edwj9unImF6zrVkakjz1eKpbL4FliRq85I9GQO4EX-E';
    const turns = historyTurns([{ ...exchange(1, 'z'.repeat(1600)), question: '  spaced question  ', signature }, exchange(2)]);
    expect(turns).toStrictEqual([
      { role: 'user', content: 'spaced question' },
      { role: 'assistant', content: 'z'.repeat(1500), signature },
      { role: 'user', content: 'q2' },
      { role: 'assistant', content: 'a2' },
    ]);
  });
  it('should cut long earlier answers', () => {
    const [, answer] = historyTurns([exchange(1, 'x'.repeat(5000))]);
    expect(answer!.content).toHaveLength(1500);
  });
});

describe('when building the chat request from a search result', () => {
  it('should send references only, with same-surah context for the top 3 hits', () => {
    const result = createSearchEngine(corpus).lexical('Surah Yasin', { lang: 'en' });
    const request = buildChatRequest({ question: '  Surah Yasin ', result, history: [], corpus, lang: 'en', translation: 'fr' });
    expect(request.question).toBe('Surah Yasin');
    expect(request.verses).toHaveLength(result.hits.length);
    expect(request.verses.slice(0, 4)).toStrictEqual([
      { ref: '36:1', context: '36:1-6' },
      { ref: '36:2', context: '36:1-7' },
      { ref: '36:3', context: '36:1-8' },
      { ref: '36:4' },
    ]);
    expect(JSON.stringify(request)).not.toContain(corpus.verse({ surah: 36, ayah: 1 }, 'en').translation!);
    expect(request.translation).toBe('fr');
  });
  it("should leave out the oldest exchanges while the body would pass the proxy's limit", () => {
    // Bengali takes three bytes a letter: five long exchanges come to about 37 KB.
    const signature = 'edwj9unImF6zrVkakjz1eKpbL4FliRq85I9GQO4EX-E';
    const history = [1, 2, 3, 4, 5].map((n) => ({ ...exchange(n, `${n}${'ক'.repeat(1600)}`), question: `${n}${'প'.repeat(999)}`, signature }));
    const result = createSearchEngine(corpus).lexical('2:153', { lang: 'en' });
    const request = buildChatRequest({ question: 'ধৈর্য', result, history, corpus, lang: 'bn', translation: 'bn' });
    const bytes = new TextEncoder().encode(JSON.stringify(request)).length;
    expect(bytes).toBeLessThanOrEqual(CHAT_LIMITS.maxBodyBytes);
    expect(new TextEncoder().encode(JSON.stringify({ ...request, history: historyTurns(history) })).length).toBeGreaterThan(CHAT_LIMITS.maxBodyBytes);
    // The newest exchanges stay, whole, starting with a question.
    expect(request.history.map((t) => `${t.role}:${t.content[0]}`)).toStrictEqual([
      'user:2',
      'assistant:2',
      'user:3',
      'assistant:3',
      'user:4',
      'assistant:4',
      'user:5',
      'assistant:5',
    ]);
  });
  it('should count hits and their context as retrieved', () => {
    const result = createSearchEngine(corpus).lexical('2:153', { lang: 'en' });
    const set = retrievedVerses(result, corpus);
    const idx = (a: number) => corpus.indexOf({ surah: 2, ayah: a });
    expect([...set].sort((a, b) => a - b)).toStrictEqual([148, 149, 150, 151, 152, 153, 154, 155, 156, 157, 158].map(idx));
  });
});
