/**
 * @module
 * Which folder may import which (docs/development.md, "Layers"): data flows one way, from the
 * build scripts through the data layer to the proxy and the widget, so the data layer imports
 * nothing above it, and the proxy and the widget never import each other or the build scripts.
 * Code that runs in the page or on Workers never imports a Node-only module (`*-node.ts`, or a
 * `node:` builtin in the page). Tests may reach further, but only the whole-product tests of the
 * widget start the real proxy: a data test's fake lives in `data/testing/`.
 */
import { dirname, join, normalize } from 'node:path';

export const LAYERS = ['data', 'proxy', 'widget', 'scripts'] as const;
export type Layer = (typeof LAYERS)[number];

/** Layers each layer's shipped code may import (besides itself and npm packages). */
const CODE_MAY_IMPORT: Readonly<Record<Layer, readonly Layer[]>> = {
  data: [],
  proxy: ['data'],
  widget: ['data'],
  scripts: ['data', 'proxy', 'widget'],
};

/**
 * Layers each layer's tests and test support may import. The widget's browser tests run the
 * whole product (the real proxy, the widget built by the build script); the proxy's tests read
 * what the build scripts write (the demo site, the Worker's assets).
 */
const TESTS_MAY_IMPORT: Readonly<Record<Layer, readonly Layer[]>> = {
  data: [],
  proxy: ['data', 'scripts'],
  widget: ['data', 'proxy', 'scripts'],
  scripts: ['data', 'proxy', 'widget'],
};

export interface SourceRole {
  /** The top folder's layer; null for files outside the four (the root's configs, demo/). */
  readonly layer: Layer | null;
  /** A test or test support (`*.test.ts`, `testing/`, `e2e/`): runs in Node, never shipped. */
  readonly test: boolean;
  /** Shipped code that runs in the page or on Workers, never only in Node. */
  readonly runsOutsideNode: boolean;
}

/** The role of a repository path (forward slashes, relative to the repository root). */
export function roleOf(path: string): SourceRole {
  const top = path.split('/')[0] ?? '';
  const layer = (LAYERS as readonly string[]).includes(top) ? (top as Layer) : null;
  const test = /\.test\.ts$/.test(path) || /(^|\/)(testing|e2e)\//.test(path);
  const nodeOnly = /-node\.ts$/.test(path) || path === 'proxy/server.ts';
  const runsOutsideNode = !test && !nodeOnly && (layer === 'widget' || layer === 'data' || path.startsWith('proxy/worker/'));
  return { layer, test, runsOutsideNode };
}

/**
 * Why `specifier`, imported by the file at `fromPath`, breaks the layering; undefined when it
 * may. Both paths are relative to the repository root.
 */
export function importViolation(fromPath: string, specifier: string): string | undefined {
  const from = roleOf(fromPath);
  if (specifier.startsWith('node:')) {
    return from.runsOutsideNode && from.layer !== 'proxy'
      ? `${fromPath} runs in the page and imports ${specifier}: move the Node-only part into a *-node.ts module`
      : undefined;
  }
  if (!specifier.startsWith('.')) return undefined;
  const target = normalize(join(dirname(fromPath), specifier)).replaceAll('\\', '/');
  if (from.runsOutsideNode && /-node\.js$/.test(target)) {
    return `${fromPath} runs in the page or on Workers and imports the Node-only ${target}: pass what it needs in from the Node side`;
  }
  const to = roleOf(target.replace(/\.js$/, '.ts'));
  if (!from.layer || !to.layer || to.layer === from.layer) return undefined;
  const allowed = (from.test ? TESTS_MAY_IMPORT : CODE_MAY_IMPORT)[from.layer];
  if (allowed.includes(to.layer)) return undefined;
  const what = from.test ? `${from.layer}/'s tests` : `${from.layer}/`;
  return `${what} must not import from ${to.layer}/ (${target}): ${advice(from.layer, from.test)}`;
}

function advice(layer: Layer, test: boolean): string {
  if (test) return `test support of ${layer}/ lives in ${layer}/testing/ (or lower)`;
  if (layer === 'data') return 'the data layer imports nothing above it; move the shared code into data/';
  return `${layer}/ reads shared code from data/ only; move it there`;
}
