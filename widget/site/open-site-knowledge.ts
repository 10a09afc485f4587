/**
 * The site documents for the page, loaded (cached like the corpus) and made searchable: the
 * entry of the lazy site chunk, fetched only when the proxy has site documents. Few passages
 * (a mosque's pages, perhaps a book), so their index is built on the page, not in the Worker.
 */
import { loadSiteData, type SiteCachePort } from './load-site-data.js';
import { createSiteKnowledge, type SiteKnowledge } from './site-knowledge.js';

export async function openSiteKnowledge(manifestUrl: string, cache: SiteCachePort, signal?: AbortSignal): Promise<SiteKnowledge | null> {
  const site = await loadSiteData({ manifestUrl, cache, ...(signal ? { signal } : {}) });
  return site ? createSiteKnowledge(site) : null;
}
