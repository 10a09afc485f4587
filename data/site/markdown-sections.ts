/**
 * Markdown or plain text → title and sections. Only what chunking needs: ATX headings
 * (`#`..`######`) start sections, blank lines separate paragraphs, fenced code stays one
 * paragraph (a `#` inside it is not a heading). The first level-1 heading, when it opens the
 * document, is its title and not part of any heading path. One pass over the lines.
 */
import type { SiteSection } from './site-document.js';

export interface ParsedText {
  /** The opening `# Title`, when there is one. */
  readonly title: string | undefined;
  readonly sections: SiteSection[];
}

const HEADING = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const FENCE = /^[ \t]*(```|~~~)/;

export function parseMarkdown(text: string): ParsedText {
  return parseLines(text, true);
}

/** Plain text: paragraphs only, no headings. */
export function parsePlainText(text: string): ParsedText {
  return parseLines(text, false);
}

function parseLines(text: string, markdown: boolean): ParsedText {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const sections: SiteSection[] = [];
  let title: string | undefined;
  /** Heading stack: [level, text]. */
  const stack: [number, string][] = [];
  let paragraphs: string[] = [];
  let para: string[] = [];
  let fence: string | undefined;
  let sawContent = false;

  const endParagraph = () => {
    const p = para.join('\n').trim();
    if (p) paragraphs.push(fence === undefined ? p.replace(/[ \t]+/g, ' ') : p);
    para = [];
  };
  const endSection = () => {
    endParagraph();
    if (paragraphs.length) sections.push({ headings: stack.map(([, h]) => h), paragraphs });
    paragraphs = [];
  };

  for (const line of lines) {
    if (markdown && fence !== undefined) {
      para.push(line);
      if (FENCE.exec(line)?.[1] === fence) {
        const p = para.join('\n').trim();
        if (p) paragraphs.push(p);
        para = [];
        fence = undefined;
      }
      continue;
    }
    const open = markdown ? FENCE.exec(line) : null;
    if (open) {
      endParagraph();
      fence = open[1];
      para.push(line);
      sawContent = true;
      continue;
    }
    const h = markdown ? HEADING.exec(line) : null;
    if (h) {
      const level = h[1]!.length;
      const heading = h[2]!.trim();
      if (level === 1 && title === undefined && !sawContent) {
        title = heading;
        continue;
      }
      endSection();
      while (stack.length && stack[stack.length - 1]![0] >= level) stack.pop();
      if (heading) stack.push([level, heading]);
      sawContent = true;
      continue;
    }
    if (line.trim() === '') {
      endParagraph();
      continue;
    }
    para.push(line.trim());
    sawContent = true;
  }
  // An unclosed fence keeps its text.
  endSection();
  return { title, sections };
}
