import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TRANSLATION_LANGS, TRANSLITERATION_KEY } from '../corpus/corpus-types.js';
import { parseTextSources, sourceOf } from './text-sources.js';

const file = JSON.parse(readFileSync(join(dirname(fileURLToPath(import.meta.url)), 'sources.json'), 'utf8'));

describe('when the sources file is read', () => {
  it('should list the Arabic, every translation track, the ruku boundaries and the topic index', () => {
    const sources = parseTextSources(file);
    const ids = sources.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining(['arabic', 'ruku', 'topics', ...[...TRANSLATION_LANGS, TRANSLITERATION_KEY].map((t) => `translation-${t}`)]));
    expect(sourceOf(sources, 'translation-ur')).toMatchObject({ author: "Abul A'la Maududi", source: 'Tanzil', commercialUse: 'not-allowed' });
  });

  it('should name every bad entry and field', () => {
    const bad = { texts: [file.texts[0], { ...file.texts[1], id: 'arabic', kind: 'poem', url: 'http://x', terms: '' }] };
    expect(() => parseTextSources(bad)).toThrow(
      /texts\[1\] \(arabic\): terms must not be empty[\s\S]*kind must be one of[\s\S]*url must be https:\/\/ or empty[\s\S]*duplicate id/,
    );
    expect(() => parseTextSources({})).toThrow('"texts" must be a list');
  });

  it('should say what to add when a served text has no source', () => {
    expect(() => sourceOf(parseTextSources(file), 'translation-de')).toThrow('sources.json lists no text "translation-de"; add it');
  });
});
