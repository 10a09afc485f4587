/**
 * Runs a local model: transformers.js tokenises, onnxruntime-web executes the ONNX graph.
 * onnxruntime-web (WebAssembly, one thread) is used in Node too, not onnxruntime-node: int8
 * models give slightly different numbers on the native and WASM kernels (about 1e-3 per
 * component, measured with the tiny test model), and the index builder must produce exactly
 * what the visitor's browser produces for the same text.
 */
import { AutoTokenizer, env } from '@xenova/transformers';
import { getModelFile } from '@xenova/transformers/src/utils/hub.js';
import * as ortModule from 'onnxruntime-web';
import './unigram-trie-fix.js';
import type { TokenStates } from './local-embedder-pooling.js';

// Node loads onnxruntime-web's CommonJS build, whose exports sit on `default`; bundlers give named exports.
const ort: typeof ortModule = (ortModule as typeof ortModule & { default?: typeof ortModule }).default ?? ortModule;

export interface ModelRun {
  readonly states: TokenStates;
  /** Attention mask, `[batch, tokens]`: 1 for real tokens, 0 for padding. */
  readonly mask: ArrayLike<number | bigint>;
}

export interface ModelSession {
  /** Tokenises (padded to the longest, truncated to the model maximum) and runs the model. */
  run(texts: string[]): Promise<ModelRun>;
}

export interface ModelSessionOptions {
  readonly model: string;
  /** `onnx/model_quantized.onnx` (true) or `onnx/model.onnx` (false). */
  readonly quantized: boolean;
  readonly progress?: (event: unknown) => void;
}

interface IntTensor {
  readonly data: BigInt64Array;
  readonly dims: number[];
}

type Tokenizer = (texts: string[], options: { padding: boolean; truncation: boolean }) => Record<string, IntTensor | undefined>;

/**
 * transformers.js and onnxruntime-web keep global settings; set them right before each load.
 * `modelBase`: directory (Node) or URL prefix (browser) of model folders; `wasmBase`: URL
 * prefix of the runtime's `.wasm` files (browser; Node reads them from node_modules).
 */
export function configureLocalRuntime(modelBase: string, wasmBase: string | undefined): void {
  env.allowRemoteModels = false; // never fetch from the Hugging Face hub: the files are ours
  env.allowLocalModels = true;
  env.localModelPath = modelBase;
  env.useFSCache = false; // local files need no second copy in node_modules
  // One thread: threaded WASM needs cross-origin isolation host pages rarely have, extra
  // worker files from the proxy, and the builder must compute exactly like the browser.
  ort.env.wasm.numThreads = 1;
  if (wasmBase !== undefined) ort.env.wasm.wasmPaths = wasmBase.endsWith('/') ? wasmBase : `${wasmBase}/`;
}

export async function openModelSession(options: ModelSessionOptions): Promise<ModelSession> {
  const loadOptions = { local_files_only: true, ...(options.progress ? { progress_callback: options.progress } : {}) };
  const tokenizer = (await AutoTokenizer.from_pretrained(options.model, loadOptions)) as unknown as Tokenizer;
  const weights = `onnx/${options.quantized ? 'model_quantized' : 'model'}.onnx`;
  const bytes = await getModelFile(options.model, weights, true, loadOptions);
  const session = await ort.InferenceSession.create(bytes, { executionProviders: ['wasm'], graphOptimizationLevel: 'all' });
  const output = session.outputNames.includes('last_hidden_state') ? 'last_hidden_state' : session.outputNames[0];
  if (output === undefined) throw new Error(`${options.model}/${weights} has no outputs`);

  return {
    async run(texts) {
      const encoded = tokenizer(texts, { padding: true, truncation: true });
      const ids = encoded['input_ids'];
      const mask = encoded['attention_mask'];
      if (!ids || !mask) throw new Error(`the tokenizer of ${options.model} returned no input_ids/attention_mask`);
      const feeds: Record<string, ortModule.Tensor> = {};
      for (const name of session.inputNames) {
        // BERT graphs also take token_type_ids; single-segment input means all zeros.
        const source = encoded[name] ?? (name === 'token_type_ids' ? { data: new BigInt64Array(ids.data.length), dims: ids.dims } : undefined);
        if (!source) throw new Error(`${options.model} needs input ${name}, which its tokenizer does not produce`);
        feeds[name] = new ort.Tensor('int64', source.data, source.dims);
      }
      const result = (await session.run(feeds))[output]!;
      const [batch, tokens, hidden] = result.dims as [number, number, number];
      return { states: { data: result.data as Float32Array, batch, tokens, hidden }, mask: mask.data };
    },
  };
}
