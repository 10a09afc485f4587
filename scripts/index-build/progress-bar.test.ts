import { describe, expect, it } from 'vitest';
import { formatProgress } from './progress-bar.js';

describe('when formatting build progress', () => {
  it('should show the bar, percent, counts, time and eta', () => {
    expect(formatProgress({ done: 25, total: 100, elapsedMs: 5000, label: 'verses' }, 10)).toBe('[###.......]  25% 25/100 verses 5.0s eta 15s');
    expect(formatProgress({ done: 100, total: 100, elapsedMs: 2000, label: 'verses' }, 4)).toBe('[####] 100% 100/100 verses 2.0s');
  });
});
