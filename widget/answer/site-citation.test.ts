// @vitest-environment happy-dom
import { render } from 'lit';
import { beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../i18n/ui-language.js';
import { answerTestContext, type AnswerTestContext } from '../../data/testing/answer-test-context.js';
import { answerView } from './answer-view.js';
import { parseInline } from '../../data/answer-check/markdown-subset.js';
import { scanSiteCitation } from '../../data/answer-check/site-citation.js';

let ctx: AnswerTestContext;
beforeAll(async () => {
  ctx = await answerTestContext();
});

describe('scanSiteCitation', () => {
  it('should read one or several passage numbers', () => {
    expect(scanSiteCitation('[site:3]', 0)).toEqual({ end: 8, ids: [3] });
    expect(scanSiteCitation('x [ Site : 12 ] y', 2)).toEqual({ end: 15, ids: [12] });
    expect(scanSiteCitation('[site:3, site:5]', 0)).toEqual({ end: 16, ids: [3, 5] });
    expect(scanSiteCitation('[site:3, 7]', 0)).toEqual({ end: 11, ids: [3, 7] });
  });

  it('should refuse anything else', () => {
    for (const text of ['[site:]', '[site3]', '[site:3', '[sites:3]', '[site:123456]', '[site:-1]', '(site:3)', '[2:153]', '[site:3,]']) {
      expect(scanSiteCitation(text, 0), text).toBeUndefined();
    }
  });

  it('should stay linear on a bracket followed by a long run of spaces or digits', () => {
    const spaces = `[site:${' '.repeat(200_000)}3]`;
    expect(scanSiteCitation(spaces, 0)).toBeUndefined();
    const nodes = parseInline(`${'[site:1'.repeat(50_000)}`);
    expect(nodes.length).toBe(1);
  });
});

describe('when an answer cites site passages', () => {
  it('should parse them apart from verse citations', () => {
    expect(parseInline("Jumu'ah is at 1:30 pm [site:4]; be patient [2:153].").map((n) => n.type)).toEqual([
      'text',
      'site-citation',
      'text',
      'citation',
      'text',
    ]);
  });

  function show(text: string, retrieved: number[]) {
    const host = document.createElement('div');
    const site = {
      chunkCount: 10,
      retrieved: new Set(retrieved),
      passage: (id: number) => ({ label: `Opening times › Passage ${id}`, href: `https://mosque.example.org/opening-times#p${id}` }),
    };
    const view = answerView(text, { corpus: ctx.corpus, retrieved: ctx.retrieved, translation: 'en', t: translator('en'), site });
    render(view.template, host);
    return { host, citations: view.citations };
  }

  it('should check each like a verse citation and flag one that was not retrieved or does not exist', () => {
    const { host, citations } = show('At 1:30 pm [site:4], see also [site:5] and [site:42]. Patience [2:153].', [4]);
    expect(citations).toEqual([
      { ref: 'site:4', status: 'verified' },
      { ref: 'site:5', status: 'not-retrieved' },
      { ref: 'site:42', status: 'invalid' },
      { ref: '2:153', status: 'verified' },
    ]);
    const sites = [...host.querySelectorAll('[data-site]')];
    expect(sites.map((e) => [e.tagName, e.getAttribute('data-status'), e.getAttribute('href'), e.textContent])).toEqual([
      ['A', 'verified', 'https://mosque.example.org/opening-times#p4', '[site:4]'],
      ['A', 'not-retrieved', 'https://mosque.example.org/opening-times#p5', '[site:5]'],
      ['SPAN', 'invalid', null, '[site:42]'],
    ]);
    const flags = [...host.querySelectorAll('.flag')].map((f) => f.textContent);
    expect(flags).toEqual(["not from this mosque's retrieved passages", "not a passage of this mosque's documents"]);
    // A site citation is never a quran.com link.
    expect([...host.querySelectorAll('a')].filter((a) => a.href.includes('quran.com')).map((a) => a.textContent)).toEqual(['[2:153]']);
  });

  it('should flag every site citation as invalid when the widget has no site documents', () => {
    const view = answerView('See [site:1].', { corpus: ctx.corpus, retrieved: ctx.retrieved, translation: 'en', t: translator('en') });
    expect(view.citations).toEqual([{ ref: 'site:1', status: 'invalid' }]);
  });
});
