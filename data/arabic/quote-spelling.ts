/**
 * The form in which an Arabic quotation is compared with a verse: its letters, exactly, and the
 * short vowel of each letter where one is written.
 *
 * The Uthmani text and the modern spelling people type write the same verse differently, so only
 * true spelling variants are folded:
 * - the Uthmani rasm is rewritten as modern spelling writes it (`modernRasm`: the joined vocative,
 *   وٰ for a long a, ىٰ and a small ya inside a word, the hamza's seat);
 * - the dagger alef is the alef modern spelling writes (ٱلۡكِتَٰبُ / الكتاب, ٱلۡمَوَٰزِينَ / الموازين),
 *   except in the few words modern spelling writes without it too (ذلك، هذا، لكن، الرحمن، إله…);
 * - alef forms (أ إ آ ٱ → ا), alef maqsura and ya (ى → ي), ta marbuta and ha (ة → ه), the hamza's
 *   seats (ؤ ئ ء → ء), madda, tatweel, shadda, sukun and the Quran's annotation marks.
 * Everything else counts: a missing or extra letter, a changed word, a leading و the verse lacks.
 * Vowels: fatha, damma, kasra and the three tanween (the Uthmani open tanween and the small meem of
 * iqlab read as tanween), compared where both texts write one, so a changed case ending is seen and
 * a quote written without marks still matches. Linear in the text.
 */
import { modernRasm } from './arabic-normalize.js';

/** A text's letters (words joined by one space) and, position by position, the vowel written on each letter or `NO_VOWEL`. */
export interface ArabicQuoteForm {
  readonly letters: string;
  readonly vowels: string;
}

/** In `vowels`: no vowel written on this letter (or a space). */
export const NO_VOWEL = '.';

const FATHA = '\u064E';
const DAMMA = '\u064F';
const KASRA = '\u0650';
const FATHATAN = '\u064B';
const DAMMATAN = '\u064C';
const KASRATAN = '\u064D';
/** The Uthmani text's open tanween (U+0657 fathatan, U+065E dammatan, U+0656 kasratan) read as tanween. */
const VOWEL_OF: Readonly<Record<string, string>> = {
  [FATHA]: FATHA,
  [DAMMA]: DAMMA,
  [KASRA]: KASRA,
  [FATHATAN]: FATHATAN,
  [DAMMATAN]: DAMMATAN,
  [KASRATAN]: KASRATAN,
  '\u0657': FATHATAN,
  '\u065E': DAMMATAN,
  '\u0656': KASRATAN,
};
/** A short vowel followed by the small meem of iqlab (U+06E2 high, U+06ED low) is its tanween. */
const TANWEEN_OF: Readonly<Record<string, string>> = { [FATHA]: FATHATAN, [DAMMA]: DAMMATAN, [KASRA]: KASRATAN };

const LETTER_FOLD: Readonly<Record<string, string>> = {
  '\u0622': 'ا', // آ: the madda (ءا in the Uthmani text)
  '\u0671': 'ا', // ٱ
  '\u0672': 'ا',
  '\u0673': 'ا',
  '\u0649': 'ي', // ى
  '\u06CC': 'ي', // Persian/Urdu ی
  '\u0629': 'ه', // ة
  '\u0624': 'ء', // ؤ
  '\u0626': 'ء', // ئ
  '\u06A9': 'ك', // Persian/Urdu ک
};
/** A small waw or ya inside a word is a written letter in modern spelling (دَاوُۥدَ / داوود); at a word's end only a lengthening. */
const SMALL_LETTER: Readonly<Record<string, string>> = { '\u06E5': 'و', '\u06E6': 'ي', '\u06E7': 'ي' };

/**
 * Words that modern spelling, too, writes without the alef the dagger alef stands for, as their
 * letters read without it (after the folds above): the demonstratives, لكن، أولئك، the name of
 * God and إله، الرحمن. A prefix (the question's أ, و ف ب ك ل, the article), a suffix pronoun or
 * the alef of an accusative tanween does not change that.
 */
const HIDDEN_ALEF_STEMS = [
  'هذا',
  'هذه',
  'هذان',
  'هذين',
  'هءلاء',
  'هكذا',
  'ذلك',
  'ذلكم',
  'ذلكما',
  'ذلكن',
  'لكن',
  'اولءك',
  'اله',
  'الهه',
  'الهكم',
  'الهنا',
  'الهي',
  'الهك',
  'الهين',
  'الرحمن',
  'لرحمن',
  'لله',
  'الله',
  'اللهم',
];
// After a prefix the stem's first hamza is no longer at the word's start, so it reads ء, not ا.
const HIDDEN_ALEF = new RegExp(
  `^ا?(?:[وف]?(?:ب|ك|ل|ال)?)?(?:${HIDDEN_ALEF_STEMS.map((s) => (s.startsWith('ا') ? `[اء]${s.slice(1)}` : s)).join('|')})(?:ه|هم|هما|هن|ك|كم|كما|كن|نا|ي|ا)?$`,
);

interface Unit {
  letter: string;
  vowel: string;
  /** A dagger alef: an alef in modern spelling, unless its word is one written without it. */
  dagger?: boolean;
  /** A hamza written on no seat (ء): with an alef after it, the Uthmani spelling of the madda. */
  bare?: boolean;
}

/** An Arabic letter the comparison keeps (by code point: this runs over the whole Quran). */
function isLetter(c: number): boolean {
  return (c >= 0x621 && c <= 0x63a) || (c >= 0x641 && c <= 0x64a) || (c >= 0x671 && c <= 0x673) || c === 0x6a9 || c === 0x6cc;
}

/** Letters and vowels of one word (a run without spaces), the dagger alef decided. */
function wordUnits(word: string): Unit[] {
  const units: Unit[] = [];
  // Where the word's last letter is: a silent alef or a small waw or ya after it ends the word.
  let lastLetter = word.length - 1;
  while (lastLetter >= 0 && !isLetter(word.charCodeAt(lastLetter))) lastLetter--;
  for (let i = 0; i < word.length; i++) {
    const ch = word[i]!;
    const code = word.charCodeAt(i);
    const last = units[units.length - 1];
    if (code === 0x623 || code === 0x625) {
      // A hamza on an alef: an alef at the start of a word (where it is often typed bare), a hamza inside one.
      units.push({ letter: 'ء', vowel: NO_VOWEL });
    } else if (code === 0x653) {
      // A madda on a hamza (ٱلۡأٓخِرَةِ) is the madda of modern spelling (الآخرة).
      if (last?.letter === 'ء') last.letter = 'ا';
    } else if (code === 0x654 || code === 0x655) {
      // A hamza written as a mark above or below its seat (the Uthmani text: ٱلۡمَلَإِ).
      if (last) last.letter = 'ء';
    } else if ((code === 0x652 || code === 0x6df) && last?.letter === 'ا' && units.length > 1 && i > lastLetter) {
      // A silent alef at a word's end (ثَمُودَاْ): modern spelling writes none.
      units.pop();
    } else if (isLetter(code)) {
      // The Uthmani text spells the madda as hamza + alef (ءَامَنُوا); modern spelling writes آمنوا.
      if (code === 0x627 && last?.letter === 'ء' && last.bare) {
        last.letter = 'ا';
        continue;
      }
      units.push(code === 0x621 ? { letter: 'ء', vowel: NO_VOWEL, bare: true } : { letter: LETTER_FOLD[ch] ?? ch, vowel: NO_VOWEL });
    } else if (code === 0x670) {
      // After an alef maqsura (عَلَىٰ، موسىٰ) the dagger only marks how it is read.
      if (last && last.letter === 'ي' && word.charCodeAt(i - 1) === 0x649) continue;
      // After a hamza it is the madda (سَوۡءَٰتِهِمَا / سوآتهما).
      if (last?.letter === 'ء') {
        last.letter = 'ا';
        continue;
      }
      units.push({ letter: 'ا', vowel: NO_VOWEL, dagger: true });
    } else if (code >= 0x6e5 && code <= 0x6e7) {
      // At the end only a lengthening, but after a ya a written ya (يُحۡيِۦ / يحيي).
      if (i < lastLetter || (code !== 0x6e5 && last?.letter === 'ي')) units.push({ letter: SMALL_LETTER[ch]!, vowel: NO_VOWEL });
    } else if (code >= 0x64b && code <= 0x65e) {
      const vowel = VOWEL_OF[ch];
      if (vowel !== undefined && last && last.vowel === NO_VOWEL) last.vowel = vowel;
    } else if (code === 0x6e2 || code === 0x6ed) {
      // A short vowel followed by the small meem of iqlab is its tanween.
      if (last && TANWEEN_OF[last.vowel] !== undefined) last.vowel = TANWEEN_OF[last.vowel]!;
    }
    // Everything else (shadda, sukun, madda, tatweel, annotation marks, punctuation) is not compared.
  }
  // A tanween written on the alef after the letter (نفساً) belongs to the letter before it (نفسًا).
  for (let i = 1; i < units.length; i++) {
    if (units[i]!.letter === 'ا' && units[i]!.vowel === FATHATAN && units[i - 1]!.vowel === NO_VOWEL) {
      units[i - 1]!.vowel = FATHATAN;
      units[i]!.vowel = NO_VOWEL;
    }
  }
  // The imperative of سأل after و or ف: the Uthmani text writes no alef (فَسۡـَٔلُوا), modern spelling one (فاسألوا).
  if (
    units.length > 3 &&
    (units[0]!.letter === 'ف' || units[0]!.letter === 'و') &&
    units[1]!.letter === 'ا' &&
    units[2]!.letter === 'س' &&
    units[3]!.letter === 'ء'
  )
    units.splice(1, 1);
  // A hamza that starts a word sits on an alef, which is often typed bare (ان for إن).
  if (units[0]?.letter === 'ء') units[0].letter = 'ا';
  // The alef written after a final waw (يدعوا، أولوا، يبدؤا) is silent, and modern spelling often leaves it out.
  const end = units.length - 1;
  if (end > 0 && units[end]!.letter === 'ا' && !units[end]!.dagger && (units[end - 1]!.letter === 'و' || units[end - 1]!.letter === 'ء')) units.pop();
  if (units.some((u) => u.dagger)) {
    const withoutDagger = units.filter((u) => !u.dagger);
    if (HIDDEN_ALEF.test(withoutDagger.map((u) => u.letter).join(''))) return withoutDagger;
  }
  return units;
}

/** Anything but Arabic letters and marks (spaces, digits, punctuation) separates words. */
const NOT_IN_WORD = /[^\u0610-\u061A\u0621-\u065F\u0670-\u06D3\u06D5-\u06ED\u0640\u08D3-\u08FF]+/u;

/** The comparable form of Arabic text, Uthmani or typed. */
export function arabicQuoteForm(text: string): ArabicQuoteForm {
  let letters = '';
  let vowels = '';
  for (const word of modernRasm(text).split(NOT_IN_WORD)) {
    const units = wordUnits(word);
    if (units.length === 0) continue;
    if (letters) {
      letters += ' ';
      vowels += NO_VOWEL;
    }
    for (const u of units) {
      letters += u.letter;
      vowels += u.vowel;
    }
  }
  return { letters, vowels };
}

/** Do the vowels of a quote agree with those of the text it was found in, from `at`? Only where both write one. */
export function vowelsAgree(quote: string, text: string, at: number): boolean {
  for (let i = 0; i < quote.length; i++) {
    const q = quote[i]!;
    const t = text[at + i];
    if (q !== NO_VOWEL && t !== undefined && t !== NO_VOWEL && q !== t) return false;
  }
  return true;
}
