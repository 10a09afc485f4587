/** Node-side: read voy_search_bg.wasm from node_modules and instantiate it (scripts, tests, bench). */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { instantiateVoy, type VoyModule } from './voy-wasm.js';

export const VOY_WASM_PATH = createRequire(import.meta.url).resolve('voy-search/voy_search_bg.wasm');

export async function loadVoyInNode(): Promise<VoyModule> {
  return instantiateVoy(await readFile(VOY_WASM_PATH));
}
