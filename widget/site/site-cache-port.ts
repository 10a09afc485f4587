/** The page's data-cache functions as the lazy site chunk takes them (see load-site-data.ts). */
import { sha256Hex } from '../../data/corpus/content-hash.js';
import { decodeVectorFile } from '../../data/index/vector-file.js';
import { cacheVersionOf } from '../data-cache/cache-version.js';
import { isAbortError } from '../api/abort-error.js';
import { absoluteUrl, resolveUrl } from '../data-cache/data-urls.js';
import { fetchManifestJson } from '../data-cache/fetch-manifest.js';
import { findStored, obtainVerifiedFiles, readCurrentParts } from '../data-cache/obtain-verified-files.js';
import { openDataStores } from '../data-cache/open-data-stores.js';
import type { SiteCachePort } from './load-site-data.js';

export function pageSiteCachePort(): SiteCachePort {
  return {
    stores: openDataStores(),
    obtainVerifiedFiles,
    findStored,
    readCurrentParts,
    fetchManifestJson,
    absoluteUrl,
    resolveUrl,
    cacheVersionOf,
    isAbortError,
    sha256Hex,
    decodeVectorFile,
  };
}
