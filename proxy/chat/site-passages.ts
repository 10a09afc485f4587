/**
 * @module
 * Turns checked site chunk ids into prompt passages with text from the proxy's own copy of
 * the site artefact (never from the client), in the order the widget ranked them.
 */
import type { SiteChunk } from '../../data/site/site-types.js';
import type { PromptSitePassage } from '../prompt/dai-prompt.js';

export function collectSitePassages(ids: readonly number[], chunks: readonly SiteChunk[]): PromptSitePassage[] {
  return ids.map((id) => {
    const c = chunks[id]!;
    return { id: c.id, title: c.title, headings: c.headings, text: c.text };
  });
}
