import { describe, expect, it } from 'vitest';
import { splitByTheme, themeHalf } from './theme-split.js';

const q = (id: string, theme?: string) => ({ id, ...(theme === undefined ? {} : { theme }) });

describe('when splitting questions by theme', () => {
  it('should put every question of a theme in the same half, and the halves together make the whole', () => {
    const questions = ['anger', 'anger', 'patience', 'intoxicants', 'purpose-of-life', 'parents', 'jesus', 'zakat'].map((t, i) => q(String(i), t));
    const tune = splitByTheme(questions, 'tune');
    const report = splitByTheme(questions, 'report');
    expect(tune.length + report.length).toBe(questions.length);
    const tuneThemes = new Set(tune.map((x) => x.theme));
    expect(report.some((x) => tuneThemes.has(x.theme))).toBe(false);
    expect(tune.length).toBeGreaterThan(0);
    expect(report.length).toBeGreaterThan(0);
  });

  it('should give a theme the same half every time (FNV-1a)', () => {
    expect(themeHalf('anger')).toBe(themeHalf('anger'));
    expect([themeHalf(''), themeHalf('a')]).toEqual(['report', 'tune']);
  });

  it('should refuse a question without a theme, naming it', () => {
    expect(() => splitByTheme([q('en-001', 'anger'), q('en-002')], 'tune')).toThrow(/1 question\(s\) have none \(e\.g\. en-002\)/);
  });
});
