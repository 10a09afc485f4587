import { describe, expect, it } from 'vitest';
import { percentiles, PROXY_SECTION_END, PROXY_SECTION_START, replaceProxySection } from './bench-proxy.js';

describe('when summarising latencies', () => {
  it('should give nearest-rank p50, p95 and max', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentiles(samples)).toStrictEqual({ p50: 50, p95: 95, max: 100 });
  });
});

describe('when writing BENCHMARKS.md', () => {
  it('should replace only the proxy section', () => {
    const md = `# B\n\n## Search\n<!-- bench:search:start -->\nS\n<!-- bench:search:end -->\n\n## Proxy\n${PROXY_SECTION_START}\nold\n${PROXY_SECTION_END}\n`;
    expect(replaceProxySection(md, 'new')).toBe(`# B\n\n## Search\n<!-- bench:search:start -->\nS\n<!-- bench:search:end -->\n\n## Proxy\n${PROXY_SECTION_START}\nnew\n${PROXY_SECTION_END}\n`);
  });
  it('should append a section when the markers are missing', () => {
    expect(replaceProxySection('# B\n', 'x')).toBe(`# B\n\n## Proxy\n${PROXY_SECTION_START}\nx\n${PROXY_SECTION_END}\n`);
  });
});
