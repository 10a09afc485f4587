/**
 * Which language a query is written in, so it searches the matching text track.
 * Script decides first (Arabic/Urdu, Han, Bengali, Cyrillic). Latin-script languages are told
 * apart by a cheap vote of distinctive function words and letters; the caller's `lang` hint
 * (the widget's UI language) breaks ties and decides when nothing votes.
 */
import { TRANSLATION_LANGS, type TranslationLang } from '../../corpus/corpus-types.js';
import { foldLatin } from '../analysis/text-analyzer.js';
import { looksTransliterated } from '../analysis/transliteration-analyzer.js';

/**
 * `ar` searches the normalised Arabic, `translit` the English transliteration (a verse typed
 * as it sounds), the others their translation.
 */
export type SearchLanguage = 'ar' | 'translit' | TranslationLang;
/** The corpus text track a language searches. */
export type SearchTrack = 'arabic-search' | 'translit' | TranslationLang;

type LatinLang = 'en' | 'fr' | 'es' | 'id' | 'tr' | 'sv';
const LATIN_LANGS: readonly LatinLang[] = ['en', 'fr', 'es', 'id', 'tr', 'sv'];

/** Function words that occur in one of the Latin-script languages only (shared ones like `de`, `la`, `en` are left out). */
const VOTE_WORDS: Readonly<Record<LatinLang, ReadonlySet<string>>> = {
  en: new Set('the and of is are what does about how why who with this that for to be was were do can my me'.split(' ')),
  fr: new Set('le les des du et est qui dans pour une pourquoi comment quoi quel quelle sur au aux ce cette il elle nous vous je ne pas dieu'.split(' ')),
  es: new Set('el los las del y es por para una como porque cual sobre al lo su se dios que'.split(' ')),
  id: new Set('yang dan di ke dari ini itu dengan untuk apa bagaimana tentang adalah apakah tidak mengapa kepada'.split(' ')),
  tr: new Set('ve bir bu ile icin ne nedir nasıl hakkında mı mi mu neden ayet kuran allah’ın'.split(' ')),
  sv: new Set('och att det som ar pa av for med vad hur varfor om inte jag gud'.split(' ')),
};
/** Letters that give a language away (checked before accents are folded). */
const VOTE_LETTERS: ReadonlyArray<readonly [LatinLang, RegExp]> = [
  ['tr', /[ığşİ]/g],
  ['sv', /[å]/g],
  ['es', /[ñ¿¡]/g],
  ['fr', /[çœèêùûîïë]/g],
];

// ٹ ڈ ڑ ں ۃ ے ۓ: letters Arabic never uses. ہ and ھ are not here: Arabic typed on Urdu or
// Persian keyboards produces them too (116 of QUQA's 2,009 Arabic questions have one).
const URDU_LETTERS = /[\u0679\u0688\u0691\u06BA\u06C3\u06D2\u06D3]/;
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;

/** BCP-47 tag or bare code → a supported search language, or undefined. */
export function languageFromHint(hint: string | undefined): SearchLanguage | undefined {
  if (!hint) return undefined;
  const code = hint.trim().toLowerCase().split(/[-_]/)[0];
  if (code === 'ar') return 'ar';
  if (code === 'in') return 'id';
  return (TRANSLATION_LANGS as readonly string[]).includes(code ?? '') ? (code as TranslationLang) : undefined;
}

/** The language of `query`; `hint` is the UI language (any BCP-47 tag). */
export function detectQueryLanguage(query: string, hint?: string): SearchLanguage {
  const hinted = languageFromHint(hint);
  if (ARABIC_SCRIPT.test(query)) return hinted === 'ur' || URDU_LETTERS.test(query) ? 'ur' : 'ar';
  if (/\p{Script=Han}/u.test(query)) return 'zh';
  if (/\p{Script=Bengali}/u.test(query)) return 'bn';
  if (/\p{Script=Cyrillic}/u.test(query)) return 'ru';
  if (looksTransliterated(query)) return 'translit';
  return detectLatinLanguage(query, hinted);
}

function detectLatinLanguage(query: string, hinted: SearchLanguage | undefined): LatinLang {
  const votes = new Map<LatinLang, number>(LATIN_LANGS.map((l) => [l, 0]));
  for (const [lang, letters] of VOTE_LETTERS) votes.set(lang, votes.get(lang)! + (query.match(letters)?.length ?? 0));
  for (const word of foldLatin(query).split(/[^\p{L}’']+/u)) {
    for (const lang of LATIN_LANGS) if (VOTE_WORDS[lang].has(word)) votes.set(lang, votes.get(lang)! + 1);
  }
  const best = Math.max(...votes.values());
  const hintedLatin = LATIN_LANGS.find((l) => l === hinted);
  if (best === 0) return hintedLatin ?? 'en';
  const leaders = LATIN_LANGS.filter((l) => votes.get(l) === best);
  if (hintedLatin && leaders.includes(hintedLatin)) return hintedLatin;
  return leaders.length === 1 ? leaders[0]! : leaders.includes('en') ? 'en' : leaders[0]!;
}

export function trackForLanguage(lang: SearchLanguage): SearchTrack {
  return lang === 'ar' ? 'arabic-search' : lang;
}
