/**
 * Trains the topic matcher's linear classifier from the topics' own texts (names, aliases and
 * example questions in every language, embedded as queries): linear discriminant analysis, the
 * closed form of a classifier that weighs the directions that tell two near topics apart
 * ("poverty" vs "fear of poverty when giving") above those every topic shares, which a topic's
 * mean vector cannot. One weight vector and one bias per topic; a question's probability of a
 * topic is the softmax of the logits. Measured against the mean vectors it replaces: ADR 0025.
 *
 * Pure and deterministic: the same vectors give the same weights.
 */
import { l2Normalize } from '../../data/embed/l2-normalize.js';

export interface TopicClassifier {
  /** One weight vector per topic (`dims` long), already divided by `temperature`. */
  readonly weights: Float32Array[];
  /** One bias per topic, already divided by `temperature`. */
  readonly bias: Float32Array;
  /** The softmax temperature the held-out texts chose (kept for the record). */
  readonly temperature: number;
  /** The unit mean of every topic text: what a question embedded by the same model resembles. */
  readonly center: Float32Array;
  /**
   * A question whose cosine to `center` is below this is not one this model embedded (another
   * model's vector, a broken embedder): the classifier would give it a confident, meaningless
   * topic, so it gets none. The least cosine of a topic text, less 0.1.
   */
  readonly centerFloor: number;
}

export interface TopicClassifierOptions {
  /** Share of the pooled covariance replaced by its mean variance (0..1): keeps it invertible. Default 0.1. */
  readonly shrinkage?: number;
  /** Temperatures tried on the held-out texts. */
  readonly temperatures?: readonly number[];
}

const DEFAULT_TEMPERATURES = [1, 2, 3, 4, 6, 8, 12, 16, 24, 32];

/**
 * `vectors[i]` is a text of topic `labels[i]` (0..topicCount-1). Every third text of each topic
 * is held out to choose the softmax temperature (the one with the least negative log-likelihood),
 * then the classifier is fitted on all of them.
 */
export function trainTopicClassifier(
  vectors: readonly Float32Array[],
  labels: readonly number[],
  topicCount: number,
  options: TopicClassifierOptions = {},
): TopicClassifier {
  if (vectors.length !== labels.length) throw new RangeError(`${vectors.length} vectors but ${labels.length} labels`);
  if (vectors.length === 0) throw new RangeError('no topic texts to train on');
  const dims = vectors[0]!.length;
  const seen = new Uint32Array(topicCount);
  for (const [i, l] of labels.entries()) {
    if (!Number.isInteger(l) || l < 0 || l >= topicCount) throw new RangeError(`label ${l} of text ${i} is not a topic (0..${topicCount - 1})`);
    if (vectors[i]!.length !== dims) throw new RangeError(`text ${i} has ${vectors[i]!.length} dimensions, expected ${dims}`);
    seen[l]!++;
  }
  const empty = seen.findIndex((n) => n === 0);
  if (empty >= 0) throw new RangeError(`topic ${empty} has no text to learn from`);
  const unit = vectors.map((v) => l2Normalize(v));
  const shrinkage = options.shrinkage ?? 0.1;

  // Temperature: fit without every third text of each topic (topics with fewer than three
  // texts keep them all), score the held-out ones.
  const position = new Uint32Array(topicCount);
  const heldOut = labels.map((l) => position[l]!++ % 3 === 2 && seen[l]! >= 3);
  const trainIdx = heldOut.flatMap((h, i) => (h ? [] : [i]));
  const testIdx = heldOut.flatMap((h, i) => (h ? [i] : []));
  const probe = fitLda(
    trainIdx.map((i) => unit[i]!),
    trainIdx.map((i) => labels[i]!),
    topicCount,
    dims,
    shrinkage,
  );
  const temperature = chooseTemperature(
    probe,
    testIdx.map((i) => unit[i]!),
    testIdx.map((i) => labels[i]!),
    options.temperatures ?? DEFAULT_TEMPERATURES,
  );

  const fit = fitLda(unit, labels, topicCount, dims, shrinkage);
  const center = new Float32Array(dims);
  for (const v of unit) for (let d = 0; d < dims; d++) center[d]! += v[d]!;
  const unitCenter = l2Normalize(center);
  // A loop, not Math.min(...): tens of thousands of texts would overflow the call's arguments.
  let least = Infinity;
  for (const v of unit) least = Math.min(least, dot(v, unitCenter));
  const centerFloor = least - 0.1;
  return {
    weights: fit.weights.map((w) => Float32Array.from(w, (x) => x / temperature)),
    bias: Float32Array.from(fit.bias, (x) => x / temperature),
    temperature,
    center: unitCenter,
    centerFloor,
  };
}

interface LinearFit {
  readonly weights: Float64Array[];
  readonly bias: Float64Array;
}

/** Shared-covariance LDA with shrinkage: w_c = Σ⁻¹μ_c, b_c = -½ μ_c·w_c (equal priors). */
function fitLda(vectors: readonly Float32Array[], labels: readonly number[], topicCount: number, dims: number, shrinkage: number): LinearFit {
  const means = Array.from({ length: topicCount }, () => new Float64Array(dims));
  const counts = new Float64Array(topicCount);
  vectors.forEach((v, i) => {
    const m = means[labels[i]!]!;
    for (let d = 0; d < dims; d++) m[d]! += v[d]!;
    counts[labels[i]!]!++;
  });
  means.forEach((m, c) => {
    if (counts[c]! > 0) for (let d = 0; d < dims; d++) m[d]! /= counts[c]!;
  });
  // Pooled within-topic covariance, lower triangle.
  const cov = new Float64Array(dims * dims);
  const r = new Float64Array(dims);
  vectors.forEach((v, i) => {
    const m = means[labels[i]!]!;
    for (let d = 0; d < dims; d++) r[d] = v[d]! - m[d]!;
    for (let a = 0; a < dims; a++) {
      const ra = r[a]!;
      const row = a * dims;
      for (let b = 0; b <= a; b++) cov[row + b]! += ra * r[b]!;
    }
  });
  let trace = 0;
  for (let a = 0; a < dims; a++) trace += cov[a * dims + a]! / vectors.length;
  const ridge = (shrinkage * trace) / dims;
  for (let a = 0; a < dims; a++) {
    for (let b = 0; b <= a; b++) cov[a * dims + b] = (1 - shrinkage) * (cov[a * dims + b]! / vectors.length) + (a === b ? ridge : 0);
  }
  const chol = cholesky(cov, dims);
  const weights = means.map((m, c) => (counts[c]! > 0 ? choleskySolve(chol, m, dims) : new Float64Array(dims)));
  const bias = Float64Array.from(weights, (w, c) => (counts[c]! > 0 ? -0.5 * dot(w, means[c]!) : -Infinity));
  return { weights, bias };
}

function chooseTemperature(fit: LinearFit, vectors: readonly Float32Array[], labels: readonly number[], temperatures: readonly number[]): number {
  if (vectors.length === 0) return temperatures.includes(8) ? 8 : temperatures[0]!;
  const logits = vectors.map((v) => Float64Array.from(fit.weights, (w, c) => dot(w, v) + fit.bias[c]!));
  let best = temperatures[0]!;
  let bestLoss = Infinity;
  for (const t of temperatures) {
    let loss = 0;
    logits.forEach((z, i) => {
      let max = -Infinity;
      for (const x of z) if (x / t > max) max = x / t;
      let sum = 0;
      for (const x of z) if (x !== -Infinity) sum += Math.exp(x / t - max);
      loss += -(z[labels[i]!]! / t - max - Math.log(sum));
    });
    if (loss < bestLoss) [best, bestLoss] = [t, loss];
  }
  return best;
}

/** Lower-triangular L with LLᵀ = A (A symmetric positive definite, lower triangle given). */
function cholesky(a: Float64Array, n: number): Float64Array {
  const l = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i * n + j]!;
      for (let k = 0; k < j; k++) s -= l[i * n + k]! * l[j * n + k]!;
      if (i === j) {
        if (!(s > 0)) throw new RangeError('the topic texts’ covariance is not positive definite; raise the shrinkage');
        l[i * n + i] = Math.sqrt(s);
      } else {
        l[i * n + j] = s / l[j * n + j]!;
      }
    }
  }
  return l;
}

/** x with LLᵀx = b. */
function choleskySolve(l: Float64Array, b: ArrayLike<number>, n: number): Float64Array {
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i * n + k]! * y[k]!;
    y[i] = s / l[i * n + i]!;
  }
  const x = new Float64Array(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k * n + i]! * x[k]!;
    x[i] = s / l[i * n + i]!;
  }
  return x;
}

function dot(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}
