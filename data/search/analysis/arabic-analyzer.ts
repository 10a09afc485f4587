/**
 * Arabic analysis for the `arabic-search` track and Arabic queries.
 *
 * 1. `normalizeArabic` (harakat, Quranic marks, alef/hamza forms, ى→ي, ة→ه).
 * 2. Stop words (particles, pronouns, question words) are dropped.
 * 3. Light stemming in the spirit of Larkey's Light10: strip a leading و, then one
 *    definite-article clitic (ال وال بال كال فال لل), keeping a minimum stem length.
 *    An imperfect verb with a plural/dual ending (يعلمون، تكفرون، نعبدون، يعملان) loses its person
 *    prefix ي/ت/ن, so it meets its other forms (علموا، كفروا).
 * 4. Alef-insensitive skeleton: every non-initial ا is removed. The Uthmani text drops the
 *    long alef (dagger alef) in many words (`العلمين`, `السموت`, `الكتب`, `ابرهيم`) where people
 *    type `العالمين`, `السماوات`, `الكتاب`, `ابراهيم`; removing it on both sides makes them meet
 *    without a word list. Uthmani also writes `وٰة` for modern `اة` (`الصلوٰة`, `الزكوٰة`); the
 *    normaliser reads that وٰ as ا, and a typed final `وه` (الصلوة) becomes `ه` in the skeleton.
 *    A three-letter word ending in ا also keeps a second key with it (`finalAlefKey`): ربا
 *    (usury) is then not only رب (Lord).
 * 5. Suffixes, on the skeleton: one pronoun suffix (هم هن كم كن ني ه; ها and هما arrive as ه
 *    and هم), then one plural suffix (ون ين ت و ي; ات and وا arrive as ت and و), each only
 *    if at least `ARABIC_MIN_STEM` letters remain. A lone ه or ت is ambiguous (taa marbuta,
 *    pronoun, or a root letter: الجنة must not become الجن), and so are ون/ين
 *    (معين is not a plural of مع), so those keep 3 letters. When a
 *    pronoun went, a final ت is the taa marbuta of a construct (رحمته, صلاتهم) and becomes ه.
 * 0. Before all this, a word of a known collision gets its own key (arabic-stem-splits.ts).
 * The stem is a search key, never shown to anyone.
 *
 * A second, coarser key (`rootArabicWord`) goes further toward the root (derivational prefixes
 * م ت ي ن ا س, a last weak letter, a long vowel inside: مكتوب، الكاتبين، كتاب → كتب; يستغفرون،
 * المغفرة → غفر). The engine blends a light-stem index with a root index: the light stem keeps
 * precision, the root finds the other words of the same family (and a character n-gram index of
 * the light stems, arabic-ngram-analyzer.ts, gives partial credit to the forms neither catches).
 */
import { ARABIC_NORMALIZATION_VERSION, normalizeArabic } from '../../arabic/arabic-normalize.js';
import { ARABIC_STEM_SPLITS, SPLIT_KEY_MARK } from './arabic-stem-splits.js';
import { stripArabicHonorifics } from './honorifics.js';
import { memoizeWord, plainQueryTerms, type QueryTerm, type TextAnalyzer } from './text-analyzer.js';

/** Letters a stem keeps at least; two-letter stems are common (رب from ربكم, صل from الصلاة). */
export const ARABIC_MIN_STEM = 2;

/** Stop words in normalised spelling (أ/إ/آ → ا, ى → ي, ة → ه). */
export const ARABIC_STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'في من علي الي عن ان او ام ثم قد لقد لم لن لا ما و ف ب ل ك هو هي هم هن هما انت انتم انتن نحن انا ' +
    'هذا هذه هذان هولاء ذلك ذالك تلك اولئك اوليك الذي التي الذين اللذين اللتين اللاتي اللتي اللايي كل بعض ' +
    'اذا اذ لو ان انما الا حتي عند مع بل لكن لكم لهم له لها لنا لي به بها بهم منه منها منهم فيه فيها ' +
    'فيهم عليه عليها عليهم عليكم اليه اليها اليهم اليكم يا ايها كان كانوا يكون تكون كنتم قال قالوا قل يقول ' +
    'ماذا لماذا كيف متي اين هل هناك كم اي ايش وما ومن وهو وهي وان وقد ولا ولم فلا فان اذن ' +
    // Question words as people type them: joined (ماهي) and in dialect (ليش، شو، ازاي). None is a Quranic word.
    'ماهي ماهو ماهم ماهن وماهي وماهو ليش ليه شو وش ازاي اشلون فين امتي ' +
    // A particle joined to a pronoun or another particle (فما، بما، عنه), as function-free as the above.
    'فما فمن لمن بما لما فهو فهي فقد ولو كما ليس عنه عنها عليك لك مهما بماذا عما مما ممن فيما منا عنا بنا ويا ' +
    'بان لان كان انه انها انهم انهما بانه بانها بانهم لانه لانهم ' +
    'القران قران القرءان الكريم'
  ).split(' '),
);

/**
 * Words that frame a question about the Quran rather than name its topic ("mention the noble
 * verses that indicate...", "what do the verses say...", "what is the meaning of..."): dropped
 * from queries only. معنى would otherwise meet الماعون and معين through its stem.
 */
export const ARABIC_QUESTION_FRAMING: ReadonlySet<string> = new Set(
  (
    'اذكر اذكري اذكروا الايات الايه ايات ايه الايتين الكريمه الكريمات الكريم الداله الدال تدل يدل دلت ' +
    'ورد وردت يرد المذكوره المذكور المذكورين المذكورون ذكرت تذكر تتحدث يتحدث تحدثت تحدث تشير يشير اشارت ' +
    'سوره السوره بين وضح وضحت ماذا اذكرها المعني معني بمعني'
  ).split(' '),
);

const ARTICLES = ['وال', 'فال', 'بال', 'كال', 'لل', 'ال'] as const;
/** Letters a stem keeps when the suffix is ambiguous: a lone ه or ت, or ون/ين (معين is not a plural of مع). */
export const ARABIC_MIN_STEM_AMBIGUOUS = 3;
type Suffix = readonly [suffix: string, minStem: number];
const TAA_MARBUTA: readonly Suffix[] = [['ه', ARABIC_MIN_STEM_AMBIGUOUS]];
const PRONOUN_SUFFIXES: readonly Suffix[] = [
  ['هم', ARABIC_MIN_STEM],
  ['هن', ARABIC_MIN_STEM_AMBIGUOUS],
  ['كم', ARABIC_MIN_STEM],
  ['كن', ARABIC_MIN_STEM_AMBIGUOUS],
  ['ني', ARABIC_MIN_STEM],
  ['ه', ARABIC_MIN_STEM_AMBIGUOUS],
];
/**
 * A word that ends in نا ("we", "our": تركنا، باركنا) loses its ا with the other long vowels, and
 * its كن/هن would then read as "your"/"their" (feminine): ترك+نا is not تر. Such a word keeps them.
 */
const PRONOUN_SUFFIXES_AFTER_NA: readonly Suffix[] = PRONOUN_SUFFIXES.filter(([s]) => s !== 'هن' && s !== 'كن');
const PLURAL_SUFFIXES: readonly Suffix[] = [
  ['ون', ARABIC_MIN_STEM_AMBIGUOUS],
  ['ين', ARABIC_MIN_STEM_AMBIGUOUS],
  ['ت', ARABIC_MIN_STEM_AMBIGUOUS],
  ['و', ARABIC_MIN_STEM],
  ['ي', ARABIC_MIN_STEM],
];
/** `الله` in any clitic form (لله، بالله، والله، تالله، فلله) is one term, never stemmed to `له`. */
const ALLAH = /^(?:[وفبت]?ا?|[وف]?[بل])لله$/;
/**
 * Imperfect verb (ي ت ن) with a plural or dual ending and at least three letters between: a
 * shorter word is more often a perfect verb whose first letter is its own (تابوا, they repented,
 * is not اب, father).
 */
const IMPERFECT_PLURAL = /^[يتن].{3,}(?:ون|ين|وا|ان)$/;
const ARABIC_WORDS = /[\u0621-\u064A\u066E-\u06D3\u06FA-\u06FF]+/g;

function stripOne(word: string, suffixes: readonly Suffix[]): string {
  for (const [s, min] of suffixes) {
    if (word.length - s.length >= min && word.endsWith(s)) return word.slice(0, -s.length);
  }
  return word;
}

/** The word without a leading و (4+ letters) and one definite article; whether it had the article. */
function withoutConjunctionAndArticle(normalised: string): { rest: string; article: boolean } {
  let w = normalised;
  if (w.length >= 4 && w.startsWith('و')) w = w.slice(1);
  const article = ARTICLES.find((a) => w.startsWith(a) && w.length - a.length >= ARABIC_MIN_STEM);
  return article ? { rest: w.slice(article.length), article: true } : { rest: w, article: false };
}

/**
 * Words whose feminine form is another word than the one the stem and root would make of it,
 * kept whole when they carry the article: الغيبة (backbiting) is not الغيب (the unseen). Without
 * the article the normalised غيبه is as well "his unseen" (72:26), so it is stemmed as usual.
 */
const KEPT_WHOLE: ReadonlySet<string> = new Set(['غيبه']);

/** Skeleton stem of one normalised word (see the module comment for the steps). */
export function stemArabicWord(normalised: string): string {
  if (ALLAH.test(normalised)) return 'الله';
  const split = ARABIC_STEM_SPLITS.get(normalised);
  if (split) return split;
  const front = withoutConjunctionAndArticle(normalised);
  // Topic names reach the index as written (ة), questions and verses normalised (ه).
  const whole = front.rest.replace(/ة$/, 'ه');
  if (front.article && KEPT_WHOLE.has(whole)) return `ال${whole}`;
  let w = front.rest;
  if (!front.article && IMPERFECT_PLURAL.test(w)) w = w.replace(/^س?[يتن]/, '');
  w = w.charAt(0) + w.slice(1).replace(/ا/g, '');
  if (w.length >= 4 && w.endsWith('وه')) w = w.slice(0, -2) + 'ه';
  const bare = stripOne(w, front.rest.endsWith('نا') ? PRONOUN_SUFFIXES_AFTER_NA : PRONOUN_SUFFIXES);
  // رحمته → رحمت → رحمه, then the same ه rule as رحمة, so both give رحم.
  if (bare !== w && bare.length >= ARABIC_MIN_STEM_AMBIGUOUS && bare.endsWith('ت')) return stripOne(bare.slice(0, -1) + 'ه', TAA_MARBUTA);
  w = stripOne(bare, PLURAL_SUFFIXES);
  return w;
}

/** Root-like key of one normalised word: the light stem, cut further toward three letters. */
export function rootArabicWord(normalised: string): string {
  let w = stemArabicWord(normalised);
  if (w === 'الله' || w.startsWith(SPLIT_KEY_MARK) || (w.startsWith('ال') && KEPT_WHOLE.has(w.slice(2)))) return w;
  for (let i = 0; i < 2 && w.length > 3 && /^[متينس]/.test(w); i++) w = w.slice(1);
  if (w.length > 3 && /[هتينو]$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && /^..[وي]/.test(w)) w = w.slice(0, 2) + w.slice(3);
  if (w.length > 3 && /^.[وي]/.test(w)) w = w.slice(0, 1) + w.slice(2);
  return w;
}

/**
 * A second key for a three-letter word (after و and the article) ending in ا, which the skeleton
 * cuts to 2 letters: the word with that ا (ربا usury, عصا staff, دعا). Without it ربا is only رب,
 * the most common word of the Quran (Lord). The skeleton key stays too, because that ا is more
 * often the accusative ending (حقا) that must still meet حق. Empty string when there is none.
 */
export function finalAlefKey(normalised: string): string {
  if (ALLAH.test(normalised)) return '';
  const w = withoutConjunctionAndArticle(normalised).rest;
  return w.length === 3 && w.endsWith('ا') && !w.slice(0, 2).includes('ا') ? w : '';
}

/**
 * A word of four letters or more that ends in a hamza, without it: people type وضو، دعا، قضا، شي
 * for وضوء، دعاء، قضاء، شيء. The index keeps a second key of the word as typed that way; a query
 * keeps only its own key (a query's hamza-free key as a second key cost QUQA 0.002 MAP@20, and
 * the same key for a typed hamza-free word is already the index's second key). Empty string when
 * there is none (ماء, water, is too short: its typed form ما is a particle).
 */
export function withoutFinalHamza(normalised: string): string {
  return normalised.length >= 4 && normalised.endsWith('ء') ? normalised.slice(0, -1) : '';
}

const stem = memoizeWord(stemArabicWord);
const extraKey = memoizeWord(finalAlefKey);
const root = memoizeWord(rootArabicWord);

/** Normalised Arabic words of `text` (any spelling; Latin and digits are ignored). */
export function arabicWords(text: string): string[] {
  return normalizeArabic(text).match(ARABIC_WORDS) ?? [];
}

/** Weight of a clitic reading against the typed word (searched only when the word is unknown). */
export const CLITIC_READING_WEIGHT = 1;
const PROCLITICS = ['ل', 'ب', 'ف', 'ك'] as const;
const ENCLITICS = ['ك', 'نا'] as const;

/**
 * The word with one clitic split off that the light stemmer leaves on (a preposition before an
 * indefinite noun: لقوم، بوعد; "your" and "our": نفسك، ديننا), each leaving at least 3 letters.
 * Query-only fallbacks: a verse is not re-read this way, so لقوم in a verse stays whole.
 */
export function cliticReadings(normalised: string): string[] {
  const out: string[] = [];
  for (const p of PROCLITICS) if (normalised.startsWith(p) && normalised.length - p.length >= 3) out.push(normalised.slice(p.length));
  for (const e of ENCLITICS) if (normalised.endsWith(e) && normalised.length - e.length >= 3) out.push(normalised.slice(0, -e.length));
  return out;
}

function createAnalyzer(id: string, key: (word: string) => string): TextAnalyzer {
  /** The index's second key of a word that ends in a hamza: its key as typed without it ('' when none). */
  const hamzaFreeKey = memoizeWord((w) => {
    const typed = withoutFinalHamza(w);
    const k = typed ? key(typed) : '';
    return k.length >= ARABIC_MIN_STEM ? k : '';
  });
  const keys = (words: readonly string[]): string[] => {
    const out: string[] = [];
    for (const w of words) {
      if (ARABIC_STOP_WORDS.has(w)) continue;
      out.push(key(w));
      const extra = extraKey(w);
      if (extra) out.push(extra);
      const typed = hamzaFreeKey(w);
      if (typed) out.push(typed);
    }
    return out;
  };
  const terms = (text: string): string[] => keys(arabicWords(text));
  // The `arabic-search` track is normalised at build time (normalizeArabic is idempotent).
  const indexTerms = (text: string): string[] => keys(text.match(ARABIC_WORDS) ?? []);
  const queryTerms = (text: string): QueryTerm[] => {
    const words = arabicWords(stripArabicHonorifics(text)).filter((w) => !ARABIC_STOP_WORDS.has(w) && !ARABIC_QUESTION_FRAMING.has(w));
    // A query of only stop words still means something: search its words as typed.
    if (words.length === 0) return plainQueryTerms(arabicWords(text).map(key));
    const terms = plainQueryTerms(words.map(key));
    const groupOf = new Map(terms.map((q) => [q.term, q.group]));
    for (const w of words) {
      const extra = extraKey(w);
      if (!extra || groupOf.has(extra)) continue;
      const group = groupOf.get(key(w))!;
      groupOf.set(extra, group);
      terms.push({ term: extra, weight: 1, group });
    }
    for (const w of words) {
      const group = groupOf.get(key(w))!;
      for (const reading of cliticReadings(w)) {
        const term = key(reading);
        if (groupOf.has(term)) continue;
        groupOf.set(term, group);
        terms.push({ term, weight: CLITIC_READING_WEIGHT, group, fallback: true });
      }
    }
    return terms;
  };
  return { id, terms, indexTerms, queryTerms };
}

/** Light stems (precise). */
export function createArabicAnalyzer(): TextAnalyzer {
  return createAnalyzer(`ar-light-n${ARABIC_NORMALIZATION_VERSION}`, stem);
}

/** Root-like keys (broad). */
export function createArabicRootAnalyzer(): TextAnalyzer {
  return createAnalyzer(`ar-root-n${ARABIC_NORMALIZATION_VERSION}`, root);
}
