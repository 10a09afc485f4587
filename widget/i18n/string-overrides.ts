/**
 * A site owner's replacements for interface strings (the `strings` property, or the
 * attribute holding a JSON object), checked against the English table's keys, and their
 * starter questions. Loaded only on pages that set either. Anything
 * that is not a known key with a usable value is left out and reported, so a typo never
 * blanks a button: the widget logs the report once and shows its own text for that key.
 */
import type { PluralCategory, PluralForms, PluralKey, StringKey, UiText } from './strings-en.js';
import type { StringOverrides } from './ui-language.js';

/** The table whose keys are the known ones (English); passed in, so this module stays out of the first load. */
export type ReferenceText = Pick<UiText, 'strings' | 'plurals'>;

const CATEGORIES: ReadonlySet<string> = new Set<PluralCategory>(['zero', 'one', 'two', 'few', 'many', 'other']);

export interface CheckedOverrides {
  readonly overrides: StringOverrides;
  /** One line per ignored entry, e.g. `"submitt" is not a string key`. Empty when all is well. */
  readonly problems: readonly string[];
}

function isStringKey(key: string, reference: ReferenceText): key is StringKey {
  return Object.hasOwn(reference.strings, key);
}

function isPluralKey(key: string, reference: ReferenceText): key is PluralKey {
  return Object.hasOwn(reference.plurals, key);
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
export function checkStringOverrides(value: unknown, reference: ReferenceText): CheckedOverrides {
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
    if (isStringKey(key, reference)) {
      if (typeof text === 'string') strings[key] = text;
      else problems.push(`"${key}" must be a string`);
    } else if (isPluralKey(key, reference)) {
      const forms = pluralForms(text);
      if (typeof forms === 'string') problems.push(`"${key}" ${forms}`);
      else plurals[key] = forms;
    } else {
      problems.push(`"${key}" is not a known key`);
    }
  }
  return { overrides: { strings, plurals }, problems };
}

/** Checks a `starters` value (an array of questions, or a JSON string of one). Never throws. */
export function checkStarters(value: unknown): { readonly starters?: readonly string[]; readonly problem?: string } {
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { problem: 'the "starters" setting is not valid JSON; give an array of questions, e.g. ["What is patience?"]' };
    }
  }
  if (Array.isArray(parsed) && parsed.every((q) => typeof q === 'string' && q.trim() !== '')) return { starters: parsed as string[] };
  return { problem: 'the "starters" setting must be an array of non-empty question strings' };
}

/** The one console warning for a `strings` value with problems. */
export function overrideWarning(problems: readonly string[], reference: ReferenceText): string {
  const known = [...Object.keys(reference.strings), ...Object.keys(reference.plurals)].join(', ');
  return `<quran-dai>: ignored part of the "strings" setting: ${problems.join('; ')}. Known keys: ${known}.`;
}
