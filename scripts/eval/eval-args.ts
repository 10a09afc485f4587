/**
 * Command-line options of `npm run eval`, parsed and checked once.
 */
import { parseArgs } from 'node:util';
import { DEFAULT_SEARCH_OPTIONS, type SearchEngineOptions } from '../../data/search/search-engine.js';

export const ENGINES = ['lexical', 'hybrid', 'dense', 'plain-bm25'] as const;
export type EngineName = (typeof ENGINES)[number];
export const FORMATS = ['taskA', 'verses'] as const;
export type DatasetFormat = (typeof FORMATS)[number];
/** Task A: `dev`, `train`. A verse set with themes: `tune` or `report` (theme-split.ts); `all` (the default for verse sets). */
export const SPLITS = ['dev', 'train', 'tune', 'report', 'all'] as const;
export type Split = (typeof SPLITS)[number];

export interface EvalOptions {
  /** Task A: the `quran-qa-2023-taskA` folder. Verses: a JSONL file. */
  readonly dataset: string;
  readonly format: DatasetFormat;
  readonly k: number;
  readonly engine: EngineName;
  readonly split: Split;
  readonly json?: string;
  /** Task A only: score this TREC run file instead of running an engine. */
  readonly run?: string;
  /** Task A only: also write the engine's passage run here (TREC format). */
  readonly writeRun?: string;
  /** Hybrid and dense: the vector index directory (holding its manifest). */
  readonly index?: string;
  /**
   * Hybrid and dense: `e5` starts the bundled multilingual-e5-small server (npm run model:e5) and
   * uses its index, building it first when it is missing. Without it, `--index` names the index.
   */
  readonly embedder?: 'e5';
  /** Also report the plain BM25 baseline next to the engine. Default true. */
  readonly baseline: boolean;
  /** lexical/hybrid: overrides of the engine's default options (ablations), e.g. `{"arabicNgramWeight":0}`. */
  readonly engineOptions?: Partial<SearchEngineOptions>;
  /**
   * Verse sets: a JSON file of verses that must not be in the first ten of a question that does not
   * ask about them (`{"categories": {"name": ["S:A", …]}}` or a list): the report counts the
   * questions whose first ten hold none of them.
   */
  readonly avoid?: string;
}

export const EVAL_USAGE = `usage: npm run eval -- --dataset <path> [--format taskA|verses] [--k 10]
       [--engine lexical|hybrid|plain-bm25] [--split dev|train (Task A) | tune|report|all (verse sets with themes)] [--json out.json]
       [--run run.tsv] [--write-run out.tsv] [--index <dir> | --embedder e5] [--no-baseline]
       [--engine-options '{"arabicNgramWeight":0,"coverageExponent":{}}']`;

function oneOf<T extends string>(value: string, allowed: readonly T[], flag: string): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new Error(`--${flag} must be one of ${allowed.join(', ')}; got "${value}"\n${EVAL_USAGE}`);
  }
  return value as T;
}

/** A JSON object whose keys are engine options (values are checked by createSearchEngine). */
export function parseEngineOptions(json: string): Partial<SearchEngineOptions> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`--engine-options must be a JSON object, e.g. '{"arabicNgramWeight":0}'; got ${json}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`--engine-options must be a JSON object, e.g. '{"arabicNgramWeight":0}'; got ${json}`);
  }
  const known = Object.keys(DEFAULT_SEARCH_OPTIONS);
  const unknown = Object.keys(value).filter((key) => !known.includes(key));
  if (unknown.length > 0) throw new Error(`--engine-options: unknown option ${unknown.join(', ')}; known: ${known.join(', ')}`);
  return value as Partial<SearchEngineOptions>;
}

/** `format` defaults from the path: a `.jsonl` file is the verse format, anything else Task A. */
export function parseEvalArgs(argv: readonly string[]): EvalOptions {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      dataset: { type: 'string' },
      format: { type: 'string' },
      k: { type: 'string', default: '10' },
      engine: { type: 'string', default: 'lexical' },
      split: { type: 'string' },
      json: { type: 'string' },
      run: { type: 'string' },
      'write-run': { type: 'string' },
      index: { type: 'string' },
      embedder: { type: 'string' },
      'no-baseline': { type: 'boolean', default: false },
      'engine-options': { type: 'string' },
      avoid: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!values.dataset) throw new Error(`--dataset is required\n${EVAL_USAGE}`);
  const format = oneOf(values.format ?? (values.dataset.endsWith('.jsonl') ? 'verses' : 'taskA'), FORMATS, 'format');
  const k = Number(values.k);
  if (!Number.isInteger(k) || k < 1) throw new Error(`--k must be a positive integer; got "${values.k}"`);
  if (format === 'taskA' && k !== 10) throw new Error('--k is fixed at 10 for Task A (the official cut-off); drop --k or use --format verses');
  if (values.run && format !== 'taskA') throw new Error('--run scores a TREC passage run and needs --format taskA');
  const engine = oneOf(values.engine!, ENGINES, 'engine');
  if (values.embedder !== undefined && values.embedder !== 'e5')
    throw new Error(
      `--embedder must be e5 (the bundled multilingual-e5-small server); got "${values.embedder}"; for another server build an index and pass --index`,
    );
  if (values.embedder && values.index) throw new Error('--embedder e5 picks its own index; drop --index');
  if ((values.embedder || values.index) && engine !== 'hybrid' && engine !== 'dense')
    throw new Error(`--index and --embedder go with --engine hybrid or dense, not ${engine}`);
  const engineOptions = values['engine-options'] === undefined ? undefined : parseEngineOptions(values['engine-options']);
  if (engineOptions && engine === 'plain-bm25') throw new Error('--engine-options sets options of the lexical or hybrid engine; plain-bm25 has none');
  return {
    dataset: values.dataset,
    format,
    k,
    engine,
    split: splitFor(format, values.split),
    ...(values.json ? { json: values.json } : {}),
    ...(values.run ? { run: values.run } : {}),
    ...(values['write-run'] ? { writeRun: values['write-run'] } : {}),
    ...(values.index ? { index: values.index } : {}),
    ...(values.embedder ? { embedder: 'e5' as const } : {}),
    baseline: !values['no-baseline'],
    ...(engineOptions ? { engineOptions } : {}),
    ...(values.avoid ? { avoid: values.avoid } : {}),
  };
}

function splitFor(format: DatasetFormat, value: string | undefined): Split {
  const split = oneOf(value ?? (format === 'taskA' ? 'dev' : 'all'), SPLITS, 'split');
  if (format === 'taskA' && split !== 'dev' && split !== 'train') throw new Error(`--split ${split} is for verse sets with themes; Task A has dev and train`);
  if (format === 'verses' && (split === 'dev' || split === 'train')) throw new Error(`--split ${split} is Task A's; a verse set takes tune, report or all`);
  return split;
}
