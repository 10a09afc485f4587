/**
 * Sentence vector from token vectors: mean over the real (mask = 1) tokens, then L2
 * normalisation, as sentence-transformers does for E5/MiniLM models. Pure, so the Node
 * builder and the browser run the very same arithmetic.
 */
export interface TokenStates {
  /** `last_hidden_state`, row-major `[batch, tokens, hidden]`. */
  readonly data: Float32Array;
  readonly batch: number;
  readonly tokens: number;
  readonly hidden: number;
}

/** One unit-length vector per batch row; a row with no real token yields zeros. */
export function meanPoolNormalize(states: TokenStates, mask: ArrayLike<number | bigint>): Float32Array[] {
  const { data, batch, tokens, hidden } = states;
  if (data.length !== batch * tokens * hidden || mask.length !== batch * tokens) {
    throw new Error(`token states [${batch}, ${tokens}, ${hidden}] do not match ${data.length} values and a mask of ${mask.length}`);
  }
  const rows: Float32Array[] = [];
  for (let b = 0; b < batch; b++) {
    const sum = new Float64Array(hidden);
    let count = 0;
    for (let t = 0; t < tokens; t++) {
      if (Number(mask[b * tokens + t]) === 0) continue;
      count++;
      const at = (b * tokens + t) * hidden;
      for (let h = 0; h < hidden; h++) sum[h]! += data[at + h]!;
    }
    let norm = 0;
    for (let h = 0; h < hidden; h++) {
      sum[h] = count > 0 ? sum[h]! / count : 0;
      norm += sum[h]! * sum[h]!;
    }
    const scale = norm > 0 ? 1 / Math.sqrt(norm) : 0;
    rows.push(Float32Array.from(sum, (x) => x * scale));
  }
  return rows;
}
