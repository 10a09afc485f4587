/**
 * Reads every `*.json` in the topic source folder (sorted, so the artefact is reproducible)
 * and checks it against the corpus. A file that is not JSON is reported by name like any other
 * problem.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import type { ReferenceContext } from '../../data/corpus/reference-parser.js';
import type { Topic } from '../../data/topics/topic-types.js';
import { checkTopicSources, type NamedTopicSource, type TopicCheckResult } from '../../data/topics/topic-source-check.js';

export async function readTopicSources(dir: string, corpus: ReferenceContext): Promise<TopicCheckResult> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  } catch {
    return { topics: [], errors: [`${dir}: no topic source folder; it should hold the topic files (data/topics/AUTHORING.md)`] };
  }
  const sources: NamedTopicSource[] = [];
  const errors: string[] = [];
  for (const name of names) {
    const text = await readFile(join(dir, name), 'utf8');
    try {
      sources.push({ file: name, json: JSON.parse(text) });
    } catch (e) {
      errors.push(`${name}: not valid JSON (${(e as Error).message})`);
    }
  }
  if (names.length === 0) errors.push(`${dir}: no topic files (*.json)`);
  const checked = checkTopicSources(sources, corpus);
  return { topics: checked.topics, errors: [...errors, ...checked.errors] };
}

/** The topic sources checked against the built corpus; any problem stops with the whole list. */
export async function readCheckedTopicSources(dir: string): Promise<readonly Topic[]> {
  const corpus = await loadCorpusFromDir({ tracks: [] });
  const { topics, errors } = await readTopicSources(dir, corpus);
  if (errors.length > 0) throw new Error(`the topic index has ${errors.length} problem(s); fix them in ${dir}:\n  ${errors.join('\n  ')}`);
  return topics;
}
