/**
 * @module
 * Keeps configured secrets (API keys, tokens) out of log lines and error texts: every
 * occurrence, raw or JSON-escaped, becomes `[redacted]`.
 */

export const REDACTED = '[redacted]';

/** Secrets shorter than this are not scrubbed: they would redact ordinary words. */
const MIN_SECRET_LENGTH = 4;

/** Replaces every occurrence of every secret (and its JSON-escaped form) with `[redacted]`. */
export function createScrubber(secrets: readonly string[]): (text: string) => string {
  const needles = [...new Set(secrets.filter((s) => s.length >= MIN_SECRET_LENGTH).flatMap((s) => [s, JSON.stringify(s).slice(1, -1)]))];
  if (needles.length === 0) return (t) => t;
  return (text) => {
    let out = text;
    for (const n of needles) if (out.includes(n)) out = out.split(n).join(REDACTED);
    return out;
  };
}
