/**
 * Styles of the Topics view. They travel with its lazy chunk and are adopted into the
 * element's shadow root when the view loads, so the first load never carries them.
 */
import { css } from 'lit';

export const topicsViewStyles = css`
  /* The Topics view: a disclosure with a filter and a wrapping list of topic buttons. */
  .topics {
    margin-top: 1rem;
  }
  .topics summary {
    cursor: pointer;
    font-weight: 600;
  }
  .topics__filter {
    display: block;
    /* Its padding and border inside its width: content-box made it stick out of the widget. */
    box-sizing: border-box;
    width: 100%;
    max-width: 100%;
    margin: 0.5rem 0;
  }
  .topics__list {
    display: flex;
    flex-wrap: wrap;
    gap: 0.35rem;
    margin: 0;
    padding: 0;
    list-style: none;
    max-height: 16rem;
    overflow-y: auto;
  }
  .topics__topic {
    font: inherit;
    padding: 0.15rem 0.55rem;
    border: 1px solid var(--quran-dai-color-border);
    border-radius: 999px;
    background: transparent;
    color: var(--quran-dai-color-accent);
    cursor: pointer;
  }
`;
