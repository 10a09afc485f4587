/**
 * @module
 * The index of the design decisions (docs/adr/README.md), made from the ADRs themselves: each
 * one's number, title and status line. `npm run build:adr-index` writes it; its test fails when
 * the committed index is behind the ADRs, or an ADR has no status.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface AdrEntry {
  readonly file: string;
  readonly title: string;
  /** The status line's text after "Status:"; undefined when the ADR has none. */
  readonly status: string | undefined;
}

/** Reads `# NNNN: Title` (or `# ADR NNNN: Title`) and the first `Status: …` line of one ADR. */
export function readAdr(file: string, text: string): AdrEntry {
  const title = /^# (?:ADR )?(\d{4}: .+)$/m.exec(text)?.[1];
  if (!title) throw new Error(`${file} has no "# NNNN: Title" heading`);
  const status = /^\**Status:?\**:?\s*(.+)$/im.exec(text)?.[1]?.trim();
  return { file, title, status };
}

export async function readAdrs(dir: string): Promise<AdrEntry[]> {
  const files = (await readdir(dir)).filter((f) => /^\d{4}-.+\.md$/.test(f)).sort();
  return Promise.all(files.map(async (f) => readAdr(f, await readFile(join(dir, f), 'utf8'))));
}

export function adrIndexMarkdown(entries: readonly AdrEntry[]): string {
  const rows = entries.map((e) => `| [${e.title.replace(/\|/g, '\\|')}](${e.file}) | ${(e.status ?? '(none)').replace(/\|/g, '\\|')} |`);
  return [
    '# Design decisions',
    '',
    'One decision per record, with the numbers behind it. Generated from the records by',
    '`npm run build:adr-index`; a test fails when it is behind them.',
    '',
    '| decision | status |',
    '|---|---|',
    ...rows,
    '',
  ].join('\n');
}
