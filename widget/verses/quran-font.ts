/**
 * Registers the Quranic font the proxy serves (`/fonts`: Scheherazade New by SIL, OFL) with
 * the page's FontFaceSet. Unlike Amiri Quran it draws the open-tanween marks (U+0656, U+0657,
 * U+065E) that the QuranEnc Uthmani text uses. Browsers ignore `@font-face` inside a shadow
 * root, so the face is added through the FontFace API instead of a `<style>` in the host
 * page; it downloads only when Arabic text using it is rendered, and never replaces a font
 * the site owner set through `--quran-dai-arabic-font-family`.
 */

/** Family name, namespaced so it never collides with a host page's own `Scheherazade New`. */
export const QURAN_FONT_FAMILY = 'quran-dai Scheherazade New';
export const QURAN_FONT_FILE = 'scheherazade-new-arabic-400-normal.woff2';
/** Arabic blocks only: Latin text keeps the widget's UI font. */
export const QURAN_FONT_UNICODE_RANGE = 'U+0600-06FF, U+0750-077F, U+0870-08FF, U+FB50-FDFF, U+FE70-FEFF';

type FontFaceCtor = new (family: string, source: string, descriptors?: FontFaceDescriptors) => FontFace;

export interface QuranFontTarget {
  /** The page's font set (`document.fonts`). */
  readonly fonts: Pick<FontFaceSet, 'add'> & Iterable<FontFace>;
  readonly FontFace: FontFaceCtor;
}

function pageTarget(): QuranFontTarget | undefined {
  const fonts = globalThis.document?.fonts;
  const ctor = (globalThis as { FontFace?: FontFaceCtor }).FontFace;
  return fonts && ctor ? { fonts, FontFace: ctor } : undefined;
}

/**
 * Add the face once per page (several widgets share it).
 * @param fontBase URL of the proxy's font folder, e.g. `https://proxy.example/fonts`
 * @returns true when the face is (now) registered, false when the page has no FontFace API
 */
export function registerQuranFont(fontBase: string, target: QuranFontTarget | undefined = pageTarget()): boolean {
  if (!target) return false;
  for (const face of target.fonts) if (face.family === QURAN_FONT_FAMILY || face.family === `"${QURAN_FONT_FAMILY}"`) return true;
  const url = `${fontBase.replace(/\/+$/, '')}/${QURAN_FONT_FILE}`;
  target.fonts.add(new target.FontFace(QURAN_FONT_FAMILY, `url("${url}") format("woff2")`, { display: 'swap', unicodeRange: QURAN_FONT_UNICODE_RANGE }));
  return true;
}
