/**
 * "From this mosque": the mosque's own passages found for the question, in their own section
 * below the verses and never among them. Each shows where it sits (document › headings) and
 * its text, linked to the document on the mosque's site when a base URL is set. Text bindings
 * only: a passage can never become markup.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { SiteHit } from '../../data/site/site-search.js';
import type { Translate } from '../i18n/ui-language.js';

export interface SitePassageView {
  /** `Opening times › Jumu'ah (Friday prayer)` */
  readonly label: string;
  /** The document on the mosque's site, at the passage's heading; absent without a base URL. */
  readonly href?: string;
}

/** Characters of a passage shown; the link (or the answer) leads to the rest. */
export const SITE_EXCERPT_CHARS = 400;

export function siteExcerpt(text: string, max = SITE_EXCERPT_CHARS): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max);
  return `${text.slice(0, cut > max / 2 ? cut : max).trimEnd()} …`;
}

export function siteResultsTemplate(
  hits: readonly SiteHit[],
  site: { passage(id: number, baseUrl: string | undefined): SitePassageView | undefined },
  baseUrl: string | undefined,
  t: Translate,
): TemplateResult | typeof nothing {
  if (hits.length === 0) return nothing;
  return html`<section class="site" part="site" aria-labelledby="site-heading">
    <h3 id="site-heading" part="site-heading">${t('siteHeading')}</h3>
    <p class="site__note" part="site-note">${t('siteNote')}</p>
    <ol class="verse-list site-list" part="site-list">
      ${hits.map((hit) => {
        const view = site.passage(hit.chunk.id, baseUrl);
        const label = view?.label ?? hit.chunk.title;
        return html`<li class="site-card" part="site-card" data-site=${hit.chunk.id}>
          <p class="site-card__title" part="site-card-title">
            ${view?.href ? html`<a href=${view.href} target="_blank" rel="noopener noreferrer" part="site-link">${label}</a>` : label}
            <span class="site-card__ref" part="site-card-ref">[site:${hit.chunk.id}]</span>
          </p>
          <p class="site-card__text" part="site-card-text">${siteExcerpt(hit.chunk.text)}</p>
        </li>`;
      })}
    </ol>
  </section>`;
}
