/**
 * A verse-by-verse explanation (tafsir) in Tanzil's XML form (`<sura index><aya index text/>`),
 * read at build time from `data/sources/explanations/`: one text per verse in mushaf order,
 * checked against the corpus's verse counts so an explanation never lands on the wrong verse.
 * The file is read with one linear scan of its `<sura>` and `<aya>` tags (no XML parser needed
 * for this fixed, flat shape); anything else in it is refused with the line that holds it.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExplanationLang } from '../../data/corpus/corpus-types.js';

/** Where the explanation files the build reads are kept, with their terms in data/sources/sources.json. */
export const EXPLANATION_SOURCE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'sources', 'explanations');

/** The explanation built for each language, by file name in that folder. */
export const EXPLANATION_FILES: Readonly<Record<ExplanationLang, string>> = { ar: 'ar.jalalayn.xml', id: 'id.jalalayn.xml' };

export class TanzilFileError extends Error {
  override readonly name = 'TanzilFileError';
}

const ENTITIES: Readonly<Record<string, string>> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };

/** XML character references and the five named entities; any other `&name;` is refused. */
export function unescapeXml(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-z]{2,4});/g, (whole, body: string) => {
    if (body.startsWith('#x')) return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(Number.parseInt(body.slice(1), 10));
    const named = ENTITIES[body];
    if (named === undefined) throw new TanzilFileError(`unknown XML entity ${whole}`);
    return named;
  });
}

/**
 * One text per verse, in mushaf order.
 * @param verseCounts the corpus's verse count of each surah, in order (114 entries)
 */
export function parseTanzilVerseTexts(xml: string, verseCounts: readonly number[], name = 'the Tanzil file'): string[] {
  const texts: string[] = [];
  let surah = 0;
  let ayah = 0;
  const lineOf = (offset: number) => xml.slice(0, offset).split('\n').length;
  const closeSurah = (at: number) => {
    if (surah > 0 && ayah !== verseCounts[surah - 1]) {
      throw new TanzilFileError(`${name}: surah ${surah} has ${ayah} verses, the corpus ${verseCounts[surah - 1]} (line ${lineOf(at)})`);
    }
  };
  for (const m of xml.matchAll(/<(sura|aya)\b((?:[^>"]|"[^"]*")*)>/g)) {
    const attrs = m[2]!;
    const index = Number(/\bindex="(\d{1,3})"/.exec(attrs)?.[1]);
    if (m[1] === 'sura') {
      closeSurah(m.index);
      if (index !== surah + 1) throw new TanzilFileError(`${name}: surah ${index} follows surah ${surah} (line ${lineOf(m.index)})`);
      surah = index;
      ayah = 0;
      continue;
    }
    if (surah === 0) throw new TanzilFileError(`${name}: a verse outside any surah (line ${lineOf(m.index)})`);
    if (index !== ayah + 1) throw new TanzilFileError(`${name}: verse ${surah}:${index} follows ${surah}:${ayah} (line ${lineOf(m.index)})`);
    const text = /\btext="([^"]*)"/.exec(attrs)?.[1];
    if (text === undefined) throw new TanzilFileError(`${name}: verse ${surah}:${index} has no text (line ${lineOf(m.index)})`);
    const clean = unescapeXml(text).replace(/\s+/g, ' ').trim();
    if (!clean) throw new TanzilFileError(`${name}: verse ${surah}:${index} has an empty text (line ${lineOf(m.index)})`);
    texts.push(clean);
    ayah = index;
  }
  closeSurah(xml.length);
  if (surah !== verseCounts.length) throw new TanzilFileError(`${name}: has ${surah} surahs, the corpus ${verseCounts.length}`);
  return texts;
}

/** The explanation file `fileName` from the sources folder, as one text per verse. */
export async function readTanzilExplanation(fileName: string, verseCounts: readonly number[], dir: string = EXPLANATION_SOURCE_DIR): Promise<string[]> {
  const path = join(dir, fileName);
  let xml: string;
  try {
    xml = await readFile(path, 'utf8');
  } catch (e) {
    throw new TanzilFileError(
      `cannot read the explanation file ${path} (${(e as Error).message}); it is part of the repository, so restore it with git checkout`,
    );
  }
  return parseTanzilVerseTexts(xml, verseCounts, fileName);
}
