import { describe, expect, it } from 'vitest';
import { summarize } from '../bench/bench-stats.js';
import { renderWidgetSection, replaceWidgetSection, WIDGET_SECTION_END, WIDGET_SECTION_START, type WidgetBenchResults } from './widget-bench-report.js';

const s = (...xs: number[]) => summarize(xs);
const results: WidgetBenchResults = {
  date: '2026-11-22 04:00 UTC',
  machine: 'test',
  browser: 'chromium 1',
  runs: 3,
  indexId: 'test-hashing-768',
  dims: 768,
  probe: {
    firstReadyMs: s(900, 1000, 1600),
    firstDataReadyMs: s(500),
    repeatReadyMs: s(250, 300),
    repeatDataReadyMs: s(80),
    prepareEnMs: s(120),
    prepareArMs: s(200),
  },
  widget: { firstReadyMs: s(1100), repeatReadyMs: s(300) },
  firstVisitBytes: { corpus: 700 * 1024, index: 4 * 1024 * 1024, corpusRaw: 2900 * 1024, indexRaw: 4701 * 1024 },
  repeatVisitDataBytes: 0,
  widgetMainGzipBytes: 40 * 1024,
};

describe('when the widget section is rendered', () => {
  it('should compare each number with its target', () => {
    const md = renderWidgetSection(results);
    expect(md).toContain('| first visit ready: downloaded, verified, stored, keyword-searchable (probe) | 1000 / 1600 ms | <= 1500 ms | meets target |');
    expect(md).toContain('| repeat visit ready from IndexedDB (probe) | 250 / 300 ms | <= 200 ms | **misses target** |');
    expect(md).toContain('| data bytes transferred on a repeat visit | 0 | 0 | meets target |');
    expect(md).toContain('<= 4911 KiB');
  });
});

describe('when repeat visits restored the indexes from snapshots', () => {
  it('should show restored and built repeat visits side by side, with restore times and snapshot sizes', () => {
    const md = renderWidgetSection({
      ...results,
      probe: {
        ...results.probe,
        repeatReadyMs: s(150, 180),
        repeatBuiltReadyMs: s(300, 320),
        repeatIndexMs: s(15),
        repeatBuiltIndexMs: s(110),
        restoreEnMs: s(8),
        restoreArMs: s(20),
        snapshotBytes: { en: 200 * 1024, 'arabic-search': 400 * 1024 },
      },
    });
    expect(md).toContain('then reloads it twice (index snapshots restored, and snapshots off; the order alternates between runs).');
    expect(md).toContain('| … of which English index restored + first query (ready − data) | 15 / 15 ms | | |');
    expect(md).toContain('| … of which English index built + first query, snapshots off (ready − data) | 110 / 110 ms | | |');
    expect(md).toContain('| repeat visit ready from IndexedDB (probe; English index restored from its snapshot) | 150 / 180 ms | <= 200 ms | meets target |');
    expect(md).toContain(
      '| … the same repeat visit with the English index built from the text (no snapshot, as before) | 300 / 320 ms | <= 200 ms | **misses target** |',
    );
    expect(md).toContain('| BM25 index restored from its snapshot: English | 8 / 8 ms |');
    expect(md).toContain('| en 200 KiB, arabic-search 400 KiB |');
  });
});

describe('when other index dimensions were measured too', () => {
  it('should add one row per dimension', () => {
    const md = renderWidgetSection({
      ...results,
      byDims: [
        { dims: 768, firstReadyMs: s(1000), repeatReadyMs: s(250), indexBytes: 4701 * 1024 },
        { dims: 256, firstReadyMs: s(700), repeatReadyMs: s(200), indexBytes: 1583 * 1024 },
      ],
    });
    expect(md).toContain('| 768 | 1000 / 1000 ms | 250 / 250 ms | 4701 KiB |');
    expect(md).toContain('| 256 | 700 / 700 ms | 200 / 200 ms | 1583 KiB |');
  });
});

describe('when BENCHMARKS.md is updated', () => {
  it('should replace only the widget section', () => {
    const before = `# B\n\n## Search\n<!-- bench:search:start -->\nS\n<!-- bench:search:end -->\n\n## Widget\n${WIDGET_SECTION_START}\nold\n${WIDGET_SECTION_END}\n\n## Proxy\nP\n`;
    const after = replaceWidgetSection(before, 'new');
    expect(after).toBe(before.replace('\nold\n', '\nnew\n'));
  });

  it('should append the section when it is missing', () => {
    expect(replaceWidgetSection('# B\n', 'x')).toBe(`# B\n\n## Widget\n${WIDGET_SECTION_START}\nx\n${WIDGET_SECTION_END}\n`);
  });
});
