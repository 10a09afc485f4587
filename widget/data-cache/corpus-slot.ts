/** Data-store slot of the corpus versions (their files, and the index snapshots built from them). */
export const CORPUS_SLOT = 'corpus';
