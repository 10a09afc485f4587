/**
 * Styles that set Urdu, Chinese and Bengali text in their own font stacks: interface and
 * translation alike, wherever `lang` says so.
 */
import { css, unsafeCSS, type CSSResult } from 'lit';
import { fontFamilyValue, SCRIPT_FONT_STACKS } from './script-fonts.js';

function stackRules(): CSSResult {
  const defaults = SCRIPT_FONT_STACKS.map((s) => `${s.property}: ${fontFamilyValue(s.families)};`).join('\n');
  const uses = SCRIPT_FONT_STACKS.map((s) => {
    const selector = s.langs.map((l) => `.base:lang(${l}), .base :lang(${l})`).join(', ');
    return `${selector} { font-family: var(${s.property}); }`;
  }).join('\n');
  return unsafeCSS(`:host {\n${defaults}\n}\n${uses}`);
}

export const scriptFontStyles = css`
  ${stackRules()}
  /* Urdu letters reach far above and below the line (Nastaliq most of all). */
  .base:lang(ur),
  .base :lang(ur) {
    line-height: 2;
  }
`;
