/**
 * UI language resolution and string lookup. Unknown languages fall back to English;
 * the layout direction follows the resolved language.
 */
import { STARTERS_EN, STRINGS_EN, type StringKey, type StringTable } from './strings-en.js';
import { STARTERS_AR, STRINGS_AR } from './strings-ar.js';

export const UI_LANGS = ['en', 'ar'] as const;
export type UiLang = (typeof UI_LANGS)[number];

const TABLES: Readonly<Record<UiLang, StringTable>> = { en: STRINGS_EN, ar: STRINGS_AR };
const STARTERS: Readonly<Record<UiLang, readonly string[]>> = { en: STARTERS_EN, ar: STARTERS_AR };
const RTL: ReadonlySet<UiLang> = new Set(['ar']);

/** `ar`, `ar-EG`, `AR` → `ar`; anything unsupported → `en`. */
export function resolveUiLang(lang: string | null | undefined): UiLang {
  const base = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (UI_LANGS as readonly string[]).includes(base) ? (base as UiLang) : 'en';
}

export function directionOf(lang: UiLang): 'ltr' | 'rtl' {
  return RTL.has(lang) ? 'rtl' : 'ltr';
}

export type Translate = (key: StringKey, params?: Readonly<Record<string, string | number>>) => string;

/** A `t(key, params)` for one language; `{name}` placeholders are filled from params. */
export function translator(lang: UiLang): Translate {
  const table = TABLES[lang];
  return (key, params) => {
    const template = table[key];
    if (!params) return template;
    return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
  };
}

export function starterQuestions(lang: UiLang): readonly string[] {
  return STARTERS[lang];
}
