import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

describe('when the plugin is described for WordPress', () => {
  const dir = PLUGIN_DIR;
  it('should name its licence in the readme, as the plugin directory asks', () => {
    const readme = readFileSync(join(dir, 'readme.txt'), 'utf8');
    expect(readme).toMatch(/^License: GPLv2 or later$/m);
    expect(readme).toMatch(/^License URI: https:\/\/www\.gnu\.org\/licenses\/gpl-2\.0\.html$/m);
  });
  it('should remove its settings from every site of a multisite network on uninstall', () => {
    const uninstall = readFileSync(join(dir, 'uninstall.php'), 'utf8');
    expect(uninstall).toMatch(/is_multisite\(\)[\s\S]*get_sites\([\s\S]*switch_to_blog\([\s\S]*delete_option\('quran_dai_settings'\)/);
  });
});
