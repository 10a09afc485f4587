/**
 * @module
 * The element's collaborators: the entry module's real ones (`quran-dai.js` wires them), with
 * any a test or an advanced host passed in `.services` put in their place.
 */
import type { WidgetServices } from './widget-services.js';

const REQUIRED = ['fetch', 'loadQuranData', 'loadTranslationTrack', 'createSearchEngine', 'createBrowserQueryEmbedder', 'openConversationStore'] as const;

/** Throws, saying what to do, when a required service is missing. */
export function resolveServices(defaults: WidgetServices | undefined, overrides: Partial<WidgetServices> | undefined): WidgetServices {
  const merged = { ...defaults, ...overrides } as Partial<WidgetServices>;
  const missing = REQUIRED.filter((k) => typeof merged[k] !== 'function');
  if (missing.length > 0) {
    throw new Error(`quran-dai: missing services ${missing.join(', ')}; import the element from quran-dai.js (which wires them) or pass them in .services`);
  }
  return merged as WidgetServices;
}

/** The services when they are all there, else undefined (the caller does without, and the boot reports the gap). */
export function servicesIfComplete(defaults: WidgetServices | undefined, overrides: Partial<WidgetServices> | undefined): WidgetServices | undefined {
  try {
    return resolveServices(defaults, overrides);
  } catch {
    return undefined;
  }
}
