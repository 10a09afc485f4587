/**
 * `npm run lint` (run by `npm test`): typescript-eslint's recommended rules, the Lit and
 * web-component rules for the widget, and the layering (scripts/lint/layer-rules.ts). The
 * formatter (Biome, biome.json) keeps the print width; this file keeps the rules.
 */
import type { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import { layerPlugin } from './scripts/lint/layer-plugin.js';

/** A plugin's named flat config; a renamed one fails here, not as a silently missing rule set. */
function pluginConfig(plugin: { configs?: Record<string, unknown> }, name: string): Linter.Config {
  const config = plugin.configs?.[name];
  if (!config) throw new Error(`eslint.config.ts: the plugin has no config named ${name}; check its version`);
  return config as Linter.Config;
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/dist/**',
      'data/models/**',
      'node_modules/**',
      'bench/tmp/**',
      'eval-data/**',
      '.cache/**',
      'proxy/server.mjs',
      'test-results/**',
    ],
  },
  {
    files: ['**/*.ts'],
    extends: [tseslint.configs.recommended],
    rules: {
      // A leading underscore names what is there only to hold a place (an argument, a skipped element).
      // A variable a closure reads before its one assignment (a test's "set later") stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
    },
  },
  // Tests and fake upstreams read wire-format JSON as it comes.
  { files: ['**/*.test.ts', '**/testing/**/*.ts'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  { files: ['widget/**/*.ts'], extends: [pluginConfig(lit, 'flat/recommended'), pluginConfig(wc, 'flat/recommended')] },
  { files: ['**/*.ts'], plugins: { layers: layerPlugin }, rules: { 'layers/imports': 'error' } },
);
