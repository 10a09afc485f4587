/**
 * Library build of the widget: `widget/quran-dai.ts` → `dist/widget/quran-dai.js`, one ESM
 * file that site owners load with a single `<script type="module">`. Everything it always
 * needs (Lit, idb, search) is bundled in; anything heavy and optional (a model runtime, a
 * WASM search) stays behind a dynamic `import()` and becomes a lazily loaded chunk.
 * Data files are never bundled: they are fetched and cached at run time. No WASM plugin:
 * the widget uses the flat int8 scan (inline SIMD kernel), not voy (docs/adr/0001).
 */
import { defineConfig } from 'vite';

/**
 * onnxruntime-web's Emscripten loader uses a direct `eval`; it sits in the lazily loaded model
 * chunk, and the warning about it ("security risks") is not a site owner's or newcomer's to act
 * on. Every other warning is printed as usual.
 */
export function isForeignEvalWarning(warning: { code?: string; id?: string; message?: string }): boolean {
  return warning.code === 'EVAL' && /onnxruntime-web/.test(`${warning.id ?? ''} ${warning.message ?? ''}`);
}

export const WIDGET_ENTRY = 'widget/quran-dai.ts';
export const WIDGET_OUT_DIR = 'dist/widget';
export const WIDGET_FILE = 'quran-dai.js';

export default defineConfig({
  // The widget is a library, not a site: no index.html, no public/ copy.
  publicDir: false,
  // Chunk and worker URLs resolve against the widget file (import.meta.url), wherever it is hosted.
  base: './',
  // The search worker (ADR 0004) is one classic script, so a cross-origin embed can start it
  // from a blob with importScripts.
  worker: { format: 'iife' },
  build: {
    outDir: WIDGET_OUT_DIR,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    // Site owners cannot set a CSP nonce for an extra stylesheet: styles live in the shadow root.
    cssCodeSplit: false,
    lib: {
      entry: WIDGET_ENTRY,
      formats: ['es'],
      fileName: () => WIDGET_FILE,
    },
    rolldownOptions: {
      onwarn(warning, defaultHandler) {
        if (!isForeignEvalWarning(warning)) defaultHandler(warning);
      },
      output: {
        chunkFileNames: 'chunks/[name]-[hash].js',
        assetFileNames: 'assets/[name]-[hash][extname]',
        // Modules every page loads stay in a few chunks: left to itself the splitter cuts a new
        // chunk for each different set of lazy chunks sharing a module (Lit apart from the small
        // module beside it, verse ranges apart from the Arabic normaliser), and each cut costs
        // first-load bytes.
        codeSplitting: {
          groups: [
            { name: 'lit', test: /node_modules[\\/](lit|lit-html|lit-element|@lit)[\\/]|widget[\\/]verses[\\/]track-language/ },
            { name: 'corpus-text', test: /data[\\/](corpus[\\/]verse-range|arabic[\\/](arabic-normalize|uthmani-hamza))/ },
            // Small modules the element shares with its lazy chunks (explain, share, listen, feedback, the data's URLs): one chunk, not one each.
            {
              name: 'shared',
              test: /data[\\/](contracts[\\/]chat-request|corpus[\\/]reference-parser)|widget[\\/](api[\\/]proxy-(fetch|error)|events[\\/]emit|verses[\\/]verse-copy-text|data-cache[\\/]data-urls)/,
            },
            // What the corpus, the vector index and the site documents all load through (verified downloads, the cache): one startup chunk.
            {
              name: 'data-files',
              test: /node_modules[\\/]idb[\\/]|widget[\\/]data-cache[\\/](data-load-error|obtain-verified-files|fetch-manifest|download-bytes|cache-version)|data[\\/]index[\\/]vector-file/,
            },
          ],
        },
      },
    },
  },
});
