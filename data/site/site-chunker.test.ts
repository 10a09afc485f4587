import { describe, expect, it } from 'vitest';
import { chunkDocuments, chunkSection, overlapTail, splitLong, DEFAULT_SITE_CHUNK_OPTIONS } from './site-chunker.js';
import { parseMarkdown } from './markdown-sections.js';
import type { SiteDocument } from './site-document.js';

const sentence = (i: number) => `Sentence number ${i} tells visitors something useful about the mosque.`;
const paragraph = (from: number, count: number) => Array.from({ length: count }, (_, k) => sentence(from + k)).join(' ');

function doc(markdown: string, slug = 'guide'): SiteDocument {
  const parsed = parseMarkdown(markdown);
  return { doc: slug, title: parsed.title ?? slug, source: `${slug}.md`, sections: parsed.sections };
}

describe('when a section fits in one chunk', () => {
  it('should keep it whole with its title, heading path and anchor', () => {
    const chunks = chunkDocuments([doc("# Opening times\n\n## Prayers\n\n### Jumu'ah (Friday prayer)\n\nKhutbah at 1:15 pm.\n\nDoors open at 12:45 pm.")]);
    expect(chunks).toEqual([
      {
        id: 0,
        doc: 'guide',
        title: 'Opening times',
        headings: ['Prayers', "Jumu'ah (Friday prayer)"],
        anchor: 'jumuah-friday-prayer',
        key: 'guide#jumuah-friday-prayer~0',
        text: 'Khutbah at 1:15 pm.\n\nDoors open at 12:45 pm.',
      },
    ]);
  });
});

describe('when a section is longer than a chunk', () => {
  const paragraphs = Array.from({ length: 12 }, (_, i) => paragraph(i * 4, 4));
  const texts = chunkSection(paragraphs, DEFAULT_SITE_CHUNK_OPTIONS);

  it('should never exceed 1,500 characters', () => {
    expect(texts.length).toBeGreaterThan(2);
    for (const t of texts) expect(t.length).toBeLessThanOrEqual(1500);
  });

  it('should end every chunk on a paragraph boundary', () => {
    for (const t of texts) expect(paragraphs.some((p) => t.endsWith(p))).toBe(true);
  });

  it('should open each later chunk with the last ~200 characters of the one before, from a sentence start', () => {
    for (let i = 1; i < texts.length; i++) {
      const head = texts[i]!.split('\n\n')[0]!;
      expect(head.length).toBeLessThanOrEqual(200);
      expect(head.length).toBeGreaterThan(100);
      expect(texts[i - 1]!.endsWith(head)).toBe(true);
      expect(head.startsWith('Sentence number')).toBe(true);
    }
  });

  it('should keep every paragraph in some chunk', () => {
    for (const p of paragraphs) expect(texts.some((t) => t.includes(p))).toBe(true);
  });
});

describe('when headings change', () => {
  it('should never put two headings in one chunk, and record each heading path', () => {
    const chunks = chunkDocuments([
      doc('# Classes\n\nIntro line.\n\n## Adults\n\n### Arabic\n\nMonday.\n\n### Tajweed\n\nTuesday.\n\n## Children\n\nSaturday.'),
    ]);
    expect(chunks.map((c) => [c.headings.join(' › '), c.anchor, c.text])).toEqual([
      ['', '', 'Intro line.'],
      ['Adults › Arabic', 'arabic', 'Monday.'],
      ['Adults › Tajweed', 'tajweed', 'Tuesday.'],
      ['Children', 'children', 'Saturday.'],
    ]);
  });

  it('should number a repeated heading as site generators do', () => {
    const chunks = chunkDocuments([doc('## Times\n\nA.\n\n## Times\n\nB.')]);
    expect(chunks.map((c) => c.anchor)).toEqual(['times', 'times-1']);
  });

  it('should not overlap across a heading', () => {
    const chunks = chunkDocuments([doc(`## One\n\n${paragraph(0, 30)}\n\n## Two\n\nShort.`)]);
    expect(chunks[chunks.length - 1]!.text).toBe('Short.');
  });
});

describe('when the same documents are chunked twice', () => {
  it('should give identical chunks (ids, keys, texts)', () => {
    const md = `# Guide\n\n## Part\n\n${Array.from({ length: 9 }, (_, i) => paragraph(i * 5, 5)).join('\n\n')}`;
    expect(chunkDocuments([doc(md), doc(md, 'copy')])).toStrictEqual(chunkDocuments([doc(md), doc(md, 'copy')]));
    const keys = chunkDocuments([doc(md)]).map((c) => c.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('when one paragraph is longer than a chunk', () => {
  it('should cut it at sentence ends', () => {
    const pieces = splitLong(paragraph(0, 40), 1298);
    expect(pieces.length).toBeGreaterThan(1);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(1298);
      expect(p.endsWith('mosque.')).toBe(true);
    }
    expect(pieces.join(' ')).toBe(paragraph(0, 40));
  });

  it('should cut at a word gap when there is no sentence end, and hard when there is no gap', () => {
    expect(splitLong('aaa bbb ccc', 8)).toEqual(['aaa bbb', 'ccc']);
    expect(splitLong('abcdefghij', 4)).toEqual(['abcd', 'efgh', 'ij']);
  });
});

describe('overlapTail', () => {
  it('should start at a word when no sentence starts in the tail', () => {
    expect(overlapTail('one two three four', 9)).toBe('four');
    expect(overlapTail('short', 9)).toBe('short');
    expect(overlapTail('x', 0)).toBe('');
  });
});

describe('when the options are impossible', () => {
  it('should say what is wrong', () => {
    expect(() => chunkDocuments([], { maxChars: 100, overlapChars: 80 })).toThrow(/overlapChars <= maxChars \/ 2/);
  });
});
