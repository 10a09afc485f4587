/**
 * Styles of "From this mosque" and `[site:N]` citations. They travel with the lazy site chunk
 * and are adopted into the element's shadow root when the site documents arrive, so pages of
 * a proxy without site documents never download them.
 */
import { css } from 'lit';

export const siteResultsStyles = css`
  /* A section of its own, set apart from the verses by a dashed edge. */
  .site {
    display: flex;
    flex-direction: column;
    gap: 0.6rem;
    margin-top: 0.5rem;
  }
  .site__note,
  .site-card__ref {
    margin: 0;
    font-size: 0.9em;
    color: var(--quran-dai-color-muted);
  }
  .site-card {
    padding: 0.75rem;
    border: 1px dashed var(--quran-dai-color-border);
    border-radius: var(--quran-dai-radius);
    background: var(--quran-dai-color-surface);
    min-width: 0;
    overflow-wrap: anywhere;
  }
  .site-card__title {
    margin: 0 0 0.35rem;
    font-weight: 600;
  }
  .site-card__ref {
    font-weight: 400;
  }
  .site-card__text {
    margin: 0;
    white-space: pre-line;
  }
  .citation--site {
    font-style: italic;
  }
`;
