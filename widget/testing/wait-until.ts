/** Wait for a condition in element and worker tests: vitest's own poller, one shared wording. */
import { vi } from 'vitest';

export function waitUntil(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  return vi.waitFor(
    () => {
      if (!condition()) throw new Error('condition not met in time');
    },
    { timeout: timeoutMs, interval: 5 },
  );
}
