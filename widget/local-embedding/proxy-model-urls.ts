/**
 * Where the proxy serves local-model files: `/models/<model-id>/...` (from its `MODELS_DIR`)
 * and onnxruntime-web's WASM at `/runtime/ort/`. Both end in `/` as transformers.js expects.
 */
function base(proxy: string, path: string): string {
  const root = proxy.endsWith('/') ? proxy : `${proxy}/`;
  return new URL(path, new URL(root, globalThis.location?.href)).href;
}

/** `https://proxy.example/models/` for proxy `https://proxy.example`. */
export function proxyModelBase(proxy: string): string {
  return base(proxy, 'models/');
}

/** `https://proxy.example/runtime/ort/` for proxy `https://proxy.example`. */
export function proxyWasmBase(proxy: string): string {
  return base(proxy, 'runtime/ort/');
}
