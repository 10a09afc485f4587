/**
 * Entry of the widget bundle: registers `<quran-dai>` with the real services and re-exports
 * the public types. Site owners load this one module:
 * `<script type="module" src="https://proxy.example/quran-dai.js"></script>`.
 */
import { QuranDaiElement } from './quran-dai.component.js';
import { defaultServices } from './boot/default-services.js';

export { QuranDaiElement } from './quran-dai.component.js';
export type { QuranDaiLayout, QuranDaiMode, QuranDaiTheme } from './quran-dai.component.js';
export type { QuranDaiReadyDetail } from './events/quran-dai-ready.js';
export type { QuranDaiSearchDetail } from './events/quran-dai-search.js';
export type { QuranDaiAnswerDetail, QuranDaiAnswerCitation } from './events/quran-dai-answer.js';
export type { QuranDaiErrorDetail, QuranDaiErrorCode } from './events/quran-dai-error.js';
export type { QuranDaiExplainDetail } from './events/quran-dai-explain.js';
export type { QuranDaiFeedbackDetail } from './events/quran-dai-feedback.js';
export type { QuranDaiPlayDetail } from './events/quran-dai-play.js';
export type { QuranDaiShareDetail } from './events/quran-dai-share.js';
export type { WidgetServices } from './boot/widget-services.js';

QuranDaiElement.defaultServices = defaultServices;
if (!customElements.get('quran-dai')) customElements.define('quran-dai', QuranDaiElement);

declare global {
  interface HTMLElementTagNameMap {
    'quran-dai': QuranDaiElement;
  }
}
