// The <quran-dai> element's public API (attributes, properties, events, parts, custom
// properties) as a custom-elements.json beside the widget bundle, for editors and
// component catalogues. `npm run build:manifest` writes it; the README is checked against it.
import { readFileSync } from 'node:fs';

/**
 * The element's styling API (over a hundred parts and its custom properties) is documented in
 * widget/quran-dai.styling.json rather than as `@csspart`/`@cssproperty` lines in the class
 * JSDoc, so the element's source stays a readable table of contents; this puts them in the
 * manifest exactly where the analyzer puts those tags.
 */
function stylingApi() {
  return {
    name: 'quran-dai-styling-api',
    packageLinkPhase({ customElementsManifest }) {
      const file = 'widget/quran-dai.styling.json';
      const { cssParts, cssProperties } = JSON.parse(readFileSync(new URL(`./${file}`, import.meta.url), 'utf8'));
      const element = customElementsManifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'quran-dai');
      if (!element) throw new Error(`custom-elements-manifest: no <quran-dai> declaration to add ${file} to`);
      element.cssParts = [...(element.cssParts ?? []), ...cssParts];
      element.cssProperties = [...(element.cssProperties ?? []), ...cssProperties];
    },
  };
}

export default {
  // The class (its JSDoc is the API's source) and the entry module that defines its tag.
  globs: ['widget/quran-dai.component.ts', 'widget/quran-dai.ts'],
  outdir: 'dist/widget',
  litelement: true,
  // The file ships with the widget bundle, not with this repository's package.json.
  packagejson: false,
  plugins: [stylingApi()],
};
