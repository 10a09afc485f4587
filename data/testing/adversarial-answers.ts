/**
 * Test helper: generated hostile answers, each built to the length asked for, aimed at every
 * way a parser or checker can go super-linear: long whitespace runs inside a construct,
 * openers that never close, nested and repeated brackets, long citation groups, runs of
 * Arabic marks, tatweel and hamzas, and text mixing both directions. A prompt-injected or
 * looping model can send any of them; parsing and checking must stay linear on each.
 */

/** One generator: `make(n)` returns an answer of about `n` characters (never more). */
export interface AdversarialAnswer {
  readonly name: string;
  readonly make: (n: number) => string;
}

/** `unit` repeated to fill `n` characters, after `head` and before `tail`. */
function fill(head: string, unit: string, tail: string, n: number): string {
  const room = Math.max(0, n - head.length - tail.length);
  return head + unit.repeat(Math.floor(room / unit.length)) + tail;
}

const ARABIC = 'إِنَّ ٱللَّهَ مَعَ ٱلصَّٰبِرِينَ';

export const ADVERSARIAL_ANSWERS: readonly AdversarialAnswer[] = [
  // Whitespace runs inside a construct, then something that makes it fail.
  { name: 'heading, spaces, a word', make: (n) => fill('# x', ' ', 'y', n) },
  { name: 'heading, spaces, closing hashes and a word', make: (n) => fill('## x', ' # ', 'y', n) },
  { name: 'bracket, spaces, a word', make: (n) => fill('(', ' ', 'x', n) },
  { name: 'square bracket, spaces, a word', make: (n) => fill('[', ' ', 'x', n) },
  { name: 'label, spaces, a reference', make: (n) => fill('[Quran', ' ', '2:153]', n) },
  { name: 'reference, spaces, no closer', make: (n) => fill('[2:153', ' ', 'x', n) },
  { name: 'link destination, spaces', make: (n) => fill('[a](', ' ', 'x', n) },
  { name: 'link title never closed', make: (n) => fill('[a](https://quran.com/2/153 "', ' ', 'x', n) },
  { name: 'bullet, spaces, a word', make: (n) => fill('- ', ' ', 'x', n) },
  { name: 'numbered item, spaces, a word', make: (n) => fill('1. ', ' ', 'x', n) },
  { name: 'block quote, spaces, a citation', make: (n) => fill('> a b c', ' ', 'd [2:153]', n) },
  { name: 'quote, full stops and spaces', make: (n) => fill('"a b c', ' . ', '" [2:153]', n) },
  { name: 'wide and zero-width spaces', make: (n) => fill('«ا', ' \u200b\u00a0\u2009', 'ب» [2:153]', n) },
  // Openers repeated, never closed.
  { name: 'square brackets', make: (n) => fill('', '[', '', n) },
  { name: 'round brackets', make: (n) => fill('', '(', '', n) },
  { name: 'hashes', make: (n) => fill('', '#', '', n) },
  { name: 'stars', make: (n) => fill('', '*', '', n) },
  { name: 'underscores', make: (n) => fill('', '_', '', n) },
  { name: 'backticks', make: (n) => fill('', '`', '', n) },
  { name: 'backslashes', make: (n) => fill('', '\\', '', n) },
  { name: 'straight quotes', make: (n) => fill('', '"', '', n) },
  { name: 'curly quotes', make: (n) => fill('', '“', '', n) },
  { name: 'guillemets', make: (n) => fill('', '«', '', n) },
  { name: 'ornate brackets', make: (n) => fill('', '﴿', '', n) },
  { name: 'single star before doubles', make: (n) => fill('* ', '** ', '', n) },
  { name: 'open strong with words', make: (n) => fill('', '**a ', '', n) },
  { name: 'open emphasis after spaces', make: (n) => fill('', ' _a', '', n) },
  { name: 'open code with words', make: (n) => fill('', '`a ', '', n) },
  { name: 'link labels never closed', make: (n) => fill('', '[a ', '', n) },
  { name: 'link labels without destination', make: (n) => fill('', '[a]', '', n) },
  { name: 'link destinations never closed', make: (n) => fill('', '[a](b', '', n) },
  { name: 'links to another site', make: (n) => fill('', '[a](https://example.org/x) ', '', n) },
  { name: 'quran.com links', make: (n) => fill('', '[2:153](https://quran.com/2/153) ', '', n) },
  // Nesting.
  { name: 'nested square brackets', make: (n) => fill('', '[', '', n >> 1) + fill('', ']', '', n >> 1) },
  { name: 'nested round brackets', make: (n) => fill('', '(', '', n >> 1) + fill('', ')', '', n >> 1) },
  { name: 'links inside link destinations', make: (n) => fill('[a](', '[a](x)', '', n) },
  { name: 'nested emphasis and quotes', make: (n) => fill('', '*"“«﴿_a', '', n >> 1) + fill('', '﴾»”"*_', '', n >> 1) },
  // Citations.
  { name: 'long citation group never closed', make: (n) => fill('[', '2:153, ', '', n) },
  { name: 'long citation group', make: (n) => fill('(', '2:153-157; ', '2:1)', n) },
  { name: 'citations back to back', make: (n) => fill('', '[2:153]', '', n) },
  { name: 'site citations back to back', make: (n) => fill('', '[site:3]', '', n) },
  { name: 'long site citation group never closed', make: (n) => fill('[site:', '1, ', '', n) },
  { name: 'site citation openers never closed', make: (n) => fill('', '[site: 1 ', '', n) },
  { name: 'quotes citing long ranges', make: (n) => fill('', '"a b c" [2:1-286] ', '', n) },
  { name: 'one quote citing many ranges', make: (n) => fill('"a b c"', ' [2:1-286]', '', n) },
  { name: 'uncited ornate quotes', make: (n) => fill('', '﴿قل هو﴾ ', '', n) },
  // Each excerpt of an uncited quote is looked up in the whole Quran; الخناس is in its last surah.
  { name: 'uncited ornate quotes cut into many excerpts', make: (n) => fill('', `﴿${'الخناس … '.repeat(43)}﴾ `, '', n) },
  {
    name: 'uncited ornate quotes whose excerpts are all in the last surah but one',
    make: (n) => fill('', '﴿برب الناس … ملك الناس … اله الناس … الوسواس الخناس … في صدور الناس … الجنة والناس ب﴾ ', '', n),
  },
  // Arabic and mixed directions.
  { name: 'Arabic answer with citations', make: (n) => fill('', `«${ARABIC}» [2:153] ﴿${ARABIC}﴾ `, '', n) },
  { name: 'one endless hamza word', make: (n) => fill('«', 'ءَ', '» [2:153]', n) },
  { name: 'tatweel run', make: (n) => fill('«ا', 'ـ', 'ب» [2:153]', n) },
  { name: 'small ya run', make: (n) => fill('«ا', 'ۦ', 'ب» [2:153]', n) },
  { name: 'Arabic marks run', make: (n) => fill('«ا', '\u064e\u0651', 'ب» [2:153]', n) },
  { name: 'Latin combining marks run', make: (n) => fill('"a', '\u0301\u0316', ' b c" [2:153]', n) },
  { name: 'bidi controls and mixed text', make: (n) => fill('', '\u202eabc \u202c«ﺍﻟﻠﻪ» [2:153] \u2067x\u2069 ', '', n) },
  { name: 'lines of block starts', make: (n) => fill('', '# h\n> q\n- b\n1. n\n```\n', '', n) },
  { name: 'line separators', make: (n) => fill('', '- a\u2028', '', n) },
];
