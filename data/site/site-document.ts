/**
 * A site document after reading and before chunking: its title and its sections (a heading
 * path and the paragraphs under it). Markdown, plain text and PDF all arrive in this shape.
 */
export interface SiteSection {
  /** Headings above these paragraphs, outermost first (empty before the first heading). */
  readonly headings: readonly string[];
  readonly paragraphs: readonly string[];
  /** Link fragment when it is not the heading's slug (a PDF page: `page=3`). */
  readonly anchor?: string;
}

export interface SiteDocument {
  /** Slug of the file name, unique in the artefact. */
  readonly doc: string;
  readonly title: string;
  /** File name relative to the source folder. */
  readonly source: string;
  readonly sections: readonly SiteSection[];
}
