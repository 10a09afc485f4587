/**
 * @module
 * The WordPress plugin as the zip WordPress installs (Plugins → Add New → Upload): every file of
 * widget/wordpress/quran-dai under one `quran-dai/` folder, as WordPress expects. fflate writes
 * the zip (a small, well-kept library: WordPress's unzip needs a standard deflate archive).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { zipSync, type Zippable } from 'fflate';

export const PLUGIN_SLUG = 'quran-dai';

/** The zip's bytes; `mtime` fixes the entries' times so the same sources make the same bytes. */
export function pluginZip(pluginDir: string, mtime = new Date('2026-01-01T00:00:00Z')): Uint8Array {
  const files: Zippable = {};
  for (const path of listFiles(pluginDir)) {
    const name = `${PLUGIN_SLUG}/${relative(pluginDir, path).split(sep).join('/')}`;
    files[name] = [new Uint8Array(readFileSync(path)), { mtime, level: 9 }];
  }
  if (!files[`${PLUGIN_SLUG}/${PLUGIN_SLUG}.php`]) throw new Error(`${pluginDir} has no ${PLUGIN_SLUG}.php: not the plugin's folder`);
  return zipSync(files);
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => (d.isDirectory() ? listFiles(join(dir, d.name)) : [join(dir, d.name)]));
}
