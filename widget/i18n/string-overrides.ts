/**
 * A site owner's replacements for interface strings (the `strings` property, or the
 * attribute holding a JSON object), checked against the English table's keys. Anything
 * that is not a known key with a usable value is left out and reported, so a typo never
 * blanks a button: the widget logs the report once and shows its own text for that key.
 */
import { PLURALS_EN, STRINGS_EN, type PluralCategory, type PluralForms, type PluralKey, type StringKey } from './strings-en.js';
import { isPluralKey, type StringOverrides } from './ui-language.js';

const CATEGORIES: ReadonlySet<string> = new Set<PluralCategory>(['zero', 'one', 'two', 'few', 'many', 'other']);

export interface CheckedOverrides {
  readonly overrides: StringOverrides;
  /** One line per ignored entry, e.g. `"submitt" is not a string key`. Empty when all is well. */
  readonly problems: readonly string[];
}

function isStringKey(key: string): key is StringKey {
  return Object.hasOwn(STRINGS_EN, key);
}

/** A plural override: a string (the same text for every count) or `{ one?, …, other }`. */
function pluralForms(value: unknown): PluralForms | string {
  if (typeof value === 'string') return { other: value };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'must be a string or an object of plural forms ({ "one": …, "other": … })';
  const entries = Object.entries(value);
  const bad = entries.find(([c, text]) => !CATEGORIES.has(c) || typeof text !== 'string');
  if (bad) return `has "${bad[0]}", but plural forms are zero, one, two, few, many and other, each a string`;
  const forms = Object.fromEntries(entries) as Partial<Record<PluralCategory, string>>;
  if (forms.other === undefined) return 'needs an "other" form';
  return forms as PluralForms;
}

/** Checks a `strings` value (an object, or a JSON string of one). Never throws. */
export function checkStringOverrides(value: unknown): CheckedOverrides {
  if (value === undefined || value === null || value === '') return { overrides: {}, problems: [] };
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch (error) {
      return { overrides: {}, problems: [`it is not valid JSON (${(error as Error).message})`] };
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    return { overrides: {}, problems: ['it must be a JSON object of key → text, e.g. {"submit": "Send"}'] };
  }
  const strings: Partial<Record<StringKey, string>> = {};
  const plurals: Partial<Record<PluralKey, PluralForms>> = {};
  const problems: string[] = [];
  for (const [key, text] of Object.entries(parsed)) {
    if (isStringKey(key)) {
      if (typeof text === 'string') strings[key] = text;
      else problems.push(`"${key}" must be a string`);
    } else if (isPluralKey(key)) {
      const forms = pluralForms(text);
      if (typeof forms === 'string') problems.push(`"${key}" ${forms}`);
      else plurals[key] = forms;
    } else {
      problems.push(`"${key}" is not a known key`);
    }
  }
  return { overrides: { strings, plurals }, problems };
}

/** The one console warning for a `strings` value with problems. */
export function overrideWarning(problems: readonly string[]): string {
  const known = [...Object.keys(STRINGS_EN), ...Object.keys(PLURALS_EN)].join(', ');
  return `<quran-dai>: ignored part of the "strings" setting: ${problems.join('; ')}. Known keys: ${known}.`;
}
