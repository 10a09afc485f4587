/**
 * `npm run lint` as it runs: the repository's eslint.config.ts on code written for the test, so
 * a deliberate layer violation is shown failing with the configuration that ships.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../proxy/server.js';

async function lint(filePath: string, code: string): Promise<string[]> {
  const [result] = await new ESLint({ cwd: REPO_ROOT }).lintText(code, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('when the repository is linted with its own configuration', () => {
  it('should fail on the data layer importing the proxy', async () => {
    const messages = await lint('data/search/layer-probe.ts', "import { createApp } from '../../proxy/app.js';\nexport const app = createApp;\n");
    expect(messages).toStrictEqual([
      'layers/imports: data/ must not import from proxy/ (proxy/app.js): the data layer imports nothing above it; move the shared code into data/',
    ]);
  });

  it('should fail on widget code importing a Node-only module, and pass the same import from a test', async () => {
    const code = "import { loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';\nexport const load = loadCorpusFromDir;\n";
    expect(await lint('widget/boot/layer-probe.ts', code)).toHaveLength(1);
    expect(await lint('widget/boot/layer-probe.test.ts', code)).toStrictEqual([]);
  });

  it("should apply typescript-eslint's and Lit's rules", async () => {
    const messages = await lint(
      'widget/layer-probe.ts',
      "import { html } from 'lit';\nexport const view = (x: any) => html`<p .title=${x} .title=${x}></p>`;\n",
    );
    expect(messages.map((m) => m.split(':')[0]).sort()).toStrictEqual(['@typescript-eslint/no-explicit-any', 'lit/no-duplicate-template-bindings']);
  });
});
