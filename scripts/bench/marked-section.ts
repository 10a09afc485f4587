/** One benchmark's section of BENCHMARKS.md, between its HTML-comment markers. */
export interface MarkedSection {
  /** Heading for a section that does not exist yet, e.g. `## Soak`. */
  readonly heading: string;
  readonly start: string;
  readonly end: string;
}

/** Replaces the text between the markers, leaving every other section untouched; appends the section when its markers are missing. */
export function replaceMarkedSection(markdown: string, marks: MarkedSection, section: string): string {
  const start = markdown.indexOf(marks.start);
  const end = markdown.indexOf(marks.end);
  if (start < 0 || end < start) return `${markdown.trimEnd()}\n\n${marks.heading}\n${marks.start}\n${section}\n${marks.end}\n`;
  return `${markdown.slice(0, start + marks.start.length)}\n${section}\n${markdown.slice(end)}`;
}
