import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../corpus/corpus.js';
import { loadTestCorpus } from '../testing/test-corpus.js';
import { checkSuggestion, EMPTY_SUGGESTION, parseRetrievalSuggestion } from './retrieval-suggestion.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

describe('when an LLM reply is read as a retrieval suggestion', () => {
  it('should keep the query and the references that are verses, in order, from a fenced reply', () => {
    const reply = 'Here you go:\n```json\n{"query": "intoxicants and gambling are defilement", "refs": ["5:90", "2:219", "5:90", "5:91-93"]}\n```';
    expect(parseRetrievalSuggestion(reply, corpus)).toStrictEqual({
      query: 'intoxicants and gambling are defilement',
      refs: ['5:90', '2:219', '5:91', '5:92', '5:93'],
    });
  });

  it('should drop references that do not exist and anything that is not a reference', () => {
    const reply = '{"query": "patience", "refs": ["2:287", "115:1", "0:0", "patience", 7, null, "2:153", "<b>1:1</b>"]}';
    expect(parseRetrievalSuggestion(reply, corpus).refs).toStrictEqual(['2:153']);
  });

  it('should cap the references and take only the first verses of a wide range', () => {
    const refs = Array.from({ length: 30 }, (_, i) => `2:${i + 1}`);
    expect(parseRetrievalSuggestion(JSON.stringify({ query: 'x', refs }), corpus).refs).toHaveLength(10);
    expect(parseRetrievalSuggestion('{"query": "", "refs": ["2:1-286"]}', corpus).refs).toStrictEqual(['2:1', '2:2', '2:3']);
  });

  it('should strip markup and line breaks from the query and cap its length', () => {
    const s = parseRetrievalSuggestion(`{"query": "<img src=x onerror=alert(1)>\\nmercy of Allah ${'a'.repeat(500)}", "refs": []}`, corpus);
    expect(s.query.startsWith('img src x onerror alert 1 mercy of Allah')).toBe(true);
    expect(s.query.length).toBe(200);
    expect(s.query).not.toMatch(/[<>\n=()]/);
  });

  it('should give the empty suggestion for anything that is not one', () => {
    for (const reply of ['', 'I cannot help with that.', '{"query": ', '{not json}', '[1,2]', '{"refs": "2:153"}']) {
      expect(parseRetrievalSuggestion(reply, corpus)).toStrictEqual(reply === '{"refs": "2:153"}' ? { query: '', refs: [] } : EMPTY_SUGGESTION);
    }
    expect(checkSuggestion(null, corpus)).toStrictEqual(EMPTY_SUGGESTION);
  });

  it('should read a hostile reply in linear time', () => {
    const reply = `{${'{'.repeat(200_000)}"query": "x"${'}'.repeat(200_000)}`;
    const t0 = performance.now();
    expect(parseRetrievalSuggestion(reply, corpus)).toStrictEqual(EMPTY_SUGGESTION);
    expect(performance.now() - t0).toBeLessThan(2000);
  });
});
