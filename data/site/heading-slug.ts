/**
 * Heading → URL fragment, the way GitHub and most Markdown site generators write heading ids
 * (lowercase, punctuation dropped, spaces to hyphens, `-1`, `-2` for repeats), so a chunk's
 * anchor lands on the same heading of the mosque's published page.
 */
export function headingSlug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Slugs for a document's headings in order, repeats numbered as site generators do. */
export function uniqueSlugger(): (heading: string) => string {
  const seen = new Map<string, number>();
  return (heading) => {
    const base = headingSlug(heading);
    const n = seen.get(base);
    seen.set(base, (n ?? 0) + 1);
    return n === undefined ? base : `${base}-${n}`;
  };
}

/** File name → document slug: `Visitors FAQ.md` → `visitors-faq`. */
export function fileSlug(fileName: string): string {
  const base = fileName.replace(/\.[^./\\]+$/, '');
  const slug = base
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'document';
}
