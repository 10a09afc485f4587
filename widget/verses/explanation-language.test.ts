import { describe, expect, it } from 'vitest';
import { shownExplanationLang, wantedExplanationLang } from './explanation-language.js';

describe('when choosing the verse explanation for a visitor', () => {
  it('should show it only in the interface language that has one', () => {
    expect(['ar', 'ar-EG', 'AR_sa', 'id', 'id-ID', 'en', 'ur', 'fr', 'ms'].map(shownExplanationLang)).toEqual([
      'ar',
      'ar',
      'ar',
      'id',
      'id',
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
  it('should load it for an Arabic page, or for an Arabic-script question on a page that is not Urdu', () => {
    expect(wantedExplanationLang('what is patience?', 'ar')).toBe('ar');
    expect(wantedExplanationLang('ما حكم الغيبة؟', 'en')).toBe('ar');
    expect(wantedExplanationLang('صبر کیا ہے؟', 'ur')).toBeUndefined();
    expect(wantedExplanationLang('what is patience?', 'en')).toBeUndefined();
    expect(wantedExplanationLang('apa itu sabar?', 'id')).toBe('id');
    // An Indonesian page loads the explanation it shows, whatever the question's script.
    expect(wantedExplanationLang('ما هو الصبر؟', 'id')).toBe('id');
  });
});
