/**
 * The font stacks for scripts a system may lack: Urdu (Arabic script, with letters such as
 * ہ ے ں ٹ ڈ ڑ that many Arabic UI fonts do not draw), Chinese and Bengali. Urdu falls back to
 * the Scheherazade New face the proxy already serves for the Quran text (it has every Urdu
 * letter; a locally installed Nastaliq face is preferred). Chinese and Bengali name the
 * system fonts every phone and desktop OS ships for them: serving CJK would cost megabytes.
 * Every stack falls back to the served Arabic-script face: a visitor may ask in Urdu under a
 * Chinese interface, and the answer comes in the question's language.
 * The glyph-coverage test reads these stacks, and checks that the styles
 * (`script-fonts.styles.ts`, `--quran-dai-font-family`) name exactly them.
 */
import { QURAN_FONT_FAMILY, QURAN_FONT_FILE } from '../verses/quran-font.js';

export interface ScriptFontStack {
  /** Custom property a site owner can set to change the stack. */
  readonly property: `--quran-dai-${string}-font-family`;
  /** Languages (interface or translation) set in this stack. */
  readonly langs: readonly string[];
  /** CSS family names, in order. */
  readonly families: readonly string[];
  /** The file under the proxy's `/fonts` that one of the families loads (its cmap is checked). */
  readonly served?: string;
  /** Characters left to the named system fonts (and to the UI stack for Latin punctuation and digits). */
  readonly system: RegExp;
}

/** Latin, Cyrillic and their punctuation: what the system UI fonts of every OS draw. */
const LATIN_AND_CYRILLIC = '\\u0000-\\u036F\\u0400-\\u04FF\\u1E00-\\u1EFF\\u2000-\\u206F\\u20A0-\\u20CF\\u2100-\\u214F';

/** Characters the system UI fonts are relied on for, in every stack. */
export const UI_SYSTEM_CHARACTERS = new RegExp(`^[${LATIN_AND_CYRILLIC}]$`, 'u');

/**
 * The interface font (`--quran-dai-font-family`), for every language without a stack below.
 * Arabic interface text uses the system's Arabic UI font, and the served face where there is none.
 */
export const UI_FONT_STACK = {
  families: ['system-ui', '-apple-system', 'Segoe UI', 'Roboto', 'Noto Sans', 'Noto Sans Arabic', QURAN_FONT_FAMILY, 'sans-serif'],
  served: QURAN_FONT_FILE,
  system: UI_SYSTEM_CHARACTERS,
} as const;

export const SCRIPT_FONT_STACKS: readonly ScriptFontStack[] = [
  {
    property: '--quran-dai-urdu-font-family',
    langs: ['ur'],
    families: ['Noto Nastaliq Urdu', 'Jameel Noori Nastaleeq', 'Urdu Typesetting', QURAN_FONT_FAMILY, 'Noto Naskh Arabic', 'Noto Sans Arabic', 'sans-serif'],
    served: QURAN_FONT_FILE,
    system: UI_SYSTEM_CHARACTERS,
  },
  {
    property: '--quran-dai-chinese-font-family',
    langs: ['zh'],
    families: [
      'PingFang SC',
      'Hiragino Sans GB',
      'Microsoft YaHei',
      'Noto Sans CJK SC',
      'Noto Sans SC',
      'Source Han Sans SC',
      'WenQuanYi Micro Hei',
      QURAN_FONT_FAMILY,
      'sans-serif',
    ],
    // Chinese text uses box-drawing lines (──) as its long dash; CJK fonts draw them.
    system: new RegExp(`^[\\p{Script=Han}\\u2500-\\u257F\\u3000-\\u303F\\uFF00-\\uFFEF${LATIN_AND_CYRILLIC}]$`, 'u'),
  },
  {
    property: '--quran-dai-bengali-font-family',
    langs: ['bn'],
    families: [
      'Noto Sans Bengali',
      'Nirmala UI',
      'Vrinda',
      'Shonar Bangla',
      'Kohinoor Bangla',
      'Bangla Sangam MN',
      'Lohit Bengali',
      QURAN_FONT_FAMILY,
      'sans-serif',
    ],
    // The danda (।) is in the Devanagari block; Bengali fonts draw it.
    system: new RegExp(`^[\\p{Script=Bengali}\\u0964\\u0965\\u200C\\u200D${LATIN_AND_CYRILLIC}]$`, 'u'),
  },
];

/** `'A B'` quoted, generic families bare: a CSS `font-family` value. */
export function fontFamilyValue(families: readonly string[]): string {
  return families.map((f) => (/^(serif|sans-serif|monospace|system-ui|cursive|fantasy|-apple-system)$/.test(f) ? f : `'${f.replace(/'/g, "\\'")}'`)).join(', ');
}

/** The stack a language's text is set in: its own, or the interface font. */
export function fontStackOf(lang: string): Pick<ScriptFontStack, 'families' | 'served' | 'system'> {
  return SCRIPT_FONT_STACKS.find((s) => s.langs.includes(lang)) ?? UI_FONT_STACK;
}
