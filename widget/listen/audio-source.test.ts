import { describe, expect, it } from 'vitest';
import { audioUrlFor, parseAudioSource } from './audio-source.js';

describe('parseAudioSource', () => {
  it.each([
    'https://everyayah.com/data/Alafasy_128kbps/{SSS}{AAA}.mp3',
    'http://127.0.0.1:9000/recitations/{surah}/{ayah}.mp3',
    '/audio/{SSS}{AAA}.mp3',
    'audio/{surah}-{ayah}.ogg',
  ])('should accept %s', (template) => {
    expect(parseAudioSource(`  ${template} `)).toStrictEqual({ ok: true, template });
  });

  it.each([
    'javascript:alert(1)//{SSS}{AAA}',
    'JavaScript:{surah}{ayah}',
    'java\tscript:{surah}{ayah}',
    'data:audio/mp3;base64,{SSS}{AAA}',
    'ftp://host/{SSS}{AAA}.mp3',
  ])('should refuse %j with a warning that names the template', (template) => {
    const parsed = parseAudioSource(template);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.warning).toContain('is refused: only http(s) URLs or paths on this site can play');
  });

  it('should refuse a template without verse placeholders, saying which are needed', () => {
    expect(parseAudioSource('https://example.org/recitation.mp3')).toStrictEqual({
      ok: false,
      warning:
        '<quran-dai>: audio-base "https://example.org/recitation.mp3" needs a {surah} or {SSS} and an {ayah} or {AAA} placeholder, e.g. https://everyayah.com/data/Alafasy_128kbps/{SSS}{AAA}.mp3; recitation is off',
    });
  });
});

describe('audioUrlFor', () => {
  it('should fill plain and zero-padded placeholders', () => {
    expect(audioUrlFor('https://everyayah.com/data/Alafasy_128kbps/{SSS}{AAA}.mp3', { surah: 2, ayah: 153 })).toBe(
      'https://everyayah.com/data/Alafasy_128kbps/002153.mp3',
    );
    expect(audioUrlFor('/a/{surah}/{ayah}/{SSS}-{AAA}.mp3', { surah: 114, ayah: 6 })).toBe('/a/114/6/114-006.mp3');
  });
});
