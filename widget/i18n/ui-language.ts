/**
 * The interface languages and their text: which tag maps to which table, the layout
 * direction, starter questions, and `t(key, params)` lookups. Numbers are formatted and
 * plurals chosen through `Intl` for the language, never by string concatenation.
 */
import { PLURALS_EN, TEXT_EN, type PluralCategory, type PluralForms, type PluralKey, type StringKey, type UiText } from './strings-en.js';

/** Every language we ship a translation for, plus Arabic. */
export const UI_LANGS = ['en', 'ar', 'ur', 'id', 'tr', 'fr', 'bn', 'es', 'ru', 'sv', 'zh'] as const;
export type UiLang = (typeof UI_LANGS)[number];

/**
 * Each language's table is its own chunk, loaded when a page needs it: all eleven together
 * would add about 12 KB gzip to what every page loads before the widget runs. English, the
 * fallback, is always there.
 */
const LOADERS: Readonly<Record<Exclude<UiLang, 'en'>, () => Promise<{ default: UiText }>>> = {
  ar: () => import('./strings-ar.js'),
  ur: () => import('./strings-ur.js'),
  id: () => import('./strings-id.js'),
  tr: () => import('./strings-tr.js'),
  fr: () => import('./strings-fr.js'),
  bn: () => import('./strings-bn.js'),
  es: () => import('./strings-es.js'),
  ru: () => import('./strings-ru.js'),
  sv: () => import('./strings-sv.js'),
  zh: () => import('./strings-zh.js'),
};

const loaded = new Map<UiLang, UiText>([['en', TEXT_EN]]);
const loading = new Map<UiLang, Promise<UiText>>();

/** A language's table when it has been loaded (English always has). */
export function loadedUiText(lang: UiLang): UiText | undefined {
  return loaded.get(lang);
}

/** Loads a language's table once; a failed load (offline) is tried again on the next call. */
export function loadUiText(lang: UiLang): Promise<UiText> {
  const done = loaded.get(lang);
  if (done) return Promise.resolve(done);
  let pending = loading.get(lang);
  if (!pending) {
    pending = LOADERS[lang as Exclude<UiLang, 'en'>]().then((m) => (loaded.set(lang, m.default), m.default));
    loading.set(lang, pending);
    pending.catch(() => loading.delete(lang));
  }
  return pending;
}

const RTL: ReadonlySet<UiLang> = new Set(['ar', 'ur']);

/** `ur`, `ur-PK`, `UR`, `zh_Hans` → the table's language; unsupported or missing → `en`. */
export function resolveUiLang(tag: string | null | undefined): UiLang {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (UI_LANGS as readonly string[]).includes(base) ? (base as UiLang) : 'en';
}

export function directionOf(lang: UiLang): 'ltr' | 'rtl' {
  return RTL.has(lang) ? 'rtl' : 'ltr';
}

export type TranslateParams = Readonly<Record<string, string | number>>;

/** A lookup in one language: `{name}` placeholders are filled from params, numbers formatted for the language. */
export interface Translate {
  (key: StringKey, params?: TranslateParams): string;
  /** A counted string: `count` picks the plural form and fills `{count}`. */
  (key: PluralKey, params: TranslateParams & { readonly count: number }): string;
}

/** Site-owner replacements, already checked (`checkStringOverrides`). */
export interface StringOverrides {
  readonly strings?: Readonly<Partial<Record<StringKey, string>>>;
  readonly plurals?: Readonly<Partial<Record<PluralKey, PluralForms>>>;
}

export function isPluralKey(key: string): key is PluralKey {
  return Object.hasOwn(PLURALS_EN, key);
}

/** A `t(key, params)` for one language (its table loaded: `loadUiText`), with the site owner's replacements on top. */
export function translator(lang: UiLang, overrides: StringOverrides = {}): Translate {
  const text = loadedUiText(lang);
  if (!text) throw new Error(`await loadUiText('${lang}') before translator('${lang}')`);
  const numbers = new Intl.NumberFormat(lang);
  const plurals = new Intl.PluralRules(lang);
  const fill = (template: string, params: TranslateParams | undefined): string =>
    params
      ? template.replace(/\{(\w+)\}/g, (whole, name: string) => {
          if (!Object.hasOwn(params, name)) return whole;
          const value = params[name]!;
          return typeof value === 'number' ? numbers.format(value) : value;
        })
      : template;
  const lookup = (key: StringKey | PluralKey, params?: TranslateParams): string => {
    if (isPluralKey(key)) {
      const forms = overrides.plurals?.[key] ?? text.plurals[key];
      const count = params?.count;
      const category = typeof count === 'number' ? (plurals.select(count) as PluralCategory) : 'other';
      return fill(forms[category] ?? forms.other, params);
    }
    return fill(overrides.strings?.[key] ?? text.strings[key], params);
  };
  return lookup as Translate;
}

/** The language's starter questions (English until its table is loaded). */
export function starterQuestions(lang: UiLang): readonly string[] {
  return (loadedUiText(lang) ?? TEXT_EN).starters;
}
