/**
 * `npm run build:wordpress`: writes dist/wordpress/quran-dai.zip, the WordPress plugin
 * (widget/wordpress/quran-dai), ready for Plugins → Add New → Upload Plugin.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginZip } from './wordpress-build/plugin-zip.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const WORDPRESS_ZIP = join(ROOT, 'dist', 'wordpress', 'quran-dai.zip');

const bytes = pluginZip(join(ROOT, 'widget', 'wordpress', 'quran-dai'));
mkdirSync(dirname(WORDPRESS_ZIP), { recursive: true });
writeFileSync(WORDPRESS_ZIP, bytes);
console.log(`quran-dai: ${WORDPRESS_ZIP} (${(bytes.byteLength / 1024).toFixed(1)} KiB); upload it in WordPress under Plugins → Add New → Upload Plugin`);
