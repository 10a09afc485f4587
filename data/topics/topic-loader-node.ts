/**
 * Node-side loader (proxy, scripts): reads `data/dist/topics`, checks the file against its
 * manifest's sha256 and returns a `TopicIndex`.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256Hex } from '../corpus/content-hash.js';
import { parseTopicFile, parseTopicManifest, TopicDataError } from './topic-file-parser.js';
import { TopicIndex } from './topic-index.js';

export const DEFAULT_TOPICS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'topics');

export async function loadTopicsFromDir(dir: string = DEFAULT_TOPICS_DIR): Promise<TopicIndex> {
  let manifestText: string;
  try {
    manifestText = await readFile(join(dir, 'manifest.json'), 'utf8');
  } catch {
    throw new TopicDataError(`no topic index at ${dir}; run npm run build:topics first`);
  }
  const manifest = parseTopicManifest(JSON.parse(manifestText));
  const bytes = await readFile(join(dir, manifest.file.path));
  if ((await sha256Hex(bytes)) !== manifest.file.sha256)
    throw new TopicDataError(`${manifest.file.path} does not match its manifest's sha256; run npm run build:topics again`);
  return TopicIndex.fromFile(parseTopicFile(JSON.parse(new TextDecoder().decode(bytes)), manifest.count), manifest.version);
}
