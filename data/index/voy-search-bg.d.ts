/**
 * Types for voy-search's wasm-bindgen glue module, which the package ships without a
 * .d.ts. We import the glue directly so we can instantiate the .wasm ourselves (Node 20
 * cannot `import` a .wasm file; browsers get it from a URL), see voy-wasm.ts.
 */
declare module 'voy-search/voy_search_bg.js' {
  export * from 'voy-search';
  export function __wbg_set_wasm(exports: WebAssembly.Exports): void;
}
