/**
 * `npm run export:static [-- --out dist/static]`: writes the exact file tree to upload to a CDN
 * or object store for DATA_PUBLIC_URL (the widget, the corpus, the served vector index, the
 * mosque's own documents when SITE_DIR has them, and the Quranic font), from the same settings
 * the proxy reads (.env and the environment), and prints the headers each file must be served with.
 */
import { parseArgs } from 'node:util';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { parseProxyConfig } from '../proxy/config/proxy-config.js';
import { readProxyEnv, REPO_ROOT } from '../proxy/server.js';
import { cdnHeadersFor } from './static-export/export-static-tree.js';
import { exportStaticForConfig } from './static-export/export-static-for-config.js';
import { revalidatedSummary } from './static-export/revalidated-summary.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string', default: 'dist/static' } } });
  const out = resolve(REPO_ROOT, values.out);
  const { files, indexId, site } = await exportStaticForConfig(parseProxyConfig(readProxyEnv(), availableParallelism()), out);
  const mb = files.reduce((n, f) => n + f.bytes, 0) / 2 ** 20;
  const contents = [
    indexId ? `index ${indexId}` : 'no vector index: keyword search only',
    ...(site ? [`site documents ${site.version}: ${site.documents.length} documents`] : []),
  ];
  console.log(`quran-dai: wrote ${files.length} files (${mb.toFixed(1)} MB) to ${out} (${contents.join('; ')})`);
  const immutable = cdnHeadersFor('data/corpus/x.0123456789.json');
  const revalidated = files.filter((f) => cdnHeadersFor(f.path)['cache-control'] !== immutable['cache-control']).map((f) => f.path);
  console.log(`Upload it as is, then set DATA_PUBLIC_URL to the URL of that folder. Serve every file with:
  Access-Control-Allow-Origin: ${immutable['access-control-allow-origin']}
  Access-Control-Expose-Headers: ${immutable['access-control-expose-headers']}
  Cache-Control: ${immutable['cache-control']}
except these, which must be revalidated (Cache-Control: ${cdnHeadersFor('widget/quran-dai.js')['cache-control']}):
  ${revalidatedSummary(revalidated).join('\n  ')}
${site ? 'When the site documents change (npm run build:site), run export:static again and upload.\n' : ''}See docs/deploy.md.`);
}

main().catch((e: unknown) => {
  console.error(`quran-dai: export:static failed: ${(e as Error).message ?? e}`);
  process.exit(1);
});
