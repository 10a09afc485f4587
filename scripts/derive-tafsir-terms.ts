/**
 * `npm run derive:tafsir-terms -- --from <checkout of github.com/spa5k/tafsir_api>`: derives each
 * verse's most distinctive words from four medieval commentaries (tafsir-terms.ts) into
 * data/sources/explanations/ar.tafsir-terms.txt, which `npm run build:corpus` reads. Run once when
 * the derivation changes; the commentaries themselves are never copied into the project.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EXPLANATION_SOURCE_DIR } from './corpus-build/tanzil-explanation-source.js';
import { readQuranJson } from './corpus-build/quran-json-source.js';
import { TAFSIR_EDITIONS, TAFSIR_TERMS_FILE, TERMS_PER_VERSE, distinctiveTerms, formatTafsirTerms } from './corpus-build/tafsir-terms.js';
import { isMainModule } from './main-module.js';

interface VerseCommentary {
  readonly surah: number;
  readonly ayah: number;
  readonly text: string;
}

/** A surah's file (`<slug>/<surah>.json`), or undefined when it is absent or unreadable. */
async function readSurahFile(path: string): Promise<readonly VerseCommentary[] | undefined> {
  try {
    return (JSON.parse(await readFile(path, 'utf8')) as { ayahs: VerseCommentary[] }).ayahs;
  } catch {
    return undefined;
  }
}

/** The same surah from its one-verse files (`<slug>/<surah>/<ayah>.json`, the layout's other form), when every one is there. */
async function readVerseFiles(dir: string, count: number): Promise<readonly VerseCommentary[] | undefined> {
  const ayahs: VerseCommentary[] = [];
  for (let a = 1; a <= count; a++) {
    try {
      ayahs.push(JSON.parse(await readFile(join(dir, `${a}.json`), 'utf8')) as VerseCommentary);
    } catch {
      return undefined;
    }
  }
  return ayahs;
}

/**
 * Per verse (mushaf order), the commentaries' texts on it. A passage on a group of verses is
 * repeated on each of them in these files: it counts once, for the group's first verse.
 * @returns the texts and the surah files an edition lacks
 */
export async function readCommentaries(root: string, verseCounts: readonly number[]): Promise<{ texts: string[][]; missing: string[] }> {
  const first = verseCounts.map((_, s) => verseCounts.slice(0, s).reduce((x, y) => x + y, 0));
  const texts: string[][] = Array.from({ length: first.at(-1)! + verseCounts.at(-1)! }, () => []);
  const missing: string[] = [];
  for (const edition of TAFSIR_EDITIONS) {
    for (let s = 1; s <= verseCounts.length; s++) {
      const path = join(root, 'tafsir', edition.slug, `${s}.json`);
      const ayahs = (await readSurahFile(path)) ?? (await readVerseFiles(join(root, 'tafsir', edition.slug, `${s}`), verseCounts[s - 1]!));
      if (!ayahs) {
        missing.push(`${edition.slug}/${s}.json`);
        continue;
      }
      let previous = '';
      for (const a of [...ayahs].sort((x, y) => x.ayah - y.ayah)) {
        if (a.surah !== s || a.ayah < 1 || a.ayah > verseCounts[s - 1]!) throw new Error(`${path}: verse ${a.surah}:${a.ayah} is not in surah ${s}`);
        if (a.text !== previous) texts[first[s - 1]! + a.ayah - 1]!.push(a.text);
        previous = a.text;
      }
    }
  }
  return { texts, missing };
}

if (isMainModule(import.meta.url)) {
  const { values } = parseArgs({ options: { from: { type: 'string' } }, strict: true });
  if (!values.from) throw new Error('usage: npm run derive:tafsir-terms -- --from <checkout of github.com/spa5k/tafsir_api>');
  const verseCounts = (await readQuranJson()).surahs.map((s) => s.arabic.length);
  const { texts, missing } = await readCommentaries(values.from, verseCounts);
  if (missing.length === verseCounts.length * TAFSIR_EDITIONS.length)
    throw new Error(`no commentary found under ${values.from}/tafsir/; is it a checkout of spa5k/tafsir_api?`);
  if (missing.length > 0) console.warn(`missing (their verses take words from the other commentaries): ${missing.join(', ')}`);
  const header = [
    `Each verse's ${TERMS_PER_VERSE} most distinctive words in four medieval commentaries (tf-idf over their words; scripts/corpus-build/tafsir-terms.ts):`,
    TAFSIR_EDITIONS.map((e) => e.name).join(', ') + ' (public-domain works), as published by quran.com and collected in github.com/spa5k/tafsir_api.',
    'Derived words only, searched with each verse and never shown. Regenerate with: npm run derive:tafsir-terms -- --from <checkout>',
    ...(missing.length > 0 ? [`Files absent from the checkout used: ${missing.join(', ')}`] : []),
  ];
  const out = join(EXPLANATION_SOURCE_DIR, TAFSIR_TERMS_FILE);
  await writeFile(out, formatTafsirTerms(distinctiveTerms(texts), verseCounts, header));
  console.log(`wrote ${out}`);
}
