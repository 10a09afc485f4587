/**
 * Styles of a rendered answer: its checked citations and quotations with their flags and verse
 * previews, and the row of actions under it. They travel with the lazy answer renderer and are
 * adopted into the element's shadow root when it loads (a plain-text answer needs none of them).
 */
import { css } from 'lit';

export const answerStyles = css`
  /* The preview is anchored to the answer box, not the citation, so it never overflows at 360 px. */
  .citation-wrap {
    display: inline;
  }
  .citation {
    white-space: nowrap;
    font-weight: 600;
  }
  .citation--not-retrieved,
  .citation--suggested {
    color: var(--quran-dai-color-warning);
  }
  .citation--invalid {
    color: var(--quran-dai-color-danger);
    text-decoration: line-through wavy;
    text-decoration-thickness: 1px;
  }
  .flag {
    display: inline-block;
    font-size: 0.78em;
    font-weight: 600;
    padding: 0 0.35rem;
    border-radius: 0.3rem;
    border: 1px solid currentColor;
    text-decoration: none;
  }
  .citation--invalid .flag,
  .quote--mismatch + .flag,
  blockquote .flag {
    color: var(--quran-dai-color-danger);
  }
  .quote--unchecked + .flag,
  blockquote.quote--unchecked .flag,
  .quote--shortened + .flag,
  blockquote.quote--shortened .flag,
  blockquote.quote--not-found .flag {
    color: var(--quran-dai-color-warning);
  }
  .citation-wrap > .flag {
    color: var(--quran-dai-color-warning);
  }
  .quote--mismatch {
    text-decoration: underline wavy var(--quran-dai-color-danger);
  }
  /* The rating thumbs are drawn with the widget; 👎 is 👍 turned over. */
  .answer__thumb {
    vertical-align: -0.125em;
  }
  .answer__thumb--down {
    transform: rotate(180deg);
  }
  /* Beside a misquote: the verse as it really reads, on its own line, calm rather than alarming. */
  .quote-correction {
    display: block;
    margin: 0.35rem 0;
    padding: 0.4rem 0.6rem;
    border-inline-start: 3px solid var(--quran-dai-color-accent);
    background: var(--quran-dai-color-surface);
    font-size: 0.92em;
  }
  .quote-correction__text {
    font-family: var(--quran-dai-arabic-font-family);
    font-size: 1.25em;
    quotes: '﴿' '﴾';
  }
  .citation__preview {
    display: none;
    position: absolute;
    inset-inline: 0;
    margin-top: 1.6em;
    z-index: 2;
    max-width: 28rem;
    padding: 0.6rem;
    background: var(--quran-dai-color-background);
    border: 1px solid var(--quran-dai-color-border);
    border-radius: var(--quran-dai-radius);
    box-shadow: 0 4px 16px rgb(0 0 0 / 0.18);
    font-weight: normal;
    white-space: normal;
  }
  .citation-wrap:hover .citation__preview,
  .citation-wrap:focus-within .citation__preview {
    display: flex;
    flex-direction: column;
    gap: 0.3rem;
  }
  .citation__preview-arabic {
    font-family: var(--quran-dai-arabic-font-family);
    font-size: 1.25em;
    line-height: 1.9;
  }
  .answer__actions {
    margin-inline-start: 0;
  }
  .answer__comment {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
  }
`;
