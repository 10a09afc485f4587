/**
 * `npm run export:static [-- --out dist/static]`: writes the exact file tree to upload to a CDN
 * or object store for DATA_PUBLIC_URL (the widget, the corpus, the served vector index and the
 * Quranic font), from the same settings the proxy reads (.env and the environment), and prints
 * the headers each file must be served with.
 */
import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { parseProxyConfig } from '../proxy/config/proxy-config.js';
import { locateIndex } from '../proxy/config/index-locator.js';
import { readProxyEnv, REPO_ROOT, resolveQuranFontDir } from '../proxy/server.js';
import { QURAN_FONT_FILE } from '../widget/verses/quran-font.js';
import { cdnHeadersFor, exportStaticTree } from './static-export/export-static-tree.js';

async function main(): Promise<void> {
  const outFlag = process.argv.indexOf('--out');
  const out = resolve(REPO_ROOT, outFlag >= 0 && process.argv[outFlag + 1] ? process.argv[outFlag + 1]! : 'dist/static');
  const config = parseProxyConfig(readProxyEnv(), availableParallelism());
  const at = (p: string) => (isAbsolute(p) ? p : resolve(REPO_ROOT, p));
  const index = await locateIndex(at(config.paths.indexDir), config.paths.indexId);
  const fontDir = resolveQuranFontDir();
  const files = await exportStaticTree({
    widgetDir: at(config.paths.widgetDir),
    corpusDir: at(config.paths.corpusDir),
    index: index ? { id: index.id, dir: join(at(config.paths.indexDir), index.id) } : null,
    fontFile: fontDir ? join(fontDir, QURAN_FONT_FILE) : null,
    outDir: out,
  });
  const mb = files.reduce((n, f) => n + f.bytes, 0) / 2 ** 20;
  console.log(`quran-dai: wrote ${files.length} files (${mb.toFixed(1)} MB) to ${out}${index ? ` (index ${index.id})` : ' (no vector index: keyword search only)'}`);
  const immutable = cdnHeadersFor('data/corpus/x.0123456789.json');
  const revalidated = files.filter((f) => cdnHeadersFor(f.path)['cache-control'] !== immutable['cache-control']).map((f) => f.path);
  console.log(`Upload it as is, then set DATA_PUBLIC_URL to the URL of that folder. Serve every file with:
  Access-Control-Allow-Origin: ${immutable['access-control-allow-origin']}
  Access-Control-Expose-Headers: ${immutable['access-control-expose-headers']}
  Cache-Control: ${immutable['cache-control']}
except these, which must be revalidated (Cache-Control: ${cdnHeadersFor('widget/quran-dai.js')['cache-control']}):
  ${revalidated.join('\n  ')}
See docs/deploy.md.`);
}

main().catch((e: unknown) => {
  console.error(`quran-dai: export:static failed: ${(e as Error).message ?? e}`);
  process.exit(1);
});
