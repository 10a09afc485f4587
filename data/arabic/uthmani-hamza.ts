/**
 * Seat the Uthmani hamza the way modern spelling does, so search keys meet what people type.
 *
 * The Uthmani text writes many hamzas bare (ء) or on a tatweel (ـٔ) where modern spelling seats
 * them on a letter: أَرَءَيۡتُمۡ / أرأيتم, يَسۡـَٔلُونَ / يسألون, يَسۡتَهۡزِءُونَ / يستهزئون, رَءُوف / رؤوف,
 * إِسۡرَٰٓءِيل / إسرائيل. The modern rule reads the hamza's vowel and the vowel before it, and the
 * Uthmani text carries both: kasra (or a ي before) → ئ, else damma → ؤ, else fatha → أ; after a
 * long ا or و, and at the end after a long vowel or sukun, it stays ء; after proclitics only
 * (بِـَٔايَٰتِنَا / بآياتنا) it starts its word and sits on an alef. An أ followed by an alef is
 * the madda آ (قُرۡءَان / قرآن, ءَامَنُوا / آمنوا), left for the normaliser's ءا → ا.
 * A hamza without any vowel mark is left alone: that is typed text, not the Uthmani text.
 */

const HAMZA = '\u0621';
const TATWEEL = '\u0640';
const HAMZA_ABOVE = '\u0654';
// The Uthmani text writes open tanween as U+0656 (kasratan), U+065E (dammatan), U+0657 (fathatan).
const KASRA = /[\u0650\u064D\u0656]/;
const DAMMA = /[\u064F\u064C\u065E]/;
const FATHA = /[\u064E\u064B\u0657]/;
/** Any combining mark (harakat, Quranic signs) between letters. */
const MARK = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED]/;
const LETTER = /[\u0621-\u063A\u0641-\u064A\u0671]/;

type Vowel = 'i' | 'u' | 'a' | 'none';

function vowelOf(marks: string): Vowel {
  if (KASRA.test(marks)) return 'i';
  if (DAMMA.test(marks)) return 'u';
  if (FATHA.test(marks)) return 'a';
  return 'none';
}

/** Marks (and tatweels) from `from` on, and where the next letter starts. */
function marksFrom(text: string, from: number): { marks: string; next: number } {
  let i = from;
  while (i < text.length && (MARK.test(text[i]!) || text[i] === TATWEEL)) i++;
  return { marks: text.slice(from, i), next: i };
}

/** One-letter proclitics: و ف ب ل ك س and the question أ. */
const PROCLITIC = /^[وفبلكسأ]$/;

interface Before {
  readonly letter: string;
  readonly marks: string;
  /** Only proclitics come before the hamza in this word, so it starts the word's stem. */
  readonly stemInitial: boolean;
}

/** The letter before position `at` in the same word and its marks, if any. */
function letterBefore(text: string, at: number): Before | undefined {
  let i = at - 1;
  while (i >= 0 && (MARK.test(text[i]!) || text[i] === TATWEEL)) i--;
  if (i < 0 || !LETTER.test(text[i]!)) return undefined;
  let stemInitial = true;
  for (let j = i; j >= 0 && (LETTER.test(text[j]!) || MARK.test(text[j]!) || text[j] === TATWEEL); j--) {
    if (LETTER.test(text[j]!) && !PROCLITIC.test(text[j]!)) stemInitial = false;
  }
  return { letter: text[i]!, marks: text.slice(i + 1, at), stemInitial };
}

function seat(hamzaVowel: Vowel, before: Before, final: boolean, alefNext: boolean): string {
  // After proclitics only, the hamza starts its word and modern text seats it on an alef
  // (بِـَٔايَٰتِنَا → بآياتنا، أَءِذَا → أإذا). Taken only where that is sure, before an alef or right
  // after the question أ: in أَفۡـِٔدَة the letters before are the word's own (أفئدة).
  if (before.stemInitial && (alefNext || before.letter === 'أ')) return alefNext ? HAMZA : 'أ';
  const prevVowel = vowelOf(before.marks);
  // NFC writes alef + madda as آ.
  const alefBefore = before.letter === 'ا' || before.letter === 'آ';
  const longBefore = (alefBefore || before.letter === 'و' || before.letter === 'ي') && prevVowel === 'none';
  if (final) {
    if (longBefore || prevVowel === 'none') return HAMZA;
    return prevVowel === 'i' ? 'ئ' : prevVowel === 'u' ? 'ؤ' : 'أ';
  }
  if (hamzaVowel === 'i' || prevVowel === 'i' || before.letter === 'ي') return 'ئ';
  if (alefBefore || (before.letter === 'و' && longBefore)) return HAMZA;
  if (hamzaVowel === 'u' || prevVowel === 'u') return 'ؤ';
  // أ before an alef is the madda: keep ء so the normaliser's ءا → ا makes it one alef.
  return alefNext ? HAMZA : 'أ';
}

/** Rewrite bare and tatweel hamzas of Uthmani text with their modern seat (marks are kept). */
export function seatUthmaniHamza(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    const tatweelHamza = c === TATWEEL && marksFrom(text, i + 1).marks.includes(HAMZA_ABOVE);
    if (c !== HAMZA && !tatweelHamza) {
      out += c;
      i++;
      continue;
    }
    const { marks, next } = marksFrom(text, i + 1);
    const before = letterBefore(text, i);
    const vowel = vowelOf(marks);
    // Word-initial hamzas (ءَامَنُوا) and unvowelled ones (typed text) are not Uthmani seats to fix.
    if (!before || (vowel === 'none' && !tatweelHamza && !/[\u0652\u06E1]/.test(marks))) {
      out += text.slice(i, next);
      i = next;
      continue;
    }
    const final = next >= text.length || !LETTER.test(text[next]!);
    const alefNext = text[next] === 'ا';
    out += seat(vowel, before, final, alefNext) + marks.replace(HAMZA_ABOVE, '');
    i = next;
  }
  return out;
}
