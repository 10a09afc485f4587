/**
 * @module
 * The site owner's recitation source, `audio-base`: a URL template with `{surah}`, `{ayah}`
 * and the zero-padded `{SSS}`, `{AAA}` placeholders, e.g.
 * `https://everyayah.com/data/Alafasy_128kbps/{SSS}{AAA}.mp3`. Only http(s) and same-site
 * paths are accepted: the template becomes an `<audio src>` on the host page.
 */
import type { VerseRef } from '../../data/corpus/corpus-types.js';
import { isSafeLink } from '../links/safe-link.js';

const AUDIO_SCHEMES: ReadonlySet<string> = new Set(['http', 'https']);
const PLACEHOLDER = /\{(surah|ayah|SSS|AAA)\}/g;

export type AudioSource = { readonly ok: true; readonly template: string } | { readonly ok: false; readonly warning: string };

/** Check an `audio-base` value; a refusal carries the console warning that says what to write. */
export function parseAudioSource(value: string): AudioSource {
  const template = value.trim();
  const example = 'e.g. https://everyayah.com/data/Alafasy_128kbps/{SSS}{AAA}.mp3';
  if (!template) return { ok: false, warning: `<quran-dai>: audio-base is empty; set a URL template, ${example}` };
  if (!/\{(surah|SSS)\}/.test(template) || !/\{(ayah|AAA)\}/.test(template)) {
    return {
      ok: false,
      warning: `<quran-dai>: audio-base "${template}" needs a {surah} or {SSS} and an {ayah} or {AAA} placeholder, ${example}; recitation is off`,
    };
  }
  if (!isSafeLink(template.replace(PLACEHOLDER, '1'), AUDIO_SCHEMES)) {
    return {
      ok: false,
      warning: `<quran-dai>: audio-base "${template}" is refused: only http(s) URLs or paths on this site can play, ${example}; recitation is off`,
    };
  }
  return { ok: true, template };
}

/** The recitation URL of one verse. */
export function audioUrlFor(template: string, ref: VerseRef): string {
  const values: Record<string, string> = {
    surah: String(ref.surah),
    ayah: String(ref.ayah),
    SSS: String(ref.surah).padStart(3, '0'),
    AAA: String(ref.ayah).padStart(3, '0'),
  };
  return template.replace(PLACEHOLDER, (_, name: string) => values[name]!);
}
