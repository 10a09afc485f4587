import { describe, expect, it } from 'vitest';
import { clientBlockKey, isIpLiteral, isLoopbackAddress, normalizeIp, parseIpv6 } from './ip-address.js';

describe('when an IPv6 address is parsed', () => {
  it('should expand :: and read a dotted IPv4 tail, brackets and a zone', () => {
    expect(parseIpv6('2001:db8::1')).toStrictEqual([0x2001, 0xdb8, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('[fe80::1%eth0]')).toStrictEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(parseIpv6('::ffff:1.2.3.4')).toStrictEqual([0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]);
    expect(parseIpv6('::')).toStrictEqual([0, 0, 0, 0, 0, 0, 0, 0]);
  });
  it('should refuse what is not an address', () => {
    for (const bad of ['1.2.3.4', 'localhost', '1::2::3', ':1', '1:2:3:4:5:6:7:8:9', '12345::', '::ffff:1.2.3.999', '1:2:3:4:5:6:7::8']) {
      expect(parseIpv6(bad), bad).toBeNull();
    }
  });
});

describe('when a client address becomes a rate-limit key', () => {
  it('should count every address of one IPv6 /64 as one client', () => {
    const keys = ['2001:db8:1:2::1', '2001:db8:1:2:dead:beef:0:7', '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '[2001:db8:1:2::99%en0]'].map(clientBlockKey);
    expect(new Set(keys)).toStrictEqual(new Set(['2001:db8:1:2::/64']));
    expect(clientBlockKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });
  it('should treat an IPv4-mapped IPv6 address as the IPv4 client it is', () => {
    expect(clientBlockKey('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(clientBlockKey('::ffff:c633:6407')).toBe('198.51.100.7');
    expect(clientBlockKey('198.51.100.7')).toBe('198.51.100.7');
    expect(clientBlockKey('198.51.100.8')).toBe('198.51.100.8');
  });
  it('should bound a key that is not an address', () => {
    expect(clientBlockKey('x'.repeat(500))).toHaveLength(64);
    expect(clientBlockKey('unknown')).toBe('unknown');
  });
});

describe('when addresses are classified', () => {
  it('should know loopback in every form', () => {
    for (const a of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '::2', '2001:db8::1', 'unknown', '']) expect(isLoopbackAddress(a), a).toBe(false);
  });
  it('should tell IP literals from DNS names', () => {
    expect(isIpLiteral('192.168.1.5')).toBe(true);
    expect(isIpLiteral('[::1]')).toBe(true);
    expect(isIpLiteral('evil.example')).toBe(false);
    expect(isIpLiteral('1.2.3.4.evil.example')).toBe(false);
  });
  it('should normalise without changing IPv4 or non-addresses', () => {
    expect(normalizeIp('::FFFF:10.0.0.1')).toBe('10.0.0.1');
    expect(normalizeIp('2001:DB8::A')).toBe('2001:db8:0:0:0:0:0:a');
    expect(normalizeIp(' 10.0.0.1 ')).toBe('10.0.0.1');
  });
});
