import { describe, expect, it } from 'vitest';
import { PROXY_SECTION_END, PROXY_SECTION_START, replaceProxySection } from './bench-proxy.js';

describe('when writing BENCHMARKS.md', () => {
  it('should replace only the proxy section', () => {
    const md = `# B\n\n## Search\n<!-- bench:search:start -->\nS\n<!-- bench:search:end -->\n\n## Proxy\n${PROXY_SECTION_START}\nold\n${PROXY_SECTION_END}\n`;
    expect(replaceProxySection(md, 'new')).toBe(
      `# B\n\n## Search\n<!-- bench:search:start -->\nS\n<!-- bench:search:end -->\n\n## Proxy\n${PROXY_SECTION_START}\nnew\n${PROXY_SECTION_END}\n`,
    );
  });
  it('should append a section when the markers are missing', () => {
    expect(replaceProxySection('# B\n', 'x')).toBe(`# B\n\n## Proxy\n${PROXY_SECTION_START}\nx\n${PROXY_SECTION_END}\n`);
  });
});
