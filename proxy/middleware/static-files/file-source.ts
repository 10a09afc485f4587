/**
 * @module
 * Where static files come from. The middleware is runtime-neutral; the Node entry gives it
 * a filesystem source (`node-file-source.ts`), tests give it an in-memory one.
 */
export interface StaticFile {
  readonly size: number;
  readonly mtimeMs: number;
  /** The bytes, read lazily (large model files are streamed). */
  body(): ReadableStream<Uint8Array> | Uint8Array;
}

export interface FileSource {
  /** `relPath` is already normalised (no `..`, no leading `/`). Null when there is no such file. */
  open(relPath: string): Promise<StaticFile | null>;
}

/** A source over a fixed set of files, for tests and edge bundles. */
export function createMemoryFileSource(files: Readonly<Record<string, string | Uint8Array>>, mtimeMs = 1_700_000_000_000): FileSource {
  const enc = new TextEncoder();
  return {
    async open(relPath) {
      const v = files[relPath];
      if (v === undefined) return null;
      const bytes = typeof v === 'string' ? enc.encode(v) : v;
      return { size: bytes.byteLength, mtimeMs, body: () => bytes };
    },
  };
}
