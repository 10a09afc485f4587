/**
 * @module
 * What the visitor sees while the widget starts: the Quran text's first download (or its read
 * from this browser's cache) as a labelled progress bar, the question they asked meanwhile,
 * and why it cannot start (no `proxy` attribute, or the data failed). Also the local search
 * model's first download, on the first question.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { LocalModelProgress } from '../../data/embed/local-embedder-progress.js';
import type { DataLoadProgress } from '../data-cache/data-load-progress.js';
import type { Translate } from '../i18n/ui-language.js';
import { BootStatus } from './boot-controller.js';

export interface BootViewOptions {
  /** The `proxy` attribute is set. */
  readonly configured: boolean;
  readonly status: BootStatus;
  readonly progress: DataLoadProgress | undefined;
  /** A question asked while the text loads waits for it. */
  readonly questionQueued: boolean;
  readonly t: Translate;
}

export function bootTemplate(o: BootViewOptions): TemplateResult | typeof nothing {
  const t = o.t;
  if (!o.configured) return html`<p class="notice notice--error" part="notice notice-not-configured" role="alert">${t('notConfigured')}</p>`;
  if (o.status === BootStatus.Failed) return html`<p class="notice notice--error" part="notice notice-data-failed" role="alert">${t('loadFailed')}</p>`;
  if (o.status !== BootStatus.Loading && o.status !== BootStatus.Idle) return nothing;
  const p = o.progress;
  const percent = p && p.total > 0 ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : undefined;
  const label = p?.phase === 'read' ? t('loadingFromCache') : percent === undefined ? t('loading') : t('loadProgress', { percent });
  return html`${progressTemplate(percent, label, false)}
    ${o.questionQueued ? html`<p class="notice" part="notice notice-queued" role="status">${t('questionQueued')}</p>` : nothing}`;
}

/** The local query model's first download (browser embedding), on the first question. */
export function modelProgressTemplate(p: LocalModelProgress | undefined, t: Translate): TemplateResult | typeof nothing {
  if (!p || p.phase !== 'loading') return nothing;
  const percent = p.totalBytes > 0 ? Math.min(100, Math.round(p.fraction * 100)) : undefined;
  return progressTemplate(percent, percent === undefined ? t('modelLoading') : t('modelProgress', { percent }), true);
}

/** A labelled progress bar; no `value` (indeterminate) while the size is unknown. */
function progressTemplate(percent: number | undefined, label: string, model: boolean): TemplateResult {
  return html`<div class="progress" part=${model ? 'progress-region progress-model' : 'progress-region'}>
    <progress part="progress" max="100" value=${percent ?? nothing} aria-label=${label}></progress>
    <span>${label}</span>
  </div>`;
}
