/**
 * @module
 * `Accept-Encoding` read as RFC 9110 §12.5.3 says: a coding is acceptable when its own q-value,
 * or else the `*` one, is above 0. Shared by the compression middleware (which coding to encode
 * with) and the static files (whether a brotli copy may be sent).
 */

/** Whether the client takes each coding (`br`, `gzip`…), the header read once. */
export function acceptedEncodings(acceptEncoding: string | undefined): (coding: string) => boolean {
  const q = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    q.set(name, qParam ? Number(qParam.slice(2)) || 0 : 1);
  }
  return (coding) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
}

/** True when the client takes `coding`. */
export function acceptsEncoding(acceptEncoding: string | undefined, coding: string): boolean {
  return acceptedEncodings(acceptEncoding)(coding);
}
