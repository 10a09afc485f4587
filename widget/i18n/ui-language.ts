/**
 * The interface languages and their text: which tag maps to which table, the layout
 * direction, starter questions, and `t(key, params)` lookups. Numbers are formatted and
 * plurals chosen through `Intl` for the language, never by string concatenation.
 */
import { PLURALS_EN, TEXT_EN, type PluralCategory, type PluralForms, type PluralKey, type StringKey, type UiText } from './strings-en.js';
import { TEXT_AR } from './strings-ar.js';
import { TEXT_BN } from './strings-bn.js';
import { TEXT_ES } from './strings-es.js';
import { TEXT_FR } from './strings-fr.js';
import { TEXT_ID } from './strings-id.js';
import { TEXT_RU } from './strings-ru.js';
import { TEXT_SV } from './strings-sv.js';
import { TEXT_TR } from './strings-tr.js';
import { TEXT_UR } from './strings-ur.js';
import { TEXT_ZH } from './strings-zh.js';

/** Every language we ship a translation for, plus Arabic. */
export const UI_LANGS = ['en', 'ar', 'ur', 'id', 'tr', 'fr', 'bn', 'es', 'ru', 'sv', 'zh'] as const;
export type UiLang = (typeof UI_LANGS)[number];

export const UI_TEXTS: Readonly<Record<UiLang, UiText>> = {
  en: TEXT_EN,
  ar: TEXT_AR,
  ur: TEXT_UR,
  id: TEXT_ID,
  tr: TEXT_TR,
  fr: TEXT_FR,
  bn: TEXT_BN,
  es: TEXT_ES,
  ru: TEXT_RU,
  sv: TEXT_SV,
  zh: TEXT_ZH,
};

const RTL: ReadonlySet<UiLang> = new Set(['ar', 'ur']);

/** `ur`, `ur-PK`, `UR`, `zh_Hans` → the table's language; unsupported or missing → undefined. */
export function supportedUiLang(tag: string | null | undefined): UiLang | undefined {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (UI_LANGS as readonly string[]).includes(base) ? (base as UiLang) : undefined;
}

/** Like `supportedUiLang`, with English for anything we have no table for. */
export function resolveUiLang(tag: string | null | undefined): UiLang {
  return supportedUiLang(tag) ?? 'en';
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

/** A `t(key, params)` for one language, with the site owner's replacements on top. */
export function translator(lang: UiLang, overrides: StringOverrides = {}): Translate {
  const text = UI_TEXTS[lang];
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

export function starterQuestions(lang: UiLang): readonly string[] {
  return UI_TEXTS[lang].starters;
}
