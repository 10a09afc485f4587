/**
 * @module
 * The layering (layer-rules.ts) as an ESLint rule, `layers/imports`: every static import,
 * re-export and `import()` of a string is checked against the importing file's layer.
 */
import { relative } from 'node:path';
import type { Rule } from 'eslint';
import { importViolation } from './layer-rules.js';

const imports: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'keep data, proxy, widget and scripts in their layers (docs/development.md)' },
    schema: [],
  },
  create(context) {
    const path = relative(context.cwd, context.filename).replaceAll('\\', '/');
    const check = (node: Rule.Node, source: unknown): void => {
      if (typeof source !== 'string') return;
      const message = importViolation(path, source);
      if (message) context.report({ node, message });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => check(node, node.source?.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => check(node, node.source.type === 'Literal' ? node.source.value : undefined),
    };
  },
};

export const layerPlugin = { meta: { name: 'quran-dai-layers' }, rules: { imports } };
