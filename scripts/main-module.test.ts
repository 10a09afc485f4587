import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isMainModule } from './main-module.js';

describe('when a script asks whether it is the command that was run', () => {
  it('should compare paths, so a checkout under a folder with spaces or accents still runs', () => {
    const path = '/home/imam/my mosque/qurʾān/scripts/build-topics.ts';
    const url = pathToFileURL(path).href;
    expect(url).toContain('%20');
    expect(url === `file://${path}`).toBe(false);
    expect(isMainModule(url, ['node', path])).toBe(true);
    expect(isMainModule(url, ['node', '/home/imam/other.ts'])).toBe(false);
    expect(isMainModule(url, ['node'])).toBe(false);
  });
});
