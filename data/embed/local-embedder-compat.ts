/**
 * Refuses to query an index with a model other than the one it was built with: vectors of
 * different models (or the same model with other prefixes) live in different spaces, so the
 * scores would be meaningless rather than merely worse.
 */
import type { VectorIndexManifest } from '../index/index-manifest.js';
import { LocalModelError } from './local-embedder-error.js';
import type { ModelPrefixes } from './local-embedder-prefixes.js';

export type IndexModelFields = Pick<VectorIndexManifest, 'id' | 'embedder' | 'model' | 'dims' | 'queryPrefix' | 'documentPrefix'>;

export interface LoadedModelFields {
  readonly model: string;
  readonly dims: number;
  readonly prefixes: ModelPrefixes;
}

/** The build command that produces an index for `model`, quoted in every refusal. */
export function rebuildCommand(model: string): string {
  return `npm run build:index -- --embedder local --model ${model}`;
}

/** Throws `LocalModelError('index-mismatch')` unless `manifest` was built by `loaded`. */
export function assertIndexMatchesModel(manifest: IndexModelFields, loaded: LoadedModelFields): void {
  const fix = `rebuild with ${rebuildCommand(loaded.model)}`;
  if (manifest.embedder !== 'local') {
    throw new LocalModelError(
      'index-mismatch',
      `index ${manifest.id} was built with the ${manifest.embedder} embedder, not a local model; ` + `its queries must be embedded by that embedder, or ${fix}`,
    );
  }
  if (manifest.model !== loaded.model || manifest.dims !== loaded.dims) {
    throw new LocalModelError(
      'index-mismatch',
      `index ${manifest.id} was built with model ${manifest.model} (${manifest.dims} dims) but model ` +
        `${loaded.model} (${loaded.dims} dims) is loaded; ${fix}`,
    );
  }
  const prefixes: Array<[string, string, string]> = [
    ['query', manifest.queryPrefix, loaded.prefixes.query],
    ['document', manifest.documentPrefix, loaded.prefixes.document],
  ];
  for (const [kind, built, current] of prefixes) {
    if (built !== current) {
      throw new LocalModelError(
        'index-mismatch',
        `index ${manifest.id} was built with ${kind} prefix ${JSON.stringify(built)} but model ` +
          `${loaded.model} is loaded with ${kind} prefix ${JSON.stringify(current)}; ${fix}`,
      );
    }
  }
}
