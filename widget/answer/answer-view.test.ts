// @vitest-environment happy-dom
import { render } from 'lit';
import { beforeAll, describe, expect, it } from 'vitest';
import { translator } from '../i18n/ui-language.js';
import { MAX_CHECKED_QUOTES } from '../../data/answer-check/answer-check.js';
import { answerTestContext, type AnswerTestContext } from '../../data/testing/answer-test-context.js';
import { answerView } from './answer-view.js';
import { MAX_ANSWER_CHARS } from '../../data/answer-check/markdown-subset.js';

let ctx: AnswerTestContext;
beforeAll(async () => {
  ctx = await answerTestContext();
});

/** The answer rendered into a fresh element, as the widget shows it. */
function show(text: string): HTMLElement {
  const host = document.createElement('div');
  render(answerView(text, { corpus: ctx.corpus, retrieved: ctx.retrieved, translation: 'en', t: translator('en') }).template, host);
  return host;
}

const textOf = (node: Element | null) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

describe('when the answer links somewhere', () => {
  it('should make a link to quran.com clickable, opening a new tab without the opener', () => {
    const host = show('Read the [tafsir of this verse](https://quran.com/2/153/tafsirs/en-tafisr-ibn-kathir).');
    const links = [...host.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('href'), a.target, a.rel, a.getAttribute('part'), textOf(a)])).toStrictEqual([
      ['https://quran.com/2/153/tafsirs/en-tafisr-ibn-kathir', '_blank', 'noopener noreferrer nofollow', 'answer-link', 'tafsir of this verse'],
    ]);
  });

  it('should show links to any other site, javascript: and data: as their label only, with no element that can be clicked', () => {
    const host = show(
      [
        '[our site](https://example.org/donate)',
        '[look alike](https://quran.com.evil.example/2/153)',
        '[run](javascript:alert(document.cookie))',
        '[page](data:text/html,<script>alert(1)</script>)',
        '[plain](http://quran.com/2/153)',
        'and a bare https://example.org/x address',
      ].join(' '),
    );
    expect(host.querySelectorAll('a, script, iframe, img')).toHaveLength(0);
    expect(textOf(host)).toBe('our site look alike run page plain and a bare https://example.org/x address');
  });

  it('should not link a quran.com page of a verse that does not exist, and flag it', () => {
    const host = show(
      '[Allah is with the liars](https://quran.com/2/999), [the 115th surah](https://quran.com/115), [patience](https://quran.com/2:153) and [the cow](https://quran.com/2).',
    );
    expect([...host.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toStrictEqual(['https://quran.com/2:153', 'https://quran.com/2']);
    expect(textOf(host)).toBe('Allah is with the liars not a verse, the 115th surah not a verse, patience and the cow.');
    expect(host.querySelectorAll('[part~="citation-flag"]')).toHaveLength(2);
  });

  it('should flag a block quote that cites nothing and is in none of the verses shown', () => {
    const host = show('> Indeed, Allah is with the liars.');
    expect(host.querySelector('blockquote')!.getAttribute('part')).toBe('quote quote-not-found');
    expect(textOf(host.querySelector('[part~="quote-flag"]'))).toBe('not found in the verses shown: read it with care');
  });

  it('should link a citation to quran.com itself, ignoring the URL the model put on it', () => {
    const host = show('Be patient [2:153](https://example.org/2/153).');
    const links = [...host.querySelectorAll('a')];
    expect(links.map((a) => [a.getAttribute('href'), a.dataset.status])).toStrictEqual([['https://quran.com/2/153', 'verified']]);
    expect(textOf(host)).not.toContain('example.org');
  });
});

describe('when the answer misquotes a verse', () => {
  it('should show the verse as it really reads from the corpus beside the flag, with its link', () => {
    const host = show('قال تعالى: «إِنَّ اللَّهَ مَعَ الْمُحْسِنِينَ دَائِمًا» (البقرة: 153)');
    expect(textOf(host.querySelector('[part~="quote-flag"]'))).toBe('does not match the text of 2:153');
    const correction = host.querySelector('[part~="quote-correction"]')!;
    expect(correction.getAttribute('data-ref')).toBe('2:153');
    expect(textOf(correction.querySelector('q'))).toBe(ctx.corpus.verse({ surah: 2, ayah: 153 }).arabic);
    expect(correction.querySelector('a')!.getAttribute('href')).toBe('https://quran.com/2/153');
  });
  it('should read a reference written the Arabic way as a citation, checked like [2:153]', () => {
    const host = show('كما قال تعالى: «إن الله مع الصابرين» (البقرة: 153)');
    expect([...host.querySelectorAll('a[data-ref]')].map((a) => [a.getAttribute('data-ref'), a.getAttribute('data-status')])).toStrictEqual([
      ['2:153', 'verified'],
    ]);
    expect(host.querySelector('[part~="quote-flag"]')).toBeNull();
  });
  it('should show no verse for words that are no verse at all', () => {
    const host = show('﴿إن العلم نور والجهل ظلام في الدنيا﴾');
    expect(textOf(host.querySelector('[part~="quote-flag"]'))).toBe('does not match the text of Quran');
    expect(host.querySelector('[part~="quote-correction"]')).toBeNull();
  });
});

describe('when the answer is longer than the widget shows', () => {
  it('should end the shown part with a note that the answer was cut', () => {
    const host = show('Patience and prayer. '.repeat(Math.ceil(MAX_ANSWER_CHARS / 21) + 100));
    const note = host.querySelector('[part~="answer-cut"]');
    expect(textOf(note)).toBe('The answer was cut here: it is too long to show.');
    expect(note?.getAttribute('role')).toBe('note');
    expect(textOf(host).length).toBeLessThan(MAX_ANSWER_CHARS + 100);
  });
});

describe('when the answer quotes more than the widget checks', () => {
  it('should flag the quotes past the limit as not checked, never as verified', () => {
    const quote = '"Indeed, Allah is with the patient" [2:153] ';
    const host = show(quote.repeat(MAX_CHECKED_QUOTES + 2));
    expect(host.querySelectorAll('[part~="quote-verified"]')).toHaveLength(MAX_CHECKED_QUOTES);
    const unchecked = [...host.querySelectorAll('[part~="quote-unchecked"]')];
    expect(unchecked).toHaveLength(2);
    expect(unchecked.map((q) => textOf(q.nextElementSibling))).toStrictEqual(Array(2).fill('not checked: this answer quotes too much to check'));
  });
});

describe('when the answer cites a verse only the retrieval suggestion brought', () => {
  it('should link it and mark that the search did not find it', () => {
    const i = ctx.corpus.indexOf({ surah: 2, ayah: 153 });
    const retrieved = Object.assign(new Set(ctx.retrieved), { suggested: new Set([i]) });
    const host = document.createElement('div');
    render(answerView('Patience [2:153] and [2:150].', { corpus: ctx.corpus, retrieved, translation: 'en', t: translator('en') }).template, host);
    const links = [...host.querySelectorAll('a[data-ref]')].map((a) => [a.getAttribute('data-ref'), a.getAttribute('data-status')]);
    expect(links).toStrictEqual([
      ['2:153', 'suggested'],
      ['2:150', 'verified'],
    ]);
    expect(textOf(host.querySelector('[part~="citation-flag"]'))).toBe("found through the assistant's suggestion, not by the search");
  });
});
