/**
 * One verse card: Arabic (RTL, Quranic font), the chosen translation, the `S:A` link to
 * quran.com, surah name, the passage range for top hits, expandable ±5 context from the
 * same surah, its explanation (in the visitor's language, once loaded, with its source named),
 * and its actions: copy, explain, share and (when the site set `audio-base`) listen. All text
 * comes from the corpus; Lit escapes it.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import type { TextTrackId, VerseRange, VerseRef } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { formatRange, formatRef, quranComUrl } from '../../data/corpus/verse-range.js';
import type { Translate } from '../i18n/ui-language.js';
import type { RecitationState } from '../listen/recitation-player.js';
import { trackDir, trackLang } from './track-language.js';
import { showsArabicSurahNames, surahDisplayName, translationDisplayName } from './surah-name.js';

/** Points along the line (mirrored right to left) when closed, down when open: `direction.styles.ts`. */
const DISCLOSURE_ICON = html`<svg class="icon icon--mirror icon--disclosure" part="context-toggle-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M9 6l6 6-6 6" /></svg>`;

export interface VerseCardOptions {
  readonly corpus: Corpus;
  readonly ref: VerseRef;
  readonly translation: TextTrackId;
  /** Merged passage around a top hit, shown as its range. */
  readonly passage: VerseRange | undefined;
  readonly expanded: boolean;
  readonly copied: boolean;
  /** The share fell back to copying a moment ago: its button says "Copied". */
  readonly shared: boolean;
  /** The recitation's state; undefined when the site set no valid `audio-base` (no play button). */
  readonly recitation: RecitationState | undefined;
  /** The verse's explanation in the visitor's language, once loaded; open on the verse being explained. */
  readonly explanation?: VerseExplanation | undefined;
  readonly t: Translate;
  /** The interface language: which script the surah's name is shown in. */
  readonly lang: string;
  readonly onToggleContext: (ref: string) => void;
  readonly onCopy: (ref: string) => void;
  readonly onExplain: (ref: string) => void;
  readonly onShare: (ref: string) => void;
  readonly onListen: (ref: string) => void;
}

export interface VerseExplanation {
  readonly text: string;
  /** The work's name, as the sources list gives it. */
  readonly source: string;
  readonly lang: string;
  readonly open: boolean;
}

function explanationTemplate(e: VerseExplanation, t: Translate): TemplateResult {
  return html`<details class="verse__explanation" part="verse-explanation" ?open=${e.open}>
    <summary part="verse-explanation-summary">${t('explanationSummary', { source: e.source })}</summary>
    <p class="verse__explanation-text" part="verse-explanation-text" lang=${e.lang} dir=${e.lang === 'ar' ? 'rtl' : 'auto'}>${e.text}</p>
  </details>`;
}

function listenTemplate(o: VerseCardOptions, ref: string): TemplateResult | typeof nothing {
  if (o.recitation === undefined) return nothing;
  const on = o.recitation === 'playing' || o.recitation === 'loading';
  return html`<button
    type="button"
    class="verse__button"
    part="listen"
    aria-pressed=${on ? 'true' : 'false'}
    aria-label=${on ? o.t('listenStopLabel', { ref }) : o.t('listenLabel', { ref })}
    @click=${() => o.onListen(ref)}
  >
    ${on ? o.t('stop') : o.t('listen')}
  </button>`;
}

/**
 * "Passage 2:148-158" with the range isolated left to right: after Arabic or Urdu words it
 * would otherwise be drawn "158-2:148".
 */
function passageLabel(range: VerseRange, t: Translate): TemplateResult {
  const [before, after] = t('passage', {}).split('{range}');
  return html`${before}<bdi dir="ltr">${formatRange(range)}</bdi>${after}`;
}

function contextTemplate(o: VerseCardOptions, id: string): TemplateResult {
  const range = o.corpus.contextOf(o.ref);
  const verses = o.corpus.versesIn(range, o.translation);
  return html`<ol class="verse__context" part="verse-context" id=${id} aria-label=${o.t('contextLabel', { range: formatRange(range) })}>
    ${verses.map((v) => {
      const hit = v.ref.ayah === o.ref.ayah;
      return html`<li class=${classMap({ 'context-verse': true, 'context-verse--hit': hit })} part=${hit ? 'context-verse context-verse-hit' : 'context-verse'} value=${v.ref.ayah}>
        <a class="context-verse__ref" href=${quranComUrl(v.ref)} target="_blank" rel="noopener noreferrer">${formatRef(v.ref)}</a>
        <p class="verse__arabic" part="verse-arabic" dir="rtl" lang="ar">${v.arabic}</p>
        ${
          v.translation === undefined
            ? nothing
            : html`<p class="verse__translation" part="verse-translation" lang=${trackLang(o.translation)} dir=${trackDir(o.translation)}>${v.translation}</p>`
        }
      </li>`;
    })}
  </ol>`;
}

export function verseCardTemplate(o: VerseCardOptions): TemplateResult {
  const verse = o.corpus.verse(o.ref, o.translation);
  const surah = o.corpus.surah(o.ref.surah);
  const ref = formatRef(o.ref);
  const contextId = `context-${o.ref.surah}-${o.ref.ayah}`;
  const translationName = translationDisplayName(o.corpus, o.translation, o.lang);
  return html`<article class="verse" part="verse" data-ref=${ref} aria-label=${`${ref} ${surahDisplayName(surah, o.lang)}`}>
    <header class="verse__header">
      <a class="verse__ref" part="verse-ref" href=${quranComUrl(o.ref)} target="_blank" rel="noopener noreferrer" aria-label=${o.t('openOnQuranCom', { ref })}>${ref}</a>
      <span class="verse__surah" part="verse-surah"
        >${
          showsArabicSurahNames(o.lang)
            ? o.t('surahLabel', { name: surah.nameArabic })
            : html`${o.t('surahLabel', { name: surah.nameTransliterated })} · <span lang="ar" dir="rtl">${surah.nameArabic}</span>`
        }</span
      >
      ${
        o.passage
          ? html`<a class="verse__passage" part="verse-passage" href=${quranComUrl(o.passage)} target="_blank" rel="noopener noreferrer">${passageLabel(o.passage, o.t)}</a>`
          : nothing
      }
    </header>
    <p class="verse__arabic" part="verse-arabic" dir="rtl" lang="ar">${verse.arabic}</p>
    ${
      verse.translation === undefined
        ? nothing
        : html`<p class="verse__translation" part="verse-translation" lang=${trackLang(o.translation)} dir=${trackDir(o.translation)}>${verse.translation}</p>`
    }
    <footer class="verse__footer">
      ${translationName ? html`<span class="verse__source" part="verse-translation-name">${translationName}</span>` : nothing}
      <span class="verse__actions">
        <button type="button" class="verse__button" part="context-toggle" aria-expanded=${o.expanded ? 'true' : 'false'} aria-controls=${contextId} @click=${() => o.onToggleContext(ref)}>
          ${DISCLOSURE_ICON}${o.expanded ? o.t('contextHide') : o.t('contextShow')}
        </button>
        <button type="button" class="verse__button" part="copy" aria-label=${o.t('copyLabel', { ref })} @click=${() => o.onCopy(ref)}>
          ${o.copied ? o.t('copied') : o.t('copy')}
        </button>
        <button type="button" class="verse__button" part="explain" aria-label=${o.t('explainLabel', { ref })} @click=${() => o.onExplain(ref)}>${o.t('explain')}</button>
        <button type="button" class="verse__button" part="share" aria-label=${o.t('shareLabel', { ref })} @click=${() => o.onShare(ref)}>
          ${o.shared ? o.t('copied') : o.t('share')}
        </button>
        ${listenTemplate(o, ref)}
      </span>
    </footer>
    ${o.explanation ? explanationTemplate(o.explanation, o.t) : nothing}
    ${o.recitation === 'failed' ? html`<p class="verse__error" part="listen-error" role="alert">${o.t('listenFailed', { ref })}</p>` : nothing}
    ${o.expanded ? contextTemplate(o, contextId) : nothing}
  </article>`;
}
