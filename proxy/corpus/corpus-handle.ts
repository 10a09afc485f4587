/**
 * @module
 * The corpus as the proxy's routes reach it: its manifest at once (what `/health` and
 * `/api/config` say), the whole text when a route reads verses. On Node the text is loaded
 * before the server starts; the Worker reads it on the first request that needs it, so its
 * static files and its config never wait for (or spend CPU on) the Quran text.
 */
import type { CorpusManifest } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';

export interface CorpusHandle {
  readonly manifest: CorpusManifest;
  /** The whole corpus; the first call may read it. */
  whole(): Promise<Corpus>;
}

function isHandle(c: Corpus | CorpusHandle): c is CorpusHandle {
  return typeof (c as Partial<CorpusHandle>).whole === 'function';
}

/** A loaded corpus as a handle (a handle is returned as it is). */
export function corpusHandle(c: Corpus | CorpusHandle): CorpusHandle {
  if (isHandle(c)) return c;
  const ready = Promise.resolve(c);
  return { manifest: c.manifest, whole: () => ready };
}

/** A corpus read by `load` on the first call, once; a failed read is tried again on the next. */
export function lazyCorpusHandle(manifest: CorpusManifest, load: () => Promise<Corpus>): CorpusHandle {
  let loading: Promise<Corpus> | undefined;
  return {
    manifest,
    whole() {
      loading ??= load().catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    },
  };
}
