import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../widget-build/build-widget-bundle.js';
import { pluginZip } from './plugin-zip.js';

const PLUGIN_DIR = join(REPO_ROOT, 'widget', 'wordpress', 'quran-dai');

describe('when the WordPress plugin is zipped', () => {
  it('should hold every file of the plugin under one quran-dai/ folder, as WordPress installs it', () => {
    const names = Object.keys(unzipSync(pluginZip(PLUGIN_DIR))).sort();
    expect(names).toStrictEqual(['quran-dai/block.js', 'quran-dai/quran-dai.php', 'quran-dai/readme.txt', 'quran-dai/uninstall.php']);
  });

  it('should make the same bytes from the same files', () => {
    expect(Buffer.from(pluginZip(PLUGIN_DIR)).equals(Buffer.from(pluginZip(PLUGIN_DIR)))).toBe(true);
  });

  it('should refuse a folder that is not the plugin', () => {
    const dir = mkdtempSync(join(tmpdir(), 'not-a-plugin-'));
    writeFileSync(join(dir, 'index.php'), '<?php');
    expect(() => pluginZip(dir)).toThrow(/has no quran-dai\.php/);
  });
});
