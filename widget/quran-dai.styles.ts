/** Styles of `<quran-dai>`: everything themeable goes through `--quran-dai-*` properties set on :host. */
import { css } from 'lit';

/** Dark colours, shared by `theme="dark"` and by `theme="auto"` when the visitor prefers dark. */
const DARK_PALETTE = css`
  --quran-dai-color-text: #e6edf3;
  --quran-dai-color-muted: #9da7b1;
  --quran-dai-color-background: #121614;
  --quran-dai-color-surface: #1b211e;
  --quran-dai-color-border: #34403a;
  --quran-dai-color-accent: #4cc38a;
  --quran-dai-color-accent-text: #06130d;
  --quran-dai-color-highlight: #3a3213;
  --quran-dai-color-warning: #f0b45b;
  --quran-dai-color-danger: #ff8a80;
  --quran-dai-color-focus: #8ab4f8;
`;

export const quranDaiStyles = css`
  :host {
    display: block;
    /* The served Arabic-script face last: no boxes where the system has no Arabic or Urdu font (i18n/script-fonts.ts). */
    --quran-dai-font-family: system-ui, -apple-system, 'Segoe UI', 'Roboto', 'Noto Sans', 'Noto Sans Arabic', 'quran-dai Scheherazade New', sans-serif;
    /* The visitor's own default size: themes often set html { font-size: 62.5% }, which 1rem would bring in (10 px). */
    --quran-dai-font-size: medium;
    /* sans-serif after serif: where the serif default has no Arabic glyphs, Chromium otherwise shows boxes. */
    --quran-dai-arabic-font-family: 'KFGQPC Uthmanic Script HAFS', 'KFGQPC HAFS Uthmanic Script', 'Scheherazade New', 'quran-dai Scheherazade New', 'Amiri Quran', 'Noto Naskh Arabic', 'Amiri', serif, sans-serif;
    --quran-dai-arabic-font-size: 1.6em;
    --quran-dai-color-text: #1f2328;
    --quran-dai-color-muted: #59636e;
    --quran-dai-color-background: #ffffff;
    --quran-dai-color-surface: #f6f8f7;
    --quran-dai-color-border: #d0d7de;
    --quran-dai-color-accent: #0f6e4f;
    --quran-dai-color-accent-text: #ffffff;
    --quran-dai-color-highlight: #fff6d6;
    --quran-dai-color-warning: #8a5300;
    --quran-dai-color-danger: #b42318;
    --quran-dai-color-focus: #1a73e8;
    --quran-dai-radius: 0.5rem;
    --quran-dai-max-width: 48rem;
    --quran-dai-panel-width: 26rem;
    --quran-dai-panel-height: 36rem;
    --quran-dai-z-index: 2147483000;
  }
  :host([theme='dark']) {
    ${DARK_PALETTE}
  }
  @media (prefers-color-scheme: dark) {
    :host([theme='auto']) {
      ${DARK_PALETTE}
    }
  }
  :host([hidden]) {
    display: none;
  }
  :host([layout='floating']) {
    display: contents;
  }

  /* Inherited page styles stop here: the widget sets its own text basics. */
  .base {
    box-sizing: border-box;
    font-family: var(--quran-dai-font-family);
    font-size: var(--quran-dai-font-size);
    font-weight: normal;
    font-style: normal;
    line-height: 1.5;
    letter-spacing: normal;
    word-spacing: normal;
    text-align: start;
    text-transform: none;
    text-indent: 0;
    white-space: normal;
    color: var(--quran-dai-color-text);
    overflow-wrap: anywhere;
  }
  .base *,
  .base *::before,
  .base *::after {
    box-sizing: inherit;
  }
  .main {
    display: flex;
    flex-direction: column;
    gap: 0.75rem;
    max-width: var(--quran-dai-max-width);
    margin-inline: auto;
    padding: 1rem;
    background: var(--quran-dai-color-background);
    border: 1px solid var(--quran-dai-color-border);
    border-radius: var(--quran-dai-radius);
    min-width: 0;
  }
  h2,
  h3 {
    margin: 0;
    font-size: 1.05em;
    line-height: 1.3;
  }
  h3:focus {
    outline: none;
  }
  p {
    margin: 0;
  }
  a {
    color: var(--quran-dai-color-accent);
  }
  button,
  input {
    font: inherit;
    color: inherit;
  }
  :focus-visible {
    outline: 2px solid var(--quran-dai-color-focus);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute !important;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }

  .form {
    display: flex;
    gap: 0.5rem;
    min-width: 0;
  }
  .form__input {
    flex: 1 1 auto;
    min-width: 0;
    padding: 0.6rem 0.75rem;
    border: 1px solid var(--quran-dai-color-border);
    border-radius: var(--quran-dai-radius);
    background: var(--quran-dai-color-background);
  }
  .button {
    flex: 0 0 auto;
    padding: 0.55rem 1rem;
    border: 1px solid var(--quran-dai-color-accent);
    border-radius: var(--quran-dai-radius);
    background: var(--quran-dai-color-accent);
    color: var(--quran-dai-color-accent-text);
    cursor: pointer;
    /* A label never breaks inside a word ("Cop/y" at 360 px); the row wraps instead. */
    white-space: nowrap;
  }
  .button:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
  .button--quiet {
    background: transparent;
    color: var(--quran-dai-color-accent);
  }

  .progress {
    display: flex;
    flex-direction: column;
    gap: 0.25rem;
    color: var(--quran-dai-color-muted);
  }
  .progress progress {
    width: 100%;
    accent-color: var(--quran-dai-color-accent);
  }
  .status {
    color: var(--quran-dai-color-muted);
    font-size: 0.9em;
    min-height: 1.2em;
  }
  .notice {
    padding: 0.6rem 0.75rem;
    border-inline-start: 4px solid var(--quran-dai-color-warning);
    background: var(--quran-dai-color-surface);
    border-radius: var(--quran-dai-radius);
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.5rem;
  }
  .notice--error {
    border-inline-start-color: var(--quran-dai-color-danger);
  }

  .starters ul {
    list-style: none;
    margin: 0.4rem 0 0;
    padding: 0;
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
  }
  .starter {
    padding: 0.35rem 0.7rem;
    border: 1px solid var(--quran-dai-color-border);
    border-radius: 999px;
    background: var(--quran-dai-color-surface);
    cursor: pointer;
    text-align: start;
  }

  .answer {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    padding: 0.75rem;
    background: var(--quran-dai-color-surface);
    border-radius: var(--quran-dai-radius);
  }
  .answer__body {
    display: flex;
    flex-direction: column;
    gap: 0.6rem;
  }
  /* A long answer's blocks out of view are not laid out until scrolled to: each streamed chunk then lays out what shows. */
  .answer__body > p,
  .answer__body > ul,
  .answer__body > ol,
  .answer__body > blockquote,
  .answer__body > pre {
    content-visibility: auto;
    contain-intrinsic-size: auto 3lh;
  }
  .answer__body ul,
  .answer__body ol {
    margin: 0;
    padding-inline-start: 1.4rem;
  }
  .answer__body blockquote {
    margin: 0;
    padding-inline-start: 0.75rem;
    border-inline-start: 3px solid var(--quran-dai-color-border);
  }
  .answer__body pre {
    white-space: pre-wrap;
    margin: 0;
  }
  .answer__disclaimer,
  .answer__tafsir,
  .answer__cut {
    font-size: 0.85em;
    color: var(--quran-dai-color-muted);
  }
  .answer__cut {
    font-style: italic;
  }
  .answer__body,
  .history li {
    position: relative;
  }
  .verses {
    display: flex;
    flex-direction: column;
    gap: 0.6rem;
  }
  .verses__topic {
    margin: 0;
    color: var(--quran-dai-color-muted);
    font-size: 0.9em;
  }
  /* Unstyled vertical lists: the verses of an answer and the earlier questions. */
  .verse-list,
  .history ol {
    list-style: none;
    margin: 0;
    padding: 0;
    display: flex;
    flex-direction: column;
    gap: 0.6rem;
  }
  .verse {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    padding: 0.75rem;
    border: 1px solid var(--quran-dai-color-border);
    border-radius: var(--quran-dai-radius);
    background: var(--quran-dai-color-background);
    min-width: 0;
  }
  .verse__header,
  .verse__footer {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: 0.25rem 0.75rem;
    font-size: 0.9em;
  }
  .verse__ref {
    font-weight: 700;
  }
  .verse__surah,
  .verse__source {
    color: var(--quran-dai-color-muted);
  }
  .verse__actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.4rem;
    margin-inline-start: auto;
  }
  .verse__button {
    padding: 0.25rem 0.6rem;
    border: 1px solid var(--quran-dai-color-border);
    border-radius: var(--quran-dai-radius);
    background: var(--quran-dai-color-surface);
    cursor: pointer;
    font-size: 0.9em;
    white-space: nowrap;
  }
  .verse__error {
    margin: 0.4rem 0 0;
    font-size: 0.9em;
    color: var(--quran-dai-color-warning);
  }
  .verse__arabic {
    font-family: var(--quran-dai-arabic-font-family);
    font-size: var(--quran-dai-arabic-font-size);
    line-height: 2.1;
    text-align: right;
    direction: rtl;
  }
  .verse__explanation {
    font-size: 0.95em;
    border-inline-start: 3px solid var(--quran-dai-color-border);
    padding-inline-start: 0.6rem;
  }
  .verse__explanation summary {
    cursor: pointer;
    color: var(--quran-dai-color-muted);
  }
  .verse__explanation-text {
    margin: 0.4rem 0 0;
    line-height: 1.8;
  }
  .verse__context {
    margin: 0;
    padding: 0;
    list-style: none;
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    border-top: 1px dashed var(--quran-dai-color-border);
    padding-top: 0.5rem;
  }
  .context-verse {
    padding: 0.4rem;
    border-radius: var(--quran-dai-radius);
  }
  .context-verse--hit {
    background: var(--quran-dai-color-highlight);
  }
  .context-verse__ref {
    font-size: 0.85em;
  }

  .history {
    display: flex;
    flex-direction: column;
    gap: 0.5rem;
    border-bottom: 1px solid var(--quran-dai-color-border);
    padding-bottom: 0.75rem;
  }
  .history__question {
    font-weight: 600;
  }
  .toolbar {
    display: flex;
    justify-content: flex-end;
  }

  /* The matched topic's name above the verses: opens the topic. */
  .verses__topic-open {
    font: inherit;
    padding: 0 0.4rem;
    border: 1px solid var(--quran-dai-color-border);
    border-radius: 999px;
    background: transparent;
    color: var(--quran-dai-color-accent);
    cursor: pointer;
  }

  /* "About these texts": small print at the foot. */
  .about {
    margin-top: 1rem;
    font-size: 0.85em;
    color: var(--quran-dai-color-muted);
  }
  .about summary {
    cursor: pointer;
  }
  .about__list {
    margin: 0.4rem 0 0;
    padding-inline-start: 1.1rem;
  }
  .about__list li {
    margin-bottom: 0.35rem;
  }
  .about__terms {
    display: block;
  }
`;
