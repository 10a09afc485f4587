import { describe, expect, it } from 'vitest';
import { replaceSearchSection, SEARCH_SECTION_END, SEARCH_SECTION_START } from './bench-results.js';

describe('when updating the search section of BENCHMARKS.md', () => {
  it('should replace only the text between the markers', () => {
    const md = `# B\n## Search\n${SEARCH_SECTION_START}\nold\n${SEARCH_SECTION_END}\n## Proxy\nkeep me\n`;
    expect(replaceSearchSection(md, 'new')).toBe(`# B\n## Search\n${SEARCH_SECTION_START}\nnew\n${SEARCH_SECTION_END}\n## Proxy\nkeep me\n`);
  });

  it('should append a section when the markers are missing', () => {
    expect(replaceSearchSection('# B\n', 'x')).toBe(`# B\n\n## Search\n${SEARCH_SECTION_START}\nx\n${SEARCH_SECTION_END}\n`);
  });
});
