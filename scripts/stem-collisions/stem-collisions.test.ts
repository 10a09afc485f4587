import { describe, expect, it } from 'vitest';
import { stemEnglish } from '../../data/search/analysis/english-analyzer.js';
import { findCollisions, groupByTerm } from './stem-collisions.js';

describe('when grouping words by their index term', () => {
  it('should keep groups of two or more words, most frequent first, and skip stop words', () => {
    const counts = new Map([
      ['patience', 3],
      ['patient', 9],
      ['the', 50],
      ['mercy', 4],
    ]);
    const groups = groupByTerm(counts, (w) => (w === 'the' ? undefined : w.startsWith('patien') ? 'patient' : w));
    expect(groups).toEqual([{ term: 'patient', words: ['patient', 'patience'] }]);
  });
});

describe('when looking for words that share a term but not a meaning', () => {
  const v = (x: number, y: number) => new Float32Array([x, y]);
  const vectors = new Map([
    ['conversion', v(1, 0)],
    ['conversation', v(0, 1)],
    ['converse', v(0.1, 1)],
    ['pray', v(1, 1)],
    ['prayer', v(1, 0.9)],
  ]);
  it('should flag the group whose words are far apart, with its least similar pair', () => {
    const groups = [
      { term: 'convers', words: ['conversation', 'converse', 'conversion'] },
      { term: 'prai', words: ['prayer', 'pray'] },
    ];
    const found = findCollisions(groups, (w) => vectors.get(w), 0.5);
    expect(found.map((c) => [c.term, c.a, c.b])).toEqual([['convers', 'conversation', 'conversion']]);
    expect(found[0]!.cosine).toBeCloseTo(0, 5);
  });
  it('should find the collision the shipped English analyzer had: conversion and conversation', () => {
    expect(stemEnglish('conversation')).toBe('convers');
    expect(stemEnglish('conversion')).not.toBe(stemEnglish('conversation'));
  });
});
