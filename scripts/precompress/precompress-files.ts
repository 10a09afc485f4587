/**
 * @module
 * Brotli copies of the data files made once, at build time, at the strongest setting (quality 11):
 * the proxy sends `name.br` to a browser that accepts brotli instead of compressing on every
 * cold request. The first visit's corpus, topic and vector files are 16% smaller on the wire
 * than the proxy's own quick compression makes them (quality 7), and a request costs no CPU.
 * Only content-hashed names (`name.<hash>.ext`) get a copy: their bytes never change under a
 * name, so an existing copy is up to date by construction. Written to a temporary name and
 * renamed, so a build that stops half-way never leaves a truncated copy behind.
 */
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants } from 'node:zlib';
import { DEFAULT_STATIC_FILES_OPTIONS, PRECOMPRESSED_SUFFIX } from '../../proxy/middleware/static-files/index.js';

const brotli = promisify(brotliCompress);

/** Kinds of file worth a copy: text, JSON, scripts and the vector files (not models or images). */
const COMPRESSIBLE_NAME = /\.(?:json|bin|js|mjs|css|wasm|svg|txt)$/;

/** A content-hashed name (the proxy's own rule for immutable files) of a compressible kind. */
function wantsCopy(name: string): boolean {
  return DEFAULT_STATIC_FILES_OPTIONS.immutable.test(name) && COMPRESSIBLE_NAME.test(name);
}
/** A copy must save at least this share of the bytes, or the file is left as it is (random codes do not compress). */
export const MIN_SAVING = 0.03;

export interface PrecompressReport {
  readonly written: string[];
  readonly present: string[];
  /** Files that brotli would not make smaller by `MIN_SAVING`. */
  readonly incompressible: string[];
}

/** Brotli at quality 11 with a window as large as the file needs (up to 16 MB). */
export async function brotliBest(bytes: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(
    await brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_LGWIN]: 24,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
      },
    }),
  );
}

/** Makes `name.br` beside every content-hashed file directly in `dir` that lacks one; removes copies whose file is gone. */
export async function precompressDir(dir: string): Promise<PrecompressReport> {
  const names = new Set(await readdir(dir));
  const report: PrecompressReport = { written: [], present: [], incompressible: [] };
  for (const name of names) {
    if (name.endsWith(PRECOMPRESSED_SUFFIX) && !names.has(name.slice(0, -PRECOMPRESSED_SUFFIX.length))) await rm(join(dir, name), { force: true });
  }
  const todo = [...names].filter(wantsCopy).sort();
  await Promise.all(
    todo.map(async (name) => {
      const target = join(dir, name + PRECOMPRESSED_SUFFIX);
      if (names.has(name + PRECOMPRESSED_SUFFIX) && (await stat(target)).size > 0) return void report.present.push(name);
      const bytes = await readFile(join(dir, name));
      const packed = await brotliBest(bytes);
      if (packed.byteLength > bytes.byteLength * (1 - MIN_SAVING)) return void report.incompressible.push(name);
      const temp = `${target}.${process.pid}.tmp`;
      await writeFile(temp, packed);
      await rename(temp, target);
      report.written.push(name);
    }),
  );
  return report;
}

/** `precompressDir` over each directory that exists (a missing one is skipped). */
export async function precompressDirs(dirs: readonly string[]): Promise<PrecompressReport> {
  const all: PrecompressReport = { written: [], present: [], incompressible: [] };
  for (const dir of dirs) {
    const r = await precompressDir(dir).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
    if (!r) continue;
    all.written.push(...r.written);
    all.present.push(...r.present);
    all.incompressible.push(...r.incompressible);
  }
  return all;
}
