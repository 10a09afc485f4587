/**
 * @module
 * Reading client IP addresses as the proxy's limits need them: an IPv4-mapped IPv6 address
 * (`::ffff:1.2.3.4`, what a dual-stack socket reports) is the IPv4 client it maps; an IPv6
 * client is one /64, because a home or phone connection is given a whole /64 and can pick a
 * fresh address from it for every request.
 */

/** The 8 16-bit groups of an IPv6 address, or null when `text` is not one. Accepts `[…]`, a zone (`%eth0`) and a dotted IPv4 tail. */
export function parseIpv6(text: string): number[] | null {
  let s = text.trim();
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(':') || s.length > 45) return null;
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    // A dotted IPv4 tail is the last two groups written another way.
    const v4 = parseIpv4(last);
    if (!v4) return null;
    s = `${s.slice(0, lastColon + 1)}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    for (const g of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      out.push(parseInt(g, 16));
    }
    return out;
  };
  const head = groups(halves[0]!);
  const rest = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !rest) return null;
  const known = head.length + rest.length;
  if (halves.length === 1) return known === 8 ? head : null;
  if (known > 7) return null;
  return [...head, ...new Array<number>(8 - known).fill(0), ...rest];
}

/** The 4 bytes of a dotted IPv4 address, or null. */
export function parseIpv4(text: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text.trim());
  if (!m) return null;
  const bytes = m.slice(1).map(Number);
  return bytes.every((b) => b <= 255) ? bytes : null;
}

/** `::ffff:a.b.c.d` (or its hex form) as `a.b.c.d`; other IPv6 addresses in lower case without brackets or zone; anything else unchanged. */
export function normalizeIp(address: string): string {
  const v6 = parseIpv6(address);
  if (!v6) return address.trim();
  if (v6.slice(0, 5).every((g) => g === 0) && v6[5] === 0xffff) {
    return [v6[6]! >> 8, v6[6]! & 0xff, v6[7]! >> 8, v6[7]! & 0xff].join('.');
  }
  return v6.map((g) => g.toString(16)).join(':');
}

/**
 * The key one client is counted under: an IPv4 address as is, an IPv6 address as its /64
 * (`2001:db8:1:2::/64`). Anything that is not an address (a garbled forwarded header) is
 * cut to 64 characters so it cannot grow the limiter's memory.
 */
export function clientBlockKey(address: string): string {
  const ip = normalizeIp(address);
  if (parseIpv4(ip)) return ip;
  const v6 = parseIpv6(ip);
  if (v6)
    return `${v6
      .slice(0, 4)
      .map((g) => g.toString(16))
      .join(':')}::/64`;
  return ip.slice(0, 64);
}

/** True for 127.0.0.0/8, `::1` and their IPv4-mapped forms. */
export function isLoopbackAddress(address: string): boolean {
  const ip = normalizeIp(address);
  const v4 = parseIpv4(ip);
  if (v4) return v4[0] === 127;
  const v6 = parseIpv6(ip);
  return v6 !== null && v6.slice(0, 7).every((g) => g === 0) && v6[7] === 1;
}

/** True when `hostname` (no port; IPv6 may be bracketed) is an IP literal rather than a DNS name. */
export function isIpLiteral(hostname: string): boolean {
  return parseIpv4(hostname) !== null || parseIpv6(hostname) !== null;
}
