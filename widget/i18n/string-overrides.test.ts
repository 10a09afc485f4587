import { describe, expect, it } from 'vitest';
import { checkStringOverrides as checkWith, overrideWarning as warningWith } from './string-overrides.js';
import { TEXT_EN } from './strings-en.js';

const checkStringOverrides = (value: unknown) => checkWith(value, TEXT_EN);
const overrideWarning = (problems: readonly string[]) => warningWith(problems, TEXT_EN);

describe('when a site owner overrides strings', () => {
  it('should accept known keys from an object or a JSON attribute', () => {
    expect(checkStringOverrides({ submit: 'Send' })).toStrictEqual({ overrides: { strings: { submit: 'Send' }, plurals: {} }, problems: [] });
    expect(checkStringOverrides('{"title":"Ask our mosque","versesFound":"{count} verses"}')).toStrictEqual({
      overrides: { strings: { title: 'Ask our mosque' }, plurals: { versesFound: { other: '{count} verses' } } },
      problems: [],
    });
  });
  it('should accept plural forms as an object with an other form', () => {
    expect(checkStringOverrides({ rateLimited: { one: 'wait {count} second', other: 'wait {count} seconds' } }).overrides.plurals).toStrictEqual({
      rateLimited: { one: 'wait {count} second', other: 'wait {count} seconds' },
    });
  });
  it('should ignore and report unknown keys and unusable values, keeping the good ones', () => {
    const checked = checkStringOverrides({
      submitt: 'Send',
      title: 42,
      stop: 'Halt',
      versesFound: { one: 'x' },
      rateLimited: { few: 'x', other: 'y', sometimes: 'z' },
    });
    expect(checked.overrides).toStrictEqual({ strings: { stop: 'Halt' }, plurals: {} });
    expect(checked.problems).toStrictEqual([
      '"submitt" is not a known key',
      '"title" must be a string',
      '"versesFound" needs an "other" form',
      '"rateLimited" has "sometimes", but plural forms are zero, one, two, few, many and other, each a string',
    ]);
  });
  it('should report JSON that does not parse or is not an object', () => {
    expect(checkStringOverrides('{submit: Send}').problems[0]).toMatch(/^it is not valid JSON \(/);
    expect(checkStringOverrides('["Send"]').problems).toStrictEqual(['it must be a JSON object of key → text, e.g. {"submit": "Send"}']);
  });
  it('should say nothing about an unset value', () => {
    expect(checkStringOverrides(undefined)).toStrictEqual({ overrides: {}, problems: [] });
    expect(checkStringOverrides('')).toStrictEqual({ overrides: {}, problems: [] });
  });
  it('should put every problem in one warning that lists the known keys', () => {
    const warning = overrideWarning(['"submitt" is not a known key', '"title" must be a string']);
    expect(warning).toMatch(
      /^<quran-dai>: ignored part of the "strings" setting: "submitt" is not a known key; "title" must be a string\. Known keys: title, inputLabel, /,
    );
    expect(warning).toContain('versesFound, topicsCount, rateLimited, noSuchVerse, rateLimitedMinutes.');
  });
});
