/**
 * Styles that set Urdu, Chinese and Bengali text in their own font stacks: interface and
 * translation alike, wherever `lang` says so. The stacks are written out here (not built
 * from `script-fonts.ts` at run time, which would add its code to every page load);
 * `script-fonts.test.ts` checks they are exactly the stacks it checks the glyphs of.
 */
import { css } from 'lit';

export const scriptFontStyles = css`
  :host {
    --quran-dai-urdu-font-family: 'Noto Nastaliq Urdu', 'Jameel Noori Nastaleeq', 'Urdu Typesetting', 'quran-dai Scheherazade New', 'Noto Naskh Arabic', 'Noto Sans Arabic', sans-serif;
    --quran-dai-chinese-font-family: 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC', 'Noto Sans SC', 'Source Han Sans SC', 'WenQuanYi Micro Hei', 'quran-dai Scheherazade New', sans-serif;
    --quran-dai-bengali-font-family: 'Noto Sans Bengali', 'Nirmala UI', 'Vrinda', 'Shonar Bangla', 'Kohinoor Bangla', 'Bangla Sangam MN', 'Lohit Bengali', 'quran-dai Scheherazade New', sans-serif;
  }
  .base:lang(ur),
  .base :lang(ur) {
    font-family: var(--quran-dai-urdu-font-family);
    /* Urdu letters reach far above and below the line (Nastaliq most of all). */
    line-height: 2;
  }
  .base:lang(zh),
  .base :lang(zh) {
    font-family: var(--quran-dai-chinese-font-family);
  }
  .base:lang(bn),
  .base :lang(bn) {
    font-family: var(--quran-dai-bengali-font-family);
  }
`;
