import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../corpus/corpus.js';
import { loadTestCorpus } from '../testing/test-corpus.js';
import { checkTopicSources } from './topic-source-check.js';
import { INTOXICANTS_SOURCE, PURPOSE_SOURCE, SAMPLE_TOPICS } from '../testing/sample-topics.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

const file = (topics: unknown[], group = 'sample') => ({ file: 'sample.json', json: { group, topics } });

describe('when the topic sources are good', () => {
  it('should return the topics with their ranges expanded and no errors', () => {
    const out = checkTopicSources([file([INTOXICANTS_SOURCE, PURPOSE_SOURCE])], corpus);
    expect(out.errors).toEqual([]);
    expect(out.topics).toEqual(SAMPLE_TOPICS);
  });
});

describe('when an entry is bad', () => {
  it('should name the topic and the reference that does not exist', () => {
    const out = checkTopicSources([file([{ ...INTOXICANTS_SOURCE, verses: ['5:90', '9:999'] }])], corpus);
    expect(out.errors).toEqual(['sample.json: topic "intoxicants": verse "9:999": surah 9 has 129 verses; ayah 999 does not exist']);
    expect(out.topics).toEqual([]);
  });

  it('should name a duplicate id and the file that had it first', () => {
    const out = checkTopicSources([file([INTOXICANTS_SOURCE]), { file: 'other.json', json: { group: 'other', topics: [INTOXICANTS_SOURCE] } }], corpus);
    expect(out.errors).toEqual(['other.json: topic "intoxicants": duplicate id (also in sample.json)']);
    expect(out.topics.map((t) => t.id)).toEqual(['intoxicants']);
  });

  it('should name each missing language', () => {
    const { ur: _ur, ...names } = INTOXICANTS_SOURCE.names;
    const { zh: _zh, ...questions } = INTOXICANTS_SOURCE.questions;
    const out = checkTopicSources([file([{ ...INTOXICANTS_SOURCE, names, questions }])], corpus);
    expect(out.errors).toEqual([
      'sample.json: topic "intoxicants": "names.ur" is missing or empty (every interface language needs at least 1)',
      'sample.json: topic "intoxicants": "questions.zh" is missing or empty (every interface language needs at least 1)',
    ]);
  });

  it('should refuse a topic whose verses were not reviewed, saying how to review them', () => {
    const { reviewed: _r, ...unreviewed } = PURPOSE_SOURCE;
    const out = checkTopicSources([file([unreviewed])], corpus);
    expect(out.errors).toHaveLength(1);
    expect(out.errors[0]).toMatch(/^sample\.json: topic "purpose-of-life": not reviewed: .*topics-review\.ts/);
  });

  it('should refuse a verse listed twice, a bad id and too few English questions', () => {
    const out = checkTopicSources(
      [file([{ ...PURPOSE_SOURCE, id: 'Purpose Of Life', verses: ['51:56', '51:55-57'], questions: { ...PURPOSE_SOURCE.questions, en: ['Why?'] } }])],
      corpus,
    );
    expect(out.errors).toEqual([
      'sample.json: topic "Purpose Of Life": "id" must be lower-case words joined by "-"',
      'sample.json: topic "Purpose Of Life": "questions.en" needs at least 3 questions',
      'sample.json: topic "Purpose Of Life": verse 51:56 is listed twice',
    ]);
  });

  it('should say what a file that is not a topic file lacks', () => {
    expect(checkTopicSources([{ file: 'x.json', json: [] }], corpus).errors).toEqual([
      'x.json: "group" must be lower-case words joined by "-"',
      'x.json: "topics" must be a non-empty array',
    ]);
  });
});
