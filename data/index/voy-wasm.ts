/**
 * Instantiates voy-search's WebAssembly from bytes or a fetch Response, in any runtime.
 * voy's package entry does `import * as wasm from "./voy_search_bg.wasm"`, which only a
 * bundler with a wasm plugin understands; Node 20 and plain pages do not. So we link the
 * generated glue (`voy_search_bg.js`) to the instance ourselves. The glue keeps the
 * instance in module state, hence one shared instance per JS realm.
 */
import * as glue from 'voy-search/voy_search_bg.js';

export type VoyModule = Pick<typeof glue, 'Voy'>;

/** What `instantiateVoy` accepts: the .wasm bytes, a compiled module, or a (pending) fetch Response. */
export type VoyWasmSource = BufferSource | WebAssembly.Module | Response | PromiseLike<BufferSource | Response>;

let instance: Promise<VoyModule> | undefined;

async function compile(pending: VoyWasmSource): Promise<WebAssembly.Module> {
  const source = await pending;
  if (source instanceof WebAssembly.Module) return source;
  if (ArrayBuffer.isView(source) || source instanceof ArrayBuffer) return WebAssembly.compile(source);
  const response = source as Response;
  if (!response.ok) throw new Error(`could not load voy_search_bg.wasm: HTTP ${response.status} ${response.url}`);
  return WebAssembly.compile(await response.arrayBuffer());
}

/** Instantiate voy once; later calls return the same module (their `source` is ignored). */
export function instantiateVoy(source: VoyWasmSource): Promise<VoyModule> {
  instance ??= (async () => {
    const module = await compile(source);
    const wasm = await WebAssembly.instantiate(module, { './voy_search_bg.js': glue as unknown as WebAssembly.ModuleImports });
    glue.__wbg_set_wasm(wasm.exports);
    return { Voy: glue.Voy };
  })();
  instance.catch(() => (instance = undefined));
  return instance;
}
