import { describe, expect, it } from 'vitest';
import { trainTopicClassifier } from './topic-classifier.js';

/** A deterministic pseudo-random stream, so the test data is the same on every run. */
function stream(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 0x100000000) * 2 - 1;
}

const logits = (clf: ReturnType<typeof trainTopicClassifier>, v: Float32Array) =>
  clf.weights.map((w, c) => w.reduce((sum, x, d) => sum + x * v[d]!, clf.bias[c]!));
const argmax = (xs: number[]) => xs.indexOf(Math.max(...xs));

describe('when training the topic classifier', () => {
  it('should tell two topics apart by the one direction that separates them', () => {
    // Every text shares a large common direction (as a multilingual model's vectors do) and
    // varies a lot along a nuisance axis; only a small component on axis 2 tells the topics apart.
    const next = stream(7);
    const vectors: Float32Array[] = [];
    const labels: number[] = [];
    for (let i = 0; i < 60; i++) {
      const topic = i % 2;
      vectors.push(new Float32Array([1, next(), (topic ? 0.2 : -0.2) + 0.02 * next(), 0.05 * next()]));
      labels.push(topic);
    }
    const clf = trainTopicClassifier(vectors, labels, 2);
    expect(clf.weights).toHaveLength(2);
    expect(clf.bias).toHaveLength(2);
    const right = vectors.filter((v, i) => argmax(logits(clf, new Float32Array(v.map((x) => x / Math.hypot(...v))))) === labels[i]).length;
    expect(right).toBe(60);
    // The centre is the unit mean of the texts; the floor sits 0.1 below the least of them.
    expect(Math.hypot(...clf.center)).toBeCloseTo(1, 6);
    const unitCos = (v: Float32Array) => v.reduce((s, x, d) => s + x * clf.center[d]!, 0) / Math.hypot(...v);
    expect(clf.centerFloor).toBeCloseTo(Math.min(...vectors.map(unitCos)) - 0.1, 5);
    // A new text far along the nuisance axis still goes to its topic.
    expect(argmax(logits(clf, new Float32Array([0.3, 0.94, 0.05, 0])))).toBe(1);
    expect(argmax(logits(clf, new Float32Array([0.3, -0.94, -0.05, 0])))).toBe(0);
  });

  it('should choose a temperature from the held-out texts and give the same weights every time', () => {
    const next = stream(11);
    const vectors = Array.from({ length: 90 }, (_, i) => new Float32Array([1, (i % 3) - 1 + 0.8 * next(), next(), next()]));
    const labels = vectors.map((_, i) => i % 3);
    const a = trainTopicClassifier(vectors, labels, 3, { temperatures: [1, 4, 16] });
    const b = trainTopicClassifier(vectors, labels, 3, { temperatures: [1, 4, 16] });
    expect([1, 4, 16]).toContain(a.temperature);
    expect(Array.from(a.bias)).toEqual(Array.from(b.bias));
    expect(Array.from(a.weights[2]!)).toEqual(Array.from(b.weights[2]!));
  });

  it('should refuse texts without a topic, a topic without texts, and mismatched lengths', () => {
    const v = [new Float32Array([1, 0]), new Float32Array([0, 1])];
    expect(() => trainTopicClassifier(v, [0], 2)).toThrow(/2 vectors but 1 labels/);
    expect(() => trainTopicClassifier(v, [0, 2], 2)).toThrow(/label 2 of text 1 is not a topic/);
    expect(() => trainTopicClassifier(v, [0, 0], 2)).toThrow(/topic 1 has no text/);
    expect(() => trainTopicClassifier([new Float32Array([1, 0]), new Float32Array([1])], [0, 1], 2)).toThrow(/text 1 has 1 dimensions, expected 2/);
  });
});
