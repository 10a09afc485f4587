/**
 * The site documents for the page, loaded (cached like the corpus) and made searchable: the
 * entry of the lazy site chunk, fetched only when the proxy has site documents. Few passages
 * (a mosque's pages, perhaps a book), so their index is built on the page, not in the Worker.
 */
import { loadSiteData, type SiteCachePort } from './load-site-data.js';
import type { SiteArtefact } from '../../data/site/site-artefact-reader.js';
import { createSiteKnowledge, type SiteKnowledge } from './site-knowledge.js';

/**
 * @param version the documents' version the proxy answers from: a copy of another version (a
 *   CDN not updated after the documents were rebuilt) would have every question refused.
 * @returns null when the documents cannot be used, said once on the console with the manifest's
 *   URL and what to do: the visitor still gets the verses, the site owner learns why.
 */
export async function openSiteKnowledge(manifestUrl: string, version: string, cache: SiteCachePort, signal?: AbortSignal): Promise<SiteKnowledge | null> {
  try {
    return createSiteKnowledge(await usableSite(manifestUrl, version, cache, signal));
  } catch (e) {
    if (cache.isAbortError(e) || signal?.aborted) throw e;
    const warning = `quran-dai: ${(e as Error).message}; answers use the Quran alone`;
    // Once per page, however many widgets it has.
    if (!warned.has(warning)) console.warn(warning);
    warned.add(warning);
    return null;
  }
}

const warned = new Set<string>();

async function usableSite(manifestUrl: string, version: string, cache: SiteCachePort, signal?: AbortSignal): Promise<SiteArtefact> {
  let site: SiteArtefact;
  try {
    site = await loadSiteData({ manifestUrl, cache, ...(signal ? { signal } : {}) });
  } catch (e) {
    if (cache.isAbortError(e)) throw e;
    throw new Error(`the mosque's documents were not loaded from ${manifestUrl} (${(e as Error).message})`, { cause: e });
  }
  if (site.manifest.version !== version) {
    throw new Error(
      `the mosque's documents at ${manifestUrl} are version ${site.manifest.version}, but the proxy answers from version ${version}; run npm run export:static and upload its output again (docs/deploy.md)`,
    );
  }
  return site;
}
