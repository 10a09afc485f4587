/**
 * Prints each topic (or each evaluation question) beside the full text of the verses it
 * names, in Saheeh International's English, so a person reads every verse next to its topic
 * before marking the topic reviewed. Unknown references are printed as such.
 *
 *   npx tsx scripts/topics-review.ts data/topics/source/<file>.json [topic-id ...]
 *   npx tsx scripts/topics-review.ts <questions>.jsonl
 */
import { readFile } from 'node:fs/promises';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { refsInRange } from '../data/corpus/verse-range.js';

const [file, ...only] = process.argv.slice(2);
if (!file) {
  console.error('usage: npx tsx scripts/topics-review.ts <topics.json | questions.jsonl> [id ...]');
  process.exit(2);
}
const corpus = await loadCorpusFromDir({ tracks: ['en'] });
const text = await readFile(file, 'utf8');
interface Item {
  id: string;
  title: string;
  verses: string[];
}
const items: Item[] = file.endsWith('.jsonl')
  ? text
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l))
      .map((q) => ({ id: q.id, title: `[${q.lang}] ${q.question}`, verses: q.relevant }))
  : (JSON.parse(text).topics as { id: string; names: { en: string[] }; verses: string[] }[]).map((t) => ({
      id: t.id,
      title: t.names.en.join(' | '),
      verses: t.verses,
    }));
for (const item of items) {
  if (only.length && !only.includes(item.id)) continue;
  console.log(`\n=== ${item.id}: ${item.title}`);
  for (const v of item.verses) {
    try {
      for (const ref of refsInRange(corpus.parseRef(v))) {
        console.log(`  ${ref.surah}:${ref.ayah}  ${corpus.verse(ref).translation ?? ''}`);
      }
    } catch (e) {
      console.log(`  ${v}  !! ${(e as Error).message}`);
    }
  }
}
