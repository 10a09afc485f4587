/**
 * @module
 * The "From this mosque" section as the element shows it: its styles adopted once the site's
 * documents (a lazy chunk) arrive, and the base its passages link to (the `site-base-url`
 * attribute wins over the proxy's SITE_BASE_URL; a refused value warns once).
 */
import { nothing, type CSSResult, type ReactiveController, type ReactiveControllerHost, type TemplateResult } from 'lit';
import { siteBaseFromAttribute } from './site-base-attribute.js';
import type { SiteHit } from '../../data/site/site-search.js';
import type { Translate } from '../i18n/ui-language.js';
import type { SiteKnowledge } from './site-knowledge.js';

type Host = ReactiveControllerHost & HTMLElement;

export interface SiteSectionOptions {
  readonly site: () => SiteKnowledge | null;
  /** The `site-base-url` attribute. */
  readonly attribute: () => string | undefined;
  /** The proxy's SITE_BASE_URL. */
  readonly proxyBase: () => string | undefined;
  /** Adopts the section's styles, which arrive with it. */
  readonly adoptStyles: (sheet: CSSResult) => void;
  readonly warn: (warning: string) => void;
}

export class SiteSectionController implements ReactiveController {
  readonly #host: Host;
  readonly #o: SiteSectionOptions;

  constructor(host: Host, options: SiteSectionOptions) {
    this.#host = host;
    this.#o = options;
    host.addController(this);
  }

  hostUpdated(): void {
    const site = this.#o.site();
    if (site) this.#o.adoptStyles(site.styles);
  }

  /** Where the passages link: `<base>/<document>#<heading>`; undefined = no links. */
  get linkBase(): string | undefined {
    const attribute = this.#o.attribute();
    if (!attribute?.trim()) return this.#o.proxyBase() || undefined;
    const base = siteBaseFromAttribute(attribute, this.#host.ownerDocument.location?.href ?? '');
    if (!base.ok) this.#o.warn(base.warning);
    return base.ok ? base.base : undefined;
  }

  /** The mosque's own passages found for the question, below the verses and never among them. */
  template(hits: readonly SiteHit[], t: Translate): TemplateResult | typeof nothing {
    const site = this.#o.site();
    return site ? site.render(hits, this.linkBase, t) : nothing;
  }
}
