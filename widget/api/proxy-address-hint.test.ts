import { describe, expect, it } from 'vitest';
import { proxyAddressHint } from './proxy-address-hint.js';

describe('when the proxy attribute is checked', () => {
  it.each(['proxy.mosque.org', 'proxy.mosque.org/', 'proxy.mosque.org:8787', 'localhost:8787', 'quran.example/api', ' host.example '])(
    'should say to write https:// in front of "%s"',
    (proxy) => {
      expect(proxyAddressHint(proxy)).toBe(
        `proxy="${proxy}" has no https:// in front, so it is read as a path on this page's own site; if the proxy runs on another host, write proxy="https://${proxy.trim()}"`,
      );
    },
  );

  it("should say to use the proxy's address, not its script's", () => {
    expect(proxyAddressHint('https://proxy.mosque.org/widget/quran-dai.js')).toBe(
      `proxy="https://proxy.mosque.org/widget/quran-dai.js" is the address of the widget's script; set proxy to the proxy's own address, proxy="https://proxy.mosque.org"`,
    );
    expect(proxyAddressHint('/widget/quran-dai.js')).toBe(
      `proxy="/widget/quran-dai.js" is the address of the widget's script; set proxy to the proxy's own address, proxy="/"`,
    );
  });

  it.each(['https://proxy.mosque.org', 'http://localhost:8787', '/quran-dai', './proxy', 'quran-dai', '//proxy.mosque.org'])(
    'should accept "%s" as it is',
    (proxy) => {
      expect(proxyAddressHint(proxy)).toBeUndefined();
    },
  );
});
