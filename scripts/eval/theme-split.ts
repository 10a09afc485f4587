/**
 * Splits a question set by theme into a half to tune on and a half to report, so that no theme
 * (and so no topic of the index) has questions on both sides: a setting chosen on one half is
 * measured on questions about other things. The half is a hash of the theme, stable across runs
 * and independent of the order or number of questions.
 */
export type ThemeHalf = 'tune' | 'report';

/** FNV-1a (32-bit) of the theme's UTF-16 code units; even → tune, odd → report. */
export function themeHalf(theme: string): ThemeHalf {
  let h = 0x811c9dc5;
  for (let i = 0; i < theme.length; i++) {
    h ^= theme.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % 2 === 0 ? 'tune' : 'report';
}

export function splitByTheme<Q extends { readonly id: string; readonly theme?: string }>(questions: readonly Q[], half: ThemeHalf): Q[] {
  const missing = questions.filter((q) => q.theme === undefined);
  if (missing.length > 0)
    throw new Error(`--split ${half} splits by theme, but ${missing.length} question(s) have none (e.g. ${missing[0]!.id}); add "theme" to each line`);
  return questions.filter((q) => themeHalf(q.theme!) === half);
}
