/**
 * The answer check measured on real LLM quotations of the Quran (IslamicEval 2026, subtasks 2 and
 * 3): every quoted Ayah and its claimed source are put through the widget's own answer check
 * (`parseAnswerMarkdown` + `checkAnswer`, as an answer holding `﴿quote﴾` and `﴿quote﴾ [S:A]`),
 * and a misquote through the widget's correction (`correctQuote`). Writes the organisers'
 * prediction files, and scores them as their scorers do (`task2_scoring.py`, `task3_scoring.py`).
 */
import { checkAnswer, type QuoteVerdict } from '../../data/answer-check/answer-check.js';
import { parseClaimedSource } from '../../data/answer-check/arabic-citation.js';
import { parseAnswerMarkdown, type BlockNode } from '../../data/answer-check/markdown-subset.js';
import type { Corpus } from '../../data/corpus/corpus.js';

export type CitationLabel = 'correct' | 'incorrect' | 'N/A';

export interface CitationSegment {
  readonly type: string;
  readonly text: string;
  readonly label: CitationLabel;
}

/** One line of `dev-citations-visible.jsonl`. */
export interface CitationRow {
  readonly response_id: string;
  readonly annotation_id: number | string;
  readonly segments: readonly CitationSegment[];
  /** For an incorrect Ayah: the accepted authentic texts, or `خطأ` (no verse is meant); else null. */
  readonly correction: readonly string[] | string | null;
}

/** The text a correction names when the quotation is no verse at all. */
export const NO_VERSE = 'خطأ';

export function parseCitationRows(jsonl: string, source = 'dataset'): CitationRow[] {
  return jsonl
    .split('\n')
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter((l) => l.line !== '')
    .map(({ line, n }) => {
      let row: Partial<CitationRow>;
      try {
        row = JSON.parse(line) as Partial<CitationRow>;
      } catch {
        throw new Error(`${source} line ${n}: not JSON`);
      }
      const ok =
        typeof row.response_id === 'string' &&
        (typeof row.annotation_id === 'number' || typeof row.annotation_id === 'string') &&
        Array.isArray(row.segments) &&
        row.segments.every((s) => typeof s?.type === 'string' && typeof s.text === 'string' && ['correct', 'incorrect', 'N/A'].includes(s.label));
      if (!ok) throw new Error(`${source} line ${n}: expected {"response_id", "annotation_id", "segments": [{"type", "text", "label"}], "correction"}`);
      return row as CitationRow;
    });
}

/** What the product says of one citation. */
export interface CitationPrediction {
  readonly row: CitationRow;
  /** Per segment, in order: the product's label (`correct` / `incorrect`). */
  readonly labels: readonly ('correct' | 'incorrect')[];
  /** For an Ayah judged incorrect: the verse(s) meant, as global indexes, or [] for no verse. */
  readonly correction?: readonly number[];
}

const TRUSTED: ReadonlySet<QuoteVerdict['status']> = new Set(['verified', 'shortened']);

/** The quote's verdict when the widget meets `answer` (one ﴿…﴾ quote, with or without its citation). */
function verdictOf(answer: string, corpus: Corpus): QuoteVerdict | undefined {
  const blocks: BlockNode[] = parseAnswerMarkdown(answer, { surahNamed: (name) => corpus.surahNumberForName(name) });
  const all = new Set<number>();
  const check = checkAnswer(blocks, { corpus, retrieved: all, tracks: [] });
  return [...check.quotes.values()][0];
}

/** The ornate brackets the widget reads as a quotation of the Quran; the quote's own are dropped. */
const asQuote = (text: string) => `﴿${text.replace(/[﴿﴾]/g, ' ').trim()}﴾`;

export function predictCitations(rows: readonly CitationRow[], corpus: Corpus): CitationPrediction[] {
  return rows.map((row) => {
    const ayah = row.segments.find((s) => s.type === 'Ayah');
    const ayahVerdict = ayah ? verdictOf(asQuote(ayah.text), corpus) : undefined;
    const ayahCorrect = !!ayahVerdict && TRUSTED.has(ayahVerdict.status);
    const source = row.segments.find((s) => s.type === 'claimed_source');
    const range = source
      ? parseClaimedSource(
          source.text,
          (name) => corpus.surahNumberForName(name),
          (surah) => corpus.verseCount(surah),
        )
      : undefined;
    const valid = !!range && corpus.isValidRef({ surah: range.surah, ayah: range.from }) && corpus.isValidRef({ surah: range.surah, ayah: range.to });
    // As the widget meets it: the quote followed by the reference it gives, when it gives one.
    const citedVerdict =
      ayah && valid ? verdictOf(`${asQuote(ayah.text)} [${range.surah}:${range.from}${range.to !== range.from ? `-${range.to}` : ''}]`, corpus) : undefined;
    const misquote = ayah && !ayahCorrect ? (citedVerdict ?? ayahVerdict) : undefined;
    const correction = misquote ? (misquote.correction?.verses ?? []) : undefined;
    const labels = row.segments.map((s): 'correct' | 'incorrect' => {
      if (s.type === 'Ayah') return ayahCorrect ? 'correct' : 'incorrect';
      if (s.type !== 'claimed_source' || !ayah || !valid) return 'incorrect';
      // A quotation of the verse: the widget checks it against the verses it cites.
      if (ayahCorrect) return citedVerdict && TRUSTED.has(citedVerdict.status) ? 'correct' : 'incorrect';
      // A misquote: the source is right when it names the verse the quotation was meant to be.
      const first = corpus.indexOf({ surah: range.surah, ayah: range.from });
      const last = corpus.indexOf({ surah: range.surah, ayah: range.to });
      return (correction ?? []).some((i) => i >= first && i <= last) ? 'correct' : 'incorrect';
    });
    return correction === undefined ? { row, labels } : { row, labels, correction };
  });
}

/** The organisers' standardisation of a Quran text before comparing corrections (task3_scoring.py). */
export function standardizeQuran(text: string): string {
  const fold: Record<string, string> = { 'أ': 'ا', 'إ': 'ا', 'آ': 'ا', 'ٱ': 'ا', 'ى': 'ي', 'ة': 'ه', 'ؤ': 'و', 'ئ': 'ي' };
  let t = text;
  for (const [a, b] of Object.entries(fold)) t = t.split(a).join(b);
  t = t.split('َا').join('ا').split('ِي').join('ي').split('ُو').join('و');
  t = t.split('الْ').join('ال');
  t = t.split('ْ').join('');
  t = t.split('اَ').join('ا').split('اِ').join('ا').split('لِا').join('لا');
  t = t.split('اً').join('ًا');
  return t.replace(/\s+/g, ' ').trim();
}

export interface CitationScores {
  readonly citations: number;
  /** Subtask 2: accuracy per segment type with gold N/A left out, and their mean. */
  readonly ayahAccuracy: number;
  readonly claimedSourceAccuracy: number;
  readonly accuracy: number;
  readonly misquotesAccepted: number;
  readonly misquotes: number;
  readonly correctRejected: number;
  readonly correctQuotes: number;
  /** Subtask 3: over the gold-incorrect Ayahs, the share whose proposed text the organisers accept. */
  readonly correctionAccuracy: number;
  readonly corrections: number;
}

/** The text the product proposes for a misquote, in the organisers' Quran (`verses[i]` = global verse i). */
export function correctionText(correction: readonly number[] | undefined, verses: readonly string[]): string | undefined {
  if (correction === undefined) return undefined;
  return correction.length === 0 ? NO_VERSE : correction.map((i) => verses[i]!).join(' ');
}

function goldCorrections(row: CitationRow): string[] {
  const c = row.correction;
  if (c === null || c === undefined) return [];
  return typeof c === 'string' ? [c] : [...c];
}

export function scoreCitations(predictions: readonly CitationPrediction[], organiserVerses: readonly string[]): CitationScores {
  let ayah = [0, 0];
  let source = [0, 0];
  let misquotesAccepted = 0;
  let misquotes = 0;
  let correctRejected = 0;
  let correctQuotes = 0;
  let corrected = 0;
  let corrections = 0;
  for (const p of predictions) {
    p.row.segments.forEach((s, i) => {
      if (s.label === 'N/A') return;
      const right = p.labels[i] === s.label ? 1 : 0;
      if (s.type === 'Ayah') {
        ayah = [ayah[0]! + right, ayah[1]! + 1];
        if (s.label === 'incorrect') {
          misquotes++;
          if (p.labels[i] === 'correct') misquotesAccepted++;
        } else {
          correctQuotes++;
          if (p.labels[i] === 'incorrect') correctRejected++;
        }
      } else if (s.type === 'claimed_source') source = [source[0]! + right, source[1]! + 1];
    });
    const gold = p.row.segments.find((s) => s.type === 'Ayah')?.label === 'incorrect' ? goldCorrections(p.row) : [];
    if (gold.length > 0) {
      corrections++;
      const proposed = correctionText(p.correction, organiserVerses);
      const accepted = new Set(gold.map(standardizeQuran));
      if (proposed !== undefined && accepted.has(standardizeQuran(proposed))) corrected++;
    }
  }
  const ayahAccuracy = ayah[1] ? ayah[0]! / ayah[1]! : 0;
  const claimedSourceAccuracy = source[1] ? source[0]! / source[1]! : 0;
  const types = [ayah, source].filter((t) => t[1]! > 0).length;
  return {
    citations: predictions.length,
    ayahAccuracy,
    claimedSourceAccuracy,
    accuracy: types ? ((ayah[1] ? ayahAccuracy : 0) + (source[1] ? claimedSourceAccuracy : 0)) / types : 0,
    misquotesAccepted,
    misquotes,
    correctRejected,
    correctQuotes,
    correctionAccuracy: corrections ? corrected / corrections : 0,
    corrections,
  };
}

const tsvCell = (s: string) => s.replace(/[\t\r\n]+/g, ' ');

/** Subtask 2 predictions: `Response_ID, Annotation_ID, Segment_Type, Label`, one row per segment. */
export function task2Predictions(predictions: readonly CitationPrediction[]): string {
  const lines = ['Response_ID\tAnnotation_ID\tSegment_Type\tLabel'];
  for (const p of predictions)
    p.row.segments.forEach((s, i) => lines.push([p.row.response_id, String(p.row.annotation_id), s.type, p.labels[i]!].map(tsvCell).join('\t')));
  return lines.join('\n') + '\n';
}

/** Subtask 3 predictions: one row per Ayah the product judged a misquote, with the text it proposes. */
export function task3Predictions(predictions: readonly CitationPrediction[], organiserVerses: readonly string[]): string {
  const lines = ['Response_ID\tAnnotation_ID\tSegment_Type\tCorrection'];
  for (const p of predictions) {
    const text = correctionText(p.correction, organiserVerses);
    if (text !== undefined) lines.push([p.row.response_id, String(p.row.annotation_id), 'Ayah', text].map(tsvCell).join('\t'));
  }
  return lines.join('\n') + '\n';
}

/** The gold files the organisers' scorers read, made from the dataset (for checking agreement). */
export function goldTask2(rows: readonly CitationRow[]): string {
  const lines = ['Response_ID\tAnnotation_ID\tSegment_Type\tLabel'];
  for (const r of rows) for (const s of r.segments) lines.push([r.response_id, String(r.annotation_id), s.type, s.label].map(tsvCell).join('\t'));
  return lines.join('\n') + '\n';
}

export function goldTask3(rows: readonly CitationRow[]): string {
  const lines = ['Response_ID\tAnnotation_ID\tSegment_Type\tCorrection'];
  for (const r of rows) {
    const gold = r.segments.find((s) => s.type === 'Ayah')?.label === 'incorrect' ? goldCorrections(r) : [];
    if (gold.length > 0) lines.push([r.response_id, String(r.annotation_id), 'Ayah', gold.join(' ||| ')].map(tsvCell).join('\t'));
  }
  return lines.join('\n') + '\n';
}

/** `quranic_verses.json` → its texts by global verse index (mushaf order). */
export function organiserVerseTexts(json: unknown, corpus: Corpus): string[] {
  if (!Array.isArray(json)) throw new Error('quranic_verses.json: expected a list of {surah_id, ayah_id, ayah_text}');
  const texts: string[] = new Array(corpus.trackTexts('arabic').length).fill('');
  for (const v of json as { surah_id: number; ayah_id: number; ayah_text: string }[]) {
    if (corpus.isValidRef({ surah: v.surah_id, ayah: v.ayah_id })) texts[corpus.indexOf({ surah: v.surah_id, ayah: v.ayah_id })] = v.ayah_text;
  }
  return texts;
}
