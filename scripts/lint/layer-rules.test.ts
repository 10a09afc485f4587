import { describe, expect, it } from 'vitest';
import { importViolation, roleOf } from './layer-rules.js';

describe('when a file is placed in a layer', () => {
  it('should tell shipped code, tests and code that runs outside Node apart', () => {
    expect(roleOf('data/search/search-engine.ts')).toStrictEqual({ layer: 'data', test: false, runsOutsideNode: true });
    expect(roleOf('data/corpus/corpus-loader-node.ts')).toStrictEqual({ layer: 'data', test: false, runsOutsideNode: false });
    expect(roleOf('data/testing/fake-gemini.ts')).toStrictEqual({ layer: 'data', test: true, runsOutsideNode: false });
    expect(roleOf('widget/e2e/demo-page.test.ts')).toStrictEqual({ layer: 'widget', test: true, runsOutsideNode: false });
    expect(roleOf('proxy/worker/worker-app.ts')).toStrictEqual({ layer: 'proxy', test: false, runsOutsideNode: true });
    expect(roleOf('proxy/app.ts')).toStrictEqual({ layer: 'proxy', test: false, runsOutsideNode: false });
    expect(roleOf('vite.config.ts')).toStrictEqual({ layer: null, test: false, runsOutsideNode: false });
  });
});

describe('when an import crosses layers', () => {
  it('should refuse the data layer importing anything above it, in its tests too', () => {
    expect(importViolation('data/search/search-engine.ts', '../../proxy/app.js')).toMatch(/^data\/ must not import from proxy\/ \(proxy\/app\.js\)/);
    expect(importViolation('data/embed/gemini-embedder.test.ts', '../../proxy/testing/fake-xai.js')).toMatch(/test support of data\/ lives in data\/testing\//);
    expect(importViolation('data/search/search-engine.ts', '../../scripts/eval/eval.js')).toBeDefined();
    expect(importViolation('data/search/search-engine.ts', '../../widget/quran-dai.js')).toBeDefined();
  });

  it('should refuse the proxy and the widget importing each other or the build scripts', () => {
    expect(importViolation('proxy/app.ts', '../widget/quran-dai.js')).toBeDefined();
    expect(importViolation('proxy/app.ts', '../scripts/build-corpus.js')).toBeDefined();
    expect(importViolation('widget/asking/ask-controller.ts', '../../proxy/chat/answer-signer.js')).toBeDefined();
    expect(importViolation('widget/asking/ask-controller.ts', '../../scripts/start.js')).toBeDefined();
    expect(importViolation('proxy/routes/chat-route.test.ts', '../../widget/testing/e2e/e2e-stack.js')).toBeDefined();
  });

  it("should let each layer read the data layer, and the widget's tests run the real proxy", () => {
    expect(importViolation('proxy/app.ts', '../data/corpus/corpus.js')).toBeUndefined();
    expect(importViolation('widget/asking/ask-controller.ts', '../../data/search/search-engine.js')).toBeUndefined();
    expect(importViolation('widget/testing/e2e/e2e-stack.ts', '../../../proxy/server.js')).toBeUndefined();
    expect(importViolation('scripts/bench-proxy.ts', '../widget/testing/e2e/launch-chromium.js')).toBeUndefined();
    expect(importViolation('data/search/search-engine.ts', 'lit')).toBeUndefined();
  });
});

describe('when code that runs in the page imports Node-only code', () => {
  it('should refuse a *-node module and node: builtins in the page, and allow them in Node', () => {
    expect(importViolation('data/topics/topic-loader.ts', './topic-loader-node.js')).toMatch(/imports the Node-only data\/topics\/topic-loader-node\.js/);
    expect(importViolation('widget/boot/boot-controller.ts', 'node:fs')).toMatch(/runs in the page and imports node:fs/);
    expect(importViolation('proxy/worker/worker-app.ts', '../../data/corpus/corpus-loader-node.js')).toBeDefined();
    expect(importViolation('data/topics/topic-loader-optional-node.ts', './topic-loader-node.js')).toBeUndefined();
    expect(importViolation('data/answer-check/answer-check.test.ts', '../corpus/corpus-loader-node.js')).toBeUndefined();
    expect(importViolation('proxy/server.ts', '../data/corpus/corpus-loader-node.js')).toBeUndefined();
  });
});
