/**
 * @module
 * The shell around everything the visitor sees: in place (`layout="inline"`), or a launcher
 * button at the page's corner that opens a panel (`layout="floating"`). It carries the writing
 * direction and the interface language for all of it.
 */
import { html, type TemplateResult } from 'lit';
import type { Translate } from '../i18n/ui-language.js';
import type { FloatingPanel } from './floating-panel.js';

/** Icons as inline SVG (a symbol or emoji glyph renders as a box on systems without the font); decorative only. */
const BOOK_ICON = html`<svg class="icon" part="launcher-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
  <path d="M12 6.5C9.5 4.8 6.2 4.5 3 5.2v13.3c3.2-.7 6.5-.4 9 1.3 2.5-1.7 5.8-2 9-1.3V5.2c-3.2-.7-6.5-.4-9 1.3zM12 6.5v13.3" />
</svg>`;
const CLOSE_ICON = html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" /></svg>`;

export interface ShellViewOptions {
  readonly floating: boolean;
  readonly dir: 'ltr' | 'rtl';
  readonly lang: string;
  readonly t: Translate;
  /** The question, answer and verses column. */
  readonly main: TemplateResult;
  /** The floating panel: open or not, the launcher aside (it would cover an inline widget), toggle and close. */
  readonly panel: Pick<FloatingPanel, 'isOpen' | 'launcherAside' | 'toggle' | 'close'>;
}

export function shellTemplate(o: ShellViewOptions): TemplateResult {
  if (!o.floating) return html`<div class="base" part="base" dir=${o.dir} lang=${o.lang}>${o.main}</div>`;
  const { panel } = o;
  const close = (): void => void panel.close();
  const onKeydown = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  };
  return html`<div class="base" part="base" dir=${o.dir} lang=${o.lang}>
    <button
      type="button"
      class=${panel.launcherAside ? 'launcher launcher--aside' : panel.isOpen ? 'launcher launcher--open' : 'launcher'}
      part="launcher"
      aria-expanded=${panel.isOpen ? 'true' : 'false'}
      aria-controls="panel"
      @click=${() => void panel.toggle()}
    >
      ${BOOK_ICON} ${o.t('launcher')}
    </button>
    <div class="panel" part="panel" id="panel" role="dialog" aria-modal="false" aria-labelledby="panel-title" ?hidden=${!panel.isOpen} @keydown=${onKeydown}>
      <div class="panel__header">
        <h2 id="panel-title">${o.t('title')}</h2>
        <button type="button" class="button button--quiet" part="close" aria-label=${o.t('closePanel')} @click=${close}>${CLOSE_ICON}</button>
      </div>
      ${o.main}
    </div>
  </div>`;
}
