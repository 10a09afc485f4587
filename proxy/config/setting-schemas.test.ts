import { describe, expect, it } from 'vitest';
import { flag, optionalHttpUrl, origins, wholeNumber, workers } from './setting-schemas.js';

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? [] : r.error!.issues.map((i) => i.message));

describe("when one setting's text is checked", () => {
  it('should convert a whole number in range, and name the variable, the value and the range otherwise', () => {
    expect(wholeNumber('PORT', 0, 65535, '8787').parse('8080')).toBe(8080);
    expect(messages(wholeNumber('PORT', 0, 65535, '8787').safeParse('8o8o'))).toStrictEqual([
      'PORT="8o8o" must be a whole number from 0 to 65535 (default 8787)',
    ]);
  });

  it('should read yes/no words in any case, and say what a flag takes', () => {
    expect(flag('TRUST_PROXY').parse('YES')).toBe(true);
    expect(flag('TRUST_PROXY').parse('')).toBe(false);
    expect(messages(flag('TRUST_PROXY').safeParse('Maybe'))).toStrictEqual(['TRUST_PROXY="maybe" must be true or false']);
  });

  it('should give origins as browsers send them, one message per bad entry', () => {
    expect(origins('ALLOWED_ORIGINS').parse('https://Mosque.Example/, http://a.example:8080')).toStrictEqual([
      'https://mosque.example',
      'http://a.example:8080',
    ]);
    expect(messages(origins('ALLOWED_ORIGINS').safeParse('https://a.example/x, ftp://b.example'))).toHaveLength(2);
  });

  it('should take an empty URL as none, and drop a trailing slash', () => {
    const cdn = optionalHttpUrl('DATA_PUBLIC_URL', 'https://cdn.example');
    expect(cdn.parse('')).toBe('');
    expect(cdn.parse('https://cdn.example/q/')).toBe('https://cdn.example/q');
    expect(messages(cdn.safeParse('cdn.example'))).toStrictEqual(['DATA_PUBLIC_URL="cdn.example" must be an http(s) URL, e.g. https://cdn.example']);
  });

  it('should read WORKERS=auto as the cores given', () => {
    expect(workers(6).parse('AUTO')).toBe(6);
    expect(workers(6).parse('2')).toBe(2);
    expect(messages(workers(6).safeParse('0'))).toHaveLength(1);
  });
});
