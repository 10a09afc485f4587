/**
 * @module
 * The verses found: their heading (focused when the search ends without an answer), the topic
 * the question matched, and a card per verse, its passage range on the top hits. When nothing
 * matched, why (and the contact link where a person can help). Loaded once the widget is
 * ready, not in the first load.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { TextTrackId, VerseRange } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { formatRef } from '../../data/corpus/verse-range.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { Translate } from '../i18n/ui-language.js';
import { noVersesText } from './no-verses-text.js';
import type { VerseActions } from './verse-actions.js';
import { verseCardTemplate, type VerseExplanation } from './verse-card-template.js';
import { shownExplanationLang } from './explanation-language.js';

// The matched topic's name is shown above the cards, so it loads with them.
export { matchedTopicTemplate } from '../topics/matched-topic.js';

export interface VerseListOptions {
  readonly corpus: Corpus;
  readonly result: SearchResult;
  readonly translation: TextTrackId;
  readonly t: Translate;
  readonly lang: string;
  /** An example question for "no words to search" (the first starter). */
  readonly example: string;
  /** "Topic: …" above the cards. */
  readonly topic: TemplateResult | typeof nothing;
  /** The contact link under an empty search, or put forward for a ruling under the verses. */
  readonly contact: TemplateResult | typeof nothing;
  readonly rulingContact: TemplateResult | typeof nothing;
  /** What the cards' buttons do, and what they leave on screen (open contexts, "Copied", the recitation playing). */
  readonly actions: Pick<VerseActions, 'expanded' | 'copiedRef' | 'recitation' | 'toggleContext' | 'copy' | 'share' | 'listen'>;
  /** The card whose share fell back to copying a moment ago. */
  readonly sharedRef: string | undefined;
  readonly onExplain: (ref: string) => void;
  /** The verse being explained (its explanation shows open). */
  readonly explained?: string | undefined;
}

/** Each verse's explanation in the visitor's language, once it is loaded (else none). */
function explanationOf(o: VerseListOptions, index: number, ref: string): VerseExplanation | undefined {
  const lang = shownExplanationLang(o.lang);
  const text = lang ? o.corpus.explanationAt(lang, index) : undefined;
  if (!lang || text === undefined) return undefined;
  const source = o.corpus.source(`explanation-${lang}`);
  // Named as its own readers know it (تفسير الجلالين, Tafsir Jalalain).
  return { text, lang, source: source?.nativeName ?? source?.name ?? lang, open: o.explained === ref };
}

export function verseListTemplate(o: VerseListOptions): TemplateResult {
  const { corpus, result, t, actions } = o;
  if (result.kind === 'none' || result.hits.length === 0) {
    // A question with nothing to change in its words ("2:999", "???") is not one for the imam.
    return html`<p class="notice" part="no-results" role="status">${noVersesText(result.problem, corpus, t, o.example, o.lang)}</p>
      ${result.problem ? nothing : o.contact}`;
  }
  const topRefs = new Set(result.hits.slice(0, 3).map((h) => formatRef(h.ref)));
  const passageOf = (ref: string): VerseRange | undefined => {
    if (!topRefs.has(ref)) return undefined;
    const p = result.passages.find((x) => x.hits.some((h) => formatRef(h) === ref));
    return p && p.range.from !== p.range.to ? p.range : undefined;
  };
  return html`<section class="verses" part="verses" aria-labelledby="verses-heading">
    <h3 id="verses-heading" part="verses-heading" tabindex="-1">${t('versesHeading')}</h3>
    ${o.topic}
    <ol class="verse-list" part="verse-list">
      ${result.hits.map((hit) => {
        const ref = formatRef(hit.ref);
        return html`<li>
          ${verseCardTemplate({
            corpus,
            ref: hit.ref,
            translation: o.translation,
            passage: passageOf(ref),
            expanded: actions.expanded.has(ref),
            copied: actions.copiedRef === ref,
            shared: o.sharedRef === ref,
            recitation: actions.recitation(ref),
            explanation: explanationOf(o, hit.index, ref),
            t,
            lang: o.lang,
            onToggleContext: (r) => actions.toggleContext(r),
            onCopy: (r) => actions.copy(r),
            onExplain: o.onExplain,
            onShare: (r) => void actions.share(r),
            onListen: (r) => void actions.listen(r),
          })}
        </li>`;
      })}
    </ol>
    ${o.rulingContact}
  </section>`;
}
