import { describe, expect, it } from 'vitest';
import { attributeWarning, changedAttributeWarnings } from './attribute-warning.js';

describe("when a site owner's attribute value is checked", () => {
  it.each([
    ['lang', 'ur'],
    ['lang', 'ur-PK'],
    ['lang', 'ZH-Hans'],
    ['translation', 'fr'],
    ['translation', 'Ur'],
    ['translation', 'translit'],
    ['mode', 'search'],
    ['theme', 'auto'],
    ['layout', 'floating'],
    ['shared-question', 'off'],
    ['theme', ''],
    ['mode', undefined],
  ] as const)('should accept %s="%s" without a word', (name, value) => {
    expect(attributeWarning(name, value)).toBeUndefined();
  });

  it('should name the values a typo could have meant, and what the widget does meanwhile', () => {
    expect(attributeWarning('lang', 'urdu')).toBe(
      '<quran-dai>: lang="urdu" is not one of en, ar, ur, id, tr, fr, bn, es, ru, sv, zh (the widget speaks English meanwhile). Did you mean lang="ur"?',
    );
    expect(attributeWarning('translation', 'english')).toBe(
      '<quran-dai>: translation="english" is not one of en, bn, es, fr, id, ru, sv, tr, ur, zh, translit (the verses are shown in the interface language meanwhile). Did you mean translation="en"?',
    );
    expect(attributeWarning('theme', 'night')).toBe('<quran-dai>: theme="night" is not one of light, dark, auto.');
    expect(attributeWarning('mode', 'Search')).toBe('<quran-dai>: mode="Search" is not one of chat, search. Did you mean mode="search"?');
    expect(attributeWarning('layout', 'popup')).toBe('<quran-dai>: layout="popup" is not one of inline, floating.');
    expect(attributeWarning('shared-question', 'no')).toBe('<quran-dai>: shared-question="no" is not one of on, off.');
    expect(attributeWarning('lang', 'de')).toBe(
      '<quran-dai>: lang="de" is not one of en, ar, ur, id, tr, fr, bn, es, ru, sv, zh (the widget speaks English meanwhile).',
    );
  });
});

describe('when the element checks the attributes that changed', () => {
  const element = { lang: 'urdu', translation: 'english', mode: 'chat', theme: 'night', layout: 'inline', sharedQuestion: 'on' };

  it('should warn about each changed attribute with a value it does not take, and only those', () => {
    const changed = new Map<PropertyKey, unknown>([
      ['lang', ''],
      ['theme', 'light'],
      ['mode', 'search'],
      ['proxy', ''],
    ]);
    expect(changedAttributeWarnings(changed, element)).toStrictEqual([attributeWarning('lang', 'urdu'), attributeWarning('theme', 'night')]);
  });

  it('should name an unchanged bad value never again', () => {
    expect(changedAttributeWarnings(new Map([['layout', 'floating']]), element)).toStrictEqual([]);
  });
});
