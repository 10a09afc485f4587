/**
 * Search over the English transliteration track, for visitors who type a verse the way they
 * heard it ("qul huwa allahu ahad", "inna lillahi wa inna ilayhi rajiun"). Spellings vary
 * (the track writes ʿayn as AA, long vowels as ee/oo, the article joined and assimilated:
 * `alrraheemi`), so both sides are folded to a loose key: lowercase, no accents or
 * apostrophes, doubled letters and long-vowel spellings collapsed, the article dropped, then
 * the first 4 letters (case endings -un/-i/-u differ between speakers and the track).
 */
import { foldLatin, memoizeWord, plainQueryTerms, type TextAnalyzer } from './text-analyzer.js';

/** Letters kept of each folded word. */
export const TRANSLIT_KEY_LENGTH = 4;

/** Standalone article spellings users type (`ar-rahman`, `al hayy`). */
const ARTICLES = new Set(['al', 'el', 'ul', 'il', 'ar', 'as', 'ash', 'an', 'at', 'ad', 'az', 'adh', 'ath', 'aj']);

/** Loose key of one transliterated word (`alrraheemi` and `ar-Rahim` both give `rahi`). */
export function translitKey(word: string): string {
  let w = foldLatin(word).replace(/[’'`ʿʾ‘]/g, '');
  w = w
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/dh/g, 'th')
    .replace(/(.)\1+/g, '$1');
  // Joined article (alrrahmani → alrahmani → rahmani), but never the a-l of Allah.
  if (!w.startsWith('alah') && !w.startsWith('alla') && /^al.{3,}/.test(w)) w = w.slice(2);
  if (w.startsWith('alah')) w = 'allah';
  return w.length > TRANSLIT_KEY_LENGTH ? w.slice(0, TRANSLIT_KEY_LENGTH) : w;
}

const key = memoizeWord(translitKey);

/** Words of a transliteration; a hyphen separates (`ar-Rahman` → `ar`, `Rahman`), apostrophes stay for `translitKey`. */
function words(text: string): string[] {
  return foldLatin(text)
    .split(/[^a-z’'`ʿʾ‘]+/)
    .filter((w) => w.length > 0 && !ARTICLES.has(w));
}

export function createTransliterationAnalyzer(): TextAnalyzer {
  const terms = (text: string): string[] => words(text).map(key);
  return { id: 'translit-key4', terms, queryTerms: (text) => plainQueryTerms(terms(text)) };
}

/** Keys of common words of transliterated verses, for telling a transliteration from English. */
const TRANSLIT_WORDS = keySet(
  (
    'wa la inna innahu innallaha huwa hiya hum qul ya ayyuha min fi fee ala alaa ila illa illallah ma man lahu lillahi lillah bi ' +
    'bismi bismillah bismillahir rabbi rabbana rabbil rabbul alhamdu alhamdulillah subhana subhanallah allahu ilaha ilayhi ' +
    'alladhina allatheena alladheena amanu amanoo kana kanu qala qalu yawm yawma yawmi shay shayin kulli rajiun rajiaoon ' +
    'ahad ahadun samad assamad rahman rahim raheem rahmanir rahimi alrahman alrahim walladhina wama wala fa thumma kun fayakun'
  ).split(' '),
);
/** Keys of words only a transliteration has (English queries may well contain "allah" or "rahman"). */
const TRANSLIT_FUNCTION_WORDS = keySet(
  'wa la inna innahu innallaha huwa qul ya ayyuha ilaha illa illallah ilayhi lillahi bismi bismillah rabbana rabbil alhamdulillah subhana lahu kulli fi min wama wala thumma kun'.split(
    ' ',
  ),
);

function keySet(ws: readonly string[]): ReadonlySet<string> {
  return new Set(ws.map(translitKey));
}

/**
 * True when a Latin-script query reads as a transliterated verse: at least two common
 * transliteration words making up half of the query or more, and one of them a particle only a
 * transliteration has (`wa`, `inna`, `qul`, `ilaha`...) or a standalone article (`ar rahman`).
 */
export function looksTransliterated(query: string): boolean {
  const all = foldLatin(query)
    .replace(/[’'`ʿʾ‘]/g, '')
    .split(/[^a-z]+/)
    .filter((w) => w.length > 0);
  const hasArticle = all.some((w) => ARTICLES.has(w));
  const keys = all.filter((w) => !ARTICLES.has(w)).map(key);
  if (keys.length < 2) return false;
  const known = keys.filter((k) => TRANSLIT_WORDS.has(k) || TRANSLIT_FUNCTION_WORDS.has(k));
  // Two known words at least: one `la` or `min` is a Spanish, French or Swedish word too.
  return known.length >= 2 && known.length * 2 >= keys.length && (hasArticle || keys.some((k) => TRANSLIT_FUNCTION_WORDS.has(k)));
}
