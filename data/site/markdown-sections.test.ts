import { describe, expect, it } from 'vitest';
import { parseMarkdown, parsePlainText } from './markdown-sections.js';

describe('parseMarkdown', () => {
  it('should take the opening level-1 heading as the title and nest later headings', () => {
    expect(parseMarkdown('# FAQ\n\n## Visiting\n\n### Sisters\n\nSide door.\n\n## Parking\n\nNo.')).toEqual({
      title: 'FAQ',
      sections: [
        { headings: ['Visiting', 'Sisters'], paragraphs: ['Side door.'] },
        { headings: ['Parking'], paragraphs: ['No.'] },
      ],
    });
  });

  it('should not read a # inside fenced code as a heading', () => {
    expect(parseMarkdown('Intro\n\n```\n# not a heading\n```').sections).toEqual([{ headings: [], paragraphs: ['Intro', '```\n# not a heading\n```'] }]);
  });

  it('should not take a level-1 heading after text as the title', () => {
    expect(parseMarkdown('Text first.\n\n# Later').title).toBeUndefined();
  });
});

describe('parsePlainText', () => {
  it('should split paragraphs on blank lines and keep # as text', () => {
    expect(parsePlainText('# one\r\ntwo\r\n\r\nthree')).toEqual({ title: undefined, sections: [{ headings: [], paragraphs: ['# one\ntwo', 'three'] }] });
  });
});
