/**
 * @module
 * The floating layout's launcher and panel (`layout="floating"`), and on a phone the open panel
 * as a sheet over most of the screen. After the widget's own styles, so its rules win.
 */
import { css } from 'lit';

export const floatingPanelStyles = css`
  /* Floating layout: a launcher button and a panel anchored to the inline end. */
  .launcher {
    position: fixed;
    inset-inline-end: 1rem;
    bottom: 1rem;
    z-index: var(--quran-dai-z-index);
    display: inline-flex;
    align-items: center;
    gap: 0.5rem;
    padding: 0.75rem 1.1rem;
    border: none;
    border-radius: 999px;
    background: var(--quran-dai-color-accent);
    color: var(--quran-dai-color-accent-text);
    box-shadow: 0 4px 16px rgb(0 0 0 / 0.25);
    cursor: pointer;
    font-family: var(--quran-dai-font-family);
    white-space: nowrap;
    transition: opacity 0.15s ease, visibility 0.15s;
  }
  /* Over an inline widget on the same page: out of the way (and out of the tab order) until it scrolls away. */
  .launcher--aside {
    visibility: hidden;
    opacity: 0;
  }
  @media (prefers-reduced-motion: reduce) {
    .launcher {
      transition: none;
    }
  }
  /* Inline SVG icons: no emoji or symbol font needed, they follow the text colour. */
  .icon {
    flex: none;
    width: 1.25em;
    height: 1.25em;
    fill: none;
    stroke: currentColor;
    stroke-width: 2;
    stroke-linecap: round;
    stroke-linejoin: round;
  }
  .panel {
    position: fixed;
    inset-inline-end: 1rem;
    bottom: 4.75rem;
    z-index: var(--quran-dai-z-index);
    width: min(var(--quran-dai-panel-width), calc(100vw - 1rem));
    max-height: min(var(--quran-dai-panel-height), calc(100dvh - 6rem));
    overflow-y: auto;
    overscroll-behavior: contain;
    background: var(--quran-dai-color-background);
    border: 1px solid var(--quran-dai-color-border);
    border-radius: var(--quran-dai-radius);
    box-shadow: 0 8px 32px rgb(0 0 0 / 0.25);
  }
  .panel[hidden] {
    display: none;
  }
  .panel__header {
    position: sticky;
    top: 0;
    z-index: 3;
    display: flex;
    justify-content: space-between;
    align-items: center;
    padding: 0.6rem 1rem;
    background: var(--quran-dai-color-background);
    border-bottom: 1px solid var(--quran-dai-color-border);
  }
  .panel .main {
    border: none;
    border-radius: 0;
  }
  /*
   * A phone: the open panel is a sheet over most of the screen, as chat widgets are, with its own
   * scroll and the question field kept in view under its header; the launcher it would cover goes.
   */
  @media (max-width: 480px) {
    .panel {
      inset: auto 0 0 0;
      width: auto;
      height: calc(100dvh - 2.5rem);
      max-height: none;
      border-radius: var(--quran-dai-radius) var(--quran-dai-radius) 0 0;
      border-bottom: none;
    }
    .panel .form {
      position: sticky;
      top: 3.1rem;
      z-index: 2;
      background: var(--quran-dai-color-background);
      padding-bottom: 0.5rem;
    }
    .launcher--open {
      visibility: hidden;
    }
    .main {
      padding: 0.75rem;
    }
  }
`;
