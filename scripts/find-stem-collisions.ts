/**
 * `npm run find:stem-collisions -- [--track en|ar|fr|…] [--floor 0.8] [--top 60]`: lists words the track's
 * keyword analyzer folds onto one term although the local multilingual-e5-small model (`npm run
 * model:e5`) reads them as far apart in meaning. The words are those of the track's translation,
 * of the topic index in that language and of the project's own visitor question sets. Read the
 * list; a true collision goes into the analyzer's split list (english-stem-splits.ts) with a test.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { TRANSLATION_LANGS, type TranslationLang } from '../data/corpus/corpus-types.js';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { englishWords } from '../data/search/analysis/english-analyzer.js';
import { translationWords, type OtherLang } from '../data/search/analysis/translation-analyzer.js';
import { analyzerForTrack } from '../data/search/index/lexical-indexes.js';
import { normalizeArabic } from '../data/arabic/arabic-normalize.js';
import { openServerEmbedder } from '../data/embed/openai-compatible-manifest.js';
import { startE5Server } from './e5/e5-server.js';
import { REPO_ROOT } from './widget-build/build-widget-bundle.js';
import { findCollisions, groupByTerm } from './stem-collisions/stem-collisions.js';

/** Every string under key `lang` anywhere in a topic source file (names, keywords, example questions). */
function stringsIn(value: unknown, lang: string, inLang = false, out: string[] = []): string[] {
  if (typeof value === 'string') {
    if (inLang) out.push(value);
  } else if (Array.isArray(value)) {
    for (const v of value) stringsIn(v, lang, inLang, out);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) stringsIn(v, lang, inLang || k === lang, out);
  }
  return out;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { track: { type: 'string', default: 'en' }, floor: { type: 'string', default: '0.8' }, top: { type: 'string', default: '60' } },
  });
  const track = values.track as TranslationLang | 'ar';
  if (track !== 'ar' && (!TRANSLATION_LANGS.includes(track) || track === 'zh'))
    throw new Error(`--track must be ar or one of ${TRANSLATION_LANGS.filter((l) => l !== 'zh').join(', ')} (Chinese has no stemming)`);
  const words = (text: string) =>
    track === 'ar'
      ? normalizeArabic(text)
          .split(/[^\p{L}]+/u)
          .filter(Boolean)
      : track === 'en'
        ? englishWords(text)
        : translationWords(track as OtherLang, text);
  const counts = new Map<string, number>();
  const count = (text: string) => {
    for (const w of words(text)) counts.set(w, (counts.get(w) ?? 0) + 1);
  };
  const corpus = await loadCorpusFromDir({ tracks: track === 'ar' ? [] : [track] });
  for (const text of corpus.trackTexts(track === 'ar' ? 'arabic-search' : track)) count(text);
  const topicDir = join(REPO_ROOT, 'data', 'topics', 'source');
  for (const f of await readdir(topicDir)) if (f.endsWith('.json')) stringsIn(JSON.parse(await readFile(join(topicDir, f), 'utf8')), track).forEach(count);
  const setsDir = join(REPO_ROOT, 'scripts', 'eval', 'visitor-questions');
  for (const f of await readdir(setsDir)) {
    if (!f.endsWith('.jsonl')) continue;
    for (const line of (await readFile(join(setsDir, f), 'utf8')).split('\n')) {
      if (!line.trim()) continue;
      const q = JSON.parse(line) as { lang?: string; question?: string };
      if (q.lang === track && q.question) count(q.question);
    }
  }
  const analyzer = analyzerForTrack(track === 'ar' ? 'arabic-search' : track);
  const groups = groupByTerm(counts, (w) => {
    const terms = analyzer.terms(w);
    return terms.length === 1 ? terms[0] : undefined;
  });
  const toEmbed = [...new Set(groups.flatMap((g) => g.words.slice(0, 6)))];
  console.error(`${counts.size} words, ${groups.length} terms shared by two or more words; embedding ${toEmbed.length} words with multilingual-e5-small…`);
  const server = await startE5Server();
  try {
    const { embedder } = await openServerEmbedder({ baseURL: server.baseURL, model: server.model, inputType: true });
    const vectors = new Map<string, Float32Array>();
    for (let i = 0; i < toEmbed.length; i += 64) {
      const batch = toEmbed.slice(i, i + 64);
      (await embedder.embed(batch, 'query')).forEach((v, j) => vectors.set(batch[j]!, v));
    }
    const found = findCollisions(groups, (w) => vectors.get(w), Number(values.floor));
    console.log(`| term | least similar words (cosine) | all words, most frequent first |\n|---|---|---|`);
    for (const c of found.slice(0, Number(values.top)))
      console.log(`| ${c.term} | ${c.a} / ${c.b} (${c.cosine.toFixed(3)}) | ${c.words.slice(0, 8).join(', ')} |`);
    console.error(`${found.length} suspect terms below cosine ${values.floor}`);
  } finally {
    await server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(`find:stem-collisions failed: ${(e as Error).message}`);
  process.exit(1);
});
