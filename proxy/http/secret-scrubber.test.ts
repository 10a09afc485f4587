import { describe, expect, it } from 'vitest';
import { createScrubber, REDACTED } from './secret-scrubber.js';

describe('when text contains a secret', () => {
  it('should redact every occurrence of every configured secret', () => {
    const scrub = createScrubber(['sk-live-1234', 'tok-abcd']);
    expect(scrub('key sk-live-1234 and tok-abcd, again sk-live-1234')).toBe(`key ${REDACTED} and ${REDACTED}, again ${REDACTED}`);
  });
  it('should also redact the JSON-escaped form of a secret', () => {
    const scrub = createScrubber(['ab"cd\\ef']);
    expect(scrub(JSON.stringify({ k: 'ab"cd\\ef' }))).toBe(`{"k":"${REDACTED}"}`);
  });
  it('should leave text alone when no secret is configured or a secret is too short to be one', () => {
    expect(createScrubber([])('the key is abc')).toBe('the key is abc');
    expect(createScrubber(['abc', ''])('the key is abc')).toBe('the key is abc');
  });
});
