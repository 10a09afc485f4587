/**
 * A site owner's typo in an attribute (`lang="urdu"`, `translation="english"`, `theme="night"`)
 * would otherwise be ignored without a word, and the widget would quietly fall back to English,
 * light, inline. One console warning names the attribute, the value and the values it takes.
 */
import { TRANSLATION_LANGS, TRANSLITERATION_KEY } from '../../data/corpus/corpus-types.js';
import { UI_LANGS } from '../i18n/ui-language.js';

/** The attributes whose values come from a fixed list. */
export type CheckedAttribute = 'lang' | 'translation' | 'mode' | 'theme' | 'layout' | 'shared-question';

const ALLOWED: Readonly<Record<Exclude<CheckedAttribute, 'lang'>, readonly string[]>> = {
  translation: [...TRANSLATION_LANGS, TRANSLITERATION_KEY],
  mode: ['chat', 'search'],
  theme: ['light', 'dark', 'auto'],
  layout: ['inline', 'floating'],
  'shared-question': ['on', 'off'],
};

/** Language names people write instead of codes, in English and in the language itself. */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  english: 'en',
  arabic: 'ar',
  'العربية': 'ar',
  urdu: 'ur',
  'اردو': 'ur',
  indonesian: 'id',
  bahasa: 'id',
  turkish: 'tr',
  'türkçe': 'tr',
  french: 'fr',
  'français': 'fr',
  bengali: 'bn',
  bangla: 'bn',
  'বাংলা': 'bn',
  spanish: 'es',
  'español': 'es',
  russian: 'ru',
  'русский': 'ru',
  swedish: 'sv',
  svenska: 'sv',
  chinese: 'zh',
  '中文': 'zh',
};

/** What is wrong with `value` for `name`, as a console warning; undefined when it is fine or unset. */
export function attributeWarning(name: CheckedAttribute, value: string | null | undefined): string | undefined {
  const given = value?.trim() ?? '';
  if (!given) return undefined;
  const lower = given.toLowerCase();
  const allowed: readonly string[] = name === 'lang' ? UI_LANGS : ALLOWED[name];
  if (name === 'lang' ? allowed.includes(lower.split(/[-_]/)[0]!) : allowed.includes(name === 'translation' ? lower : given)) return undefined;
  // Languages are codes, and the other values are written in lower case.
  const meant = name === 'lang' || name === 'translation' ? LANGUAGE_NAMES[lower] : allowed.includes(lower) ? lower : undefined;
  const hint = meant ? ` Did you mean ${name}="${meant}"?` : '';
  const fallback =
    name === 'lang' ? ' (the widget speaks English meanwhile)' : name === 'translation' ? ' (the verses are shown in the interface language meanwhile)' : '';
  return `<quran-dai>: ${name}="${given}" is not one of ${allowed.join(', ')}${fallback}.${hint}`;
}

/** The element's properties whose attribute is checked, with that attribute's name. */
const CHECKED_PROPERTIES = {
  lang: 'lang',
  translation: 'translation',
  mode: 'mode',
  theme: 'theme',
  layout: 'layout',
  sharedQuestion: 'shared-question',
} as const satisfies Record<string, CheckedAttribute>;

/** The warnings for the checked attributes among `changed` (Lit's changed properties), as they are set on `element` now. */
export function changedAttributeWarnings(
  changed: ReadonlyMap<PropertyKey, unknown>,
  element: Readonly<Record<keyof typeof CHECKED_PROPERTIES, string | null | undefined>>,
): string[] {
  const warnings: string[] = [];
  for (const [property, attribute] of Object.entries(CHECKED_PROPERTIES) as [keyof typeof CHECKED_PROPERTIES, CheckedAttribute][]) {
    const warning = changed.has(property) ? attributeWarning(attribute, element[property]) : undefined;
    if (warning) warnings.push(warning);
  }
  return warnings;
}
