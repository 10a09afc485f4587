/**
 * The data code, with the chunks it imports asked for at the same moment. A browser finds a
 * module's imports only once it has the module, so the loader's chunks came as a chain of three
 * downloads, each a round trip on a slow phone link; asked for together they come as one (on Fast
 * 3G the corpus files were asked for 0.45 s sooner). The modules named here each open a chunk of
 * that chain.
 */
export function importDataCode(): Promise<typeof import('./load-quran-data.js')> {
  const chain = [
    import('../../data/corpus/corpus.js'),
    import('../../data/corpus/verse-range.js'),
    import('./open-data-stores.js'),
    import('./obtain-verified-files.js'),
  ];
  // Only asked for early: the loader imports them itself, and reports a failure.
  for (const chunk of chain) chunk.catch(() => undefined);
  return import('./load-quran-data.js');
}
