/**
 * @module
 * JSON for one log line that a log viewer shows as one line, left to right: `JSON.stringify`
 * leaves U+2028/U+2029 (line breaks to many viewers and to JavaScript before ES2019) and the
 * bidirectional controls (U+202A–202E, U+2066–2069, which can make a line read backwards)
 * unescaped, and a visitor's question or comment can carry them. They are written as `\uXXXX`
 * escapes instead: the same JSON value, read back unchanged.
 */
const LINE_UNSAFE = /[\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

export function logSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(LINE_UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
