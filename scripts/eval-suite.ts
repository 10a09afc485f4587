/**
 * `npm run eval:suite [-- --engine lexical] [--index <dir>] [--json out.json]`: convert the
 * external datasets into eval-data/, run every measurement of EVAL.md, print markdown.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { TRANSLATION_LANGS, TRANSLITERATION_KEY } from '../data/corpus/corpus-types.js';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { convertAll } from './eval/convert-all.js';
import { createRetriever } from './eval/create-retriever.js';
import { loadBuiltTopics } from '../data/topics/topic-loader-optional-node.js';
import { ENGINES, type EngineName } from './eval/eval-args.js';
import { runSuite, suiteSteps } from './eval/eval-suite.js';
import { externalDataDir, REPO_ROOT } from './eval/external-data.js';
import { machineInfo } from './eval/machine-info.js';
import { formatVerseDataset } from './eval/verse-dataset.js';

/**
 * The engine's last commit, whether data/search has uncommitted edits, and a hash of its files
 * (numbers then describe the working tree; a hash that changes during the run means the engine
 * was edited while it was measured, and the run must be repeated).
 */
function engineVersion(): { label: string; contentHash: string } {
  const files = readdirSync(join(REPO_ROOT, 'data', 'search'))
    .filter((f) => f.endsWith('.ts'))
    .sort();
  const hash = createHash('sha256');
  for (const f of files) hash.update(f).update(readFileSync(join(REPO_ROOT, 'data', 'search', f)));
  const contentHash = hash.digest('hex').slice(0, 12);
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
    const commit = git('log', '-1', '--format=%h', '--', 'data/search');
    const dirty = git('status', '--porcelain', '--', 'data/search') !== '';
    return { label: `data/search at ${commit}${dirty ? ' + uncommitted edits' : ''} (files ${contentHash})`, contentHash };
  } catch {
    return { label: `data/search (git not available; files ${contentHash})`, contentHash };
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { engine: { type: 'string', default: 'lexical' }, index: { type: 'string' }, json: { type: 'string' } },
    strict: true,
  });
  const engine = values.engine as EngineName;
  if (!ENGINES.includes(engine)) throw new Error(`--engine must be one of ${ENGINES.join(', ')}`);
  const corpus = await loadCorpusFromDir({ tracks: [...TRANSLATION_LANGS, TRANSLITERATION_KEY] });
  const external = externalDataDir();
  const evalData = join(REPO_ROOT, 'eval-data');
  await mkdir(evalData, { recursive: true });
  const converted = await convertAll(
    (p) => readFile(join(external, p), 'utf8'),
    (r) => corpus.parseRef(r),
  );
  for (const [file, result] of Object.entries(converted)) await writeFile(join(evalData, file), formatVerseDataset(result.lines));

  const topics = await loadBuiltTopics((line) => console.error(line));
  const before = engineVersion();
  const rel = (p: string) => relative(process.cwd(), p) || '.';
  const machine = machineInfo();
  const now = new Date();
  const { markdown, outputs } = await runSuite(suiteSteps(rel(external), rel(evalData), engine, values.index), {
    corpus,
    createRetriever: (name) => createRetriever(name, corpus, { ...(values.index ? { index: values.index } : {}), ...(topics ? { topics } : {}) }),
    machine,
    now,
  });
  const after = engineVersion();
  if (after.contentHash !== before.contentHash) {
    console.error('WARNING: data/search changed while the suite ran; these numbers mix two engine versions, run it again');
    process.exitCode = 2;
  }
  console.log(`Measured ${now.toISOString()} on ${machine}; corpus ${corpus.version}; engine ${after.label}\n`);
  console.log(markdown);
  if (values.json) {
    await writeFile(
      values.json,
      JSON.stringify(
        outputs.map((o) => o.output.report),
        null,
        2,
      ) + '\n',
    );
    console.log(`JSON reports: ${values.json}`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
