import { describe, expect, it } from 'vitest';
import { shownTrack } from './shown-track.js';

describe('when choosing the translation to show', () => {
  it('should follow the interface language when the site owner set none', () => {
    expect((['ur', 'zh', 'id', 'en'] as const).map((l) => shownTrack(undefined, l))).toStrictEqual(['ur', 'zh', 'id', 'en']);
    expect(shownTrack('', 'sv')).toBe('sv');
  });
  it('should show English under an Arabic interface', () => {
    expect(shownTrack(undefined, 'ar')).toBe('en');
  });
  it('should keep the translation the site owner set, whatever the interface language', () => {
    expect(shownTrack('translit', 'ur')).toBe('translit');
    expect(shownTrack('FR', 'en')).toBe('fr');
  });
  it("should show the interface language's translation for one we do not ship or a typo", () => {
    // lang="ur" translation="urdu" once showed English to an Urdu reader.
    expect(shownTrack('urdu', 'ur')).toBe('ur');
    expect(shownTrack('de', 'fr')).toBe('fr');
    expect(shownTrack('english', 'ar')).toBe('en');
  });
});
