// The <quran-dai> element's public API (attributes, properties, events, parts, custom
// properties) as a custom-elements.json beside the widget bundle, for editors and
// component catalogues. `npm run build:manifest` writes it; the README is checked against it.
export default {
  // The class (its JSDoc is the API's source) and the entry module that defines its tag.
  globs: ['widget/quran-dai.component.ts', 'widget/quran-dai.ts'],
  outdir: 'dist/widget',
  litelement: true,
  // The file ships with the widget bundle, not with this repository's package.json.
  packagejson: false,
};
