/**
 * Names in the site owner's `.env` that no part of quran-dai reads: `ALLOWED_ORIGIN=` or
 * `XAI_APIKEY=` would otherwise be ignored without a word, and the proxy would start without
 * the setting the owner thinks they made. Only the file's own names are checked, never the
 * whole environment (which holds PATH, HOME and the rest).
 */

export interface UnknownEnvKey {
  readonly key: string;
  /** The known name it most likely meant, when one is close. */
  readonly suggestion?: string;
}

/** Known names, from `.env.example` (which documents every variable): `NAME=` lines, commented out or not. */
export function envExampleKeys(exampleText: string): Set<string> {
  return new Set([...exampleText.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
}

/** Names Node, npm and the system read, which a `.env` may set for good reason. */
const GENERAL = /^(?:NODE_[A-Z0-9_]*|npm_[a-z0-9_]*|TZ|DEBUG|LANG|LC_[A-Z]+|HTTPS?_PROXY|NO_PROXY|UV_THREADPOOL_SIZE)$/;

export function unknownEnvKeys(fileKeys: readonly string[], known: ReadonlySet<string>): UnknownEnvKey[] {
  return fileKeys
    .filter((key) => !known.has(key) && !GENERAL.test(key))
    .map((key) => {
      const suggestion = closest(key, known);
      return suggestion ? { key, suggestion } : { key };
    });
}

/** The warning for the console, one line per name. */
export function unknownEnvKeysWarning(unknown: readonly UnknownEnvKey[], file: string): string | undefined {
  if (unknown.length === 0) return undefined;
  const lines = unknown.map((u) => `  - ${u.key}${u.suggestion ? ` (did you mean ${u.suggestion}?)` : ''}`);
  return `quran-dai: ${file} sets names that nothing reads, so they have no effect:\n${lines.join('\n')}\n  .env.example lists every name.`;
}

/** A known name within a few edits (typos, a missing S or underscore), or undefined. */
function closest(key: string, known: ReadonlySet<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(key.length / 5)) + 1;
  for (const name of known) {
    // Names are short (< 40 characters): the quadratic edit distance is a few microseconds each.
    const d = editDistance(key, name);
    if (d < bestDistance) {
      bestDistance = d;
      best = name;
    }
  }
  return best;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}
