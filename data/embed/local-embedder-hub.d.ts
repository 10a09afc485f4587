/**
 * Types for transformers.js' file loader, imported by path because the package does not
 * re-export it. It resolves `env.localModelPath` + model id, reads files (Node) or fetches them
 * (browser, kept in the Cache API) and reports progress, like the library's own loaders.
 */
declare module '@xenova/transformers/src/utils/hub.js' {
  export function getModelFile(
    pathOrRepoId: string,
    filename: string,
    fatal?: boolean,
    options?: { progress_callback?: (event: unknown) => void; local_files_only?: boolean },
  ): Promise<Uint8Array>;
}

/** transformers.js' piece trie for Unigram tokenizers (see unigram-trie-fix.ts). */
declare module '@xenova/transformers/src/utils/data-structures.js' {
  export class CharTrie {
    commonPrefixSearch(text: string): Generator<string>;
  }
}
