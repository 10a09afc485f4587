import { describe, expect, it } from 'vitest';
import { stripArabicHonorifics, stripLatinHonorifics } from './honorifics.js';

describe('when a question carries honorifics', () => {
  it('should drop Arabic honorifics and keep the names', () => {
    expect(stripArabicHonorifics('ما هي معجزات سيدنا موسى عليه السلام؟')).toBe('ما هي معجزات موسي ؟');
    expect(stripArabicHonorifics('هل كان النبي محمد صلى الله عليه وسلم أميا')).toBe('هل كان النبي محمد اميا');
    expect(stripArabicHonorifics('صفات الله سبحانه وتعالى')).toBe('صفات الله');
    expect(stripArabicHonorifics('رحمة الله تعالى')).toBe('رحمه الله');
  });
  it('should drop English honorifics and their abbreviations', () => {
    expect(stripLatinHonorifics('Miracles of Musa (peace be upon him)')).toBe('miracles of musa');
    expect(stripLatinHonorifics('Was the Prophet (pbuh) literate?')).toBe('was the prophet literate?');
    expect(stripLatinHonorifics('Mercy of Allah (SWT) and the Prophet, sallallahu alayhi wa sallam')).toBe('mercy of allah and the prophet,');
  });
  it('should leave a question without honorifics alone', () => {
    expect(stripLatinHonorifics('Peace and patience')).toBe('peace and patience');
    expect(stripArabicHonorifics('السلام عليكم')).toBe('السلام عليكم');
  });
});
