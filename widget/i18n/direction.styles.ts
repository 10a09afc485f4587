/** Directional icons point the way the text runs: mirrored right to left (`dir` on the widget's base). */
import { css } from 'lit';

export const directionStyles = css`
  .icon--mirror:dir(rtl) {
    transform: scaleX(-1);
  }
  /* A disclosure arrow points along the line when closed and down when open, in either direction. */
  [aria-expanded='true'] > .icon--disclosure {
    transform: rotate(90deg);
  }
  .icon--disclosure {
    width: 1em;
    height: 1em;
    vertical-align: -0.125em;
    margin-inline-end: 0.25em;
  }
`;
