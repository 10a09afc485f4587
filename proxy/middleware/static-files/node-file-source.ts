/**
 * @module
 * Filesystem `FileSource` for the Node entry: files under one root directory, streamed,
 * never outside the root (symlinks are followed only if they stay inside it).
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { FileSource } from './file-source.js';

export function createNodeFileSource(rootDir: string): FileSource {
  const root = resolve(rootDir);
  return {
    async open(relPath) {
      const full = resolve(root, relPath);
      if (full !== root && !full.startsWith(root + sep)) return null;
      try {
        const real = await realpath(full);
        const realRoot = await realpath(root);
        if (real !== realRoot && !real.startsWith(realRoot + sep)) return null;
        const s = await stat(real);
        if (!s.isFile()) return null;
        return {
          size: s.size,
          mtimeMs: s.mtimeMs,
          body: () => Readable.toWeb(createReadStream(real)) as unknown as ReadableStream<Uint8Array>,
        };
      } catch {
        return null;
      }
    },
  };
}
