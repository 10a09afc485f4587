/**
 * @module
 * Words the medieval commentaries use for each verse, derived once from their texts and kept in
 * `data/sources/explanations/ar.tafsir-terms.txt`; the corpus build attaches them to the Arabic
 * explanation as search words (searched with the verse, never shown). Visitors ask in the words
 * of a ruling, a person or an event (الغيبة، التجسس، الجزية); the verse holds none of them, its
 * commentaries do. Only the derived words are kept: no sentence of the commentaries is shipped.
 *
 * A verse's words are the ones its commentaries use most distinctively: count × rarity across
 * all verses (tf-idf), the first `TERMS_PER_VERSE`, after leaving out the words of a chain of
 * narrators and the commonest function words. Kept at 10 after measuring 10-80 (EVAL.md): more
 * words helped QUQA a little and cost Task A, and an Arabic reader downloads them after the first
 * results (about 230 KiB gzip).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { normalizeArabic } from '../../data/arabic/arabic-normalize.js';

/** The kept file, in data/sources/explanations. */
export const TAFSIR_TERMS_FILE = 'ar.tafsir-terms.txt';

/** How many words each verse keeps. */
export const TERMS_PER_VERSE = 10;

/**
 * The commentaries read (all public-domain works of the 10th-14th centuries). Collections also
 * carry modern, copyrighted works under old names (a "Tanwir al-Miqbas" holding Ibn Ashur,
 * al-Wasit, al-Muyassar, as-Sa'di): they are never read.
 */
export const TAFSIR_EDITIONS = [
  { slug: 'ar-tafsir-ibn-kathir', name: 'Ibn Kathir (d. 1373)' },
  { slug: 'ar-tafsir-al-tabari', name: 'al-Tabari (d. 923)' },
  { slug: 'ar-tafsir-al-baghawi', name: 'al-Baghawi (d. 1122)' },
  { slug: 'ar-tafseer-al-qurtubi', name: 'al-Qurtubi (d. 1273)' },
] as const;

/** The words of a chain of narrators (حدثنا، عن، ابن…), its common names, and function words: in every verse's commentary, asked about by no one. */
const LEFT_OUT = new Set(
  `حدثنا حدثني أخبرنا أخبرني أنبأنا سمعت قال قالت قالوا يقول يقال عن بن ابن أبي أبو أبا بنت رضي عنه عنها عنهم الله صلى عليه وسلم
  رسول النبي تعالى قوله وقوله الآية هذه هذا ذلك التي الذي الذين في من على إلى أن إن كان كانت وكان ما لا لم لن قد ثم أو أي إذا إذ حتى
  هو هي هم هن كل بعض غير بين عند مع فيه فيها منه منها به بها له لها لهم عليهم إنه أنه وهو وهي فقال فقالت وقال وقالت يعني يريد وأما
  أما وإن فإن ولا وما ومن وفي وعن وعلى رواه روى أخرجه ذكر وذكر محمد عبد عبدالله عباس هريرة عمر عائشة مسعود إسحاق مجاهد قتادة السدي
  الضحاك عكرمة الحسن جرير حاتم مردويه البخاري مسلم أحمد الترمذي النسائي داود ماجه حديث الحديث إسناد رجل امرأة يوم نزلت أنزلت نزل أنزل
  فنزلت فأنزل سبب نزول`
    .split(/\s+/)
    .filter(Boolean)
    .map(normalizeArabic),
);

/** A commentary's words as search keys them: normalised Arabic, three letters or more, without the left-out words. */
export function commentaryWords(text: string): string[] {
  return normalizeArabic(text)
    .split(/[^\u0621-\u064A]+/)
    .filter((w) => w.length > 2 && !LEFT_OUT.has(w));
}

/**
 * Each verse's most distinctive commentary words (tf-idf: (1 + ln count) × ln(verses / verses
 * whose commentary uses it)), best first; ties keep the order the words first appear in, and a
 * word in every verse's commentary is no mark of any.
 * @param commentaries per verse (mushaf order), the commentaries' texts on it
 */
export function distinctiveTerms(commentaries: readonly (readonly string[])[], perVerse = TERMS_PER_VERSE): string[][] {
  const counts = commentaries.map((texts) => {
    const c = new Map<string, number>();
    for (const t of texts) for (const w of commentaryWords(t)) c.set(w, (c.get(w) ?? 0) + 1);
    return c;
  });
  const versesWith = new Map<string, number>();
  for (const c of counts) for (const w of c.keys()) versesWith.set(w, (versesWith.get(w) ?? 0) + 1);
  const n = commentaries.length;
  return counts.map((c) =>
    [...c]
      .map(([w, k], order) => ({ w, order, score: (1 + Math.log(k)) * Math.log(n / versesWith.get(w)!) }))
      .filter((e) => e.score > 0)
      .sort((a, b) => b.score - a.score || a.order - b.order)
      .slice(0, perVerse)
      .map((e) => e.w),
  );
}

export class TafsirTermsFileError extends Error {
  override readonly name = 'TafsirTermsFileError';
}

/** The kept file: `#` lines say where it comes from, then one `surah|ayah|words` line per verse. */
export function formatTafsirTerms(terms: readonly (readonly string[])[], verseCounts: readonly number[], header: readonly string[]): string {
  const total = verseCounts.reduce((x, y) => x + y, 0);
  if (terms.length !== total) throw new TafsirTermsFileError(`${terms.length} verses of words for a corpus of ${total} verses`);
  const lines = header.map((h) => `# ${h}`);
  let i = 0;
  verseCounts.forEach((count, s) => {
    for (let a = 1; a <= count; a++) lines.push(`${s + 1}|${a}|${terms[i++]!.join(' ')}`);
  });
  return lines.join('\n') + '\n';
}

/** One space-separated string of words per verse, in mushaf order; a missing, extra or misplaced verse is refused with its line. */
export function parseTafsirTerms(text: string, verseCounts: readonly number[], name = 'the tafsir terms file'): string[] {
  const out: string[] = [];
  let surah = 1;
  let ayah = 0;
  text.split('\n').forEach((line, i) => {
    if (line === '' || line.startsWith('#')) return;
    const m = /^(\d{1,3})\|(\d{1,3})\|([\u0621-\u064A ]*)$/.exec(line);
    if (!m) throw new TafsirTermsFileError(`${name}, line ${i + 1}: expected "surah|ayah|Arabic words"`);
    const [s, a] = [Number(m[1]), Number(m[2])];
    if (ayah === verseCounts[surah - 1]) [surah, ayah] = [surah + 1, 0];
    if (s !== surah || a !== ayah + 1) throw new TafsirTermsFileError(`${name}, line ${i + 1}: ${s}:${a} where ${surah}:${ayah + 1} belongs`);
    ayah = a;
    out.push(m[3]!.trim());
  });
  const total = verseCounts.reduce((x, y) => x + y, 0);
  if (out.length !== total)
    throw new TafsirTermsFileError(`${name} has ${out.length} verses, the corpus ${total}; derive it again with npm run derive:tafsir-terms`);
  return out;
}

/** The kept file from the sources folder (`dir`), one string of words per verse. */
export async function readTafsirTerms(verseCounts: readonly number[], dir: string): Promise<string[]> {
  const path = join(dir, TAFSIR_TERMS_FILE);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    throw new TafsirTermsFileError(`cannot read ${path} (${(e as Error).message}); it is part of the repository, so restore it with git checkout`);
  }
  return parseTafsirTerms(text, verseCounts, TAFSIR_TERMS_FILE);
}
