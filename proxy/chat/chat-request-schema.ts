/**
 * @module
 * Validates a `/api/chat` body (`ChatRequest`, data/contracts/chat-request.ts) with zod and
 * against the proxy's own corpus: every `ref` must exist, every `context` must be one
 * passage inside one surah, at most 11 verses long, that contains its ref; at most 3 refs carry
 * a context and all passages together hold at most 60 verses, so one request cannot fill the
 * prompt with a quarter of the Quran. Failures carry
 * the exact field (`verses[3].context`) so the widget and self-hosters can see what is wrong.
 */
import { hasWords } from '../../data/contracts/question-words.js';
import { z } from 'zod';
import { CHAT_LIMITS, type ChatRequest } from '../../data/contracts/chat-request.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { formatFieldPath } from '../http/field-path.js';
import { langTagSchema, VERSE_REF_PATTERN } from '../http/request-fields.js';
import { TRANSLATION_LANGS, TRANSLITERATION_KEY, type VerseRange, type VerseRef } from '../../data/corpus/corpus-types.js';

export const CHAT_ERROR_CODES = {
  invalidField: 'invalid-field',
  unknownVerse: 'unknown-verse',
  invalidContext: 'invalid-context',
  tooManyContexts: 'too-many-contexts',
  tooManyVerses: 'too-many-verses',
  unknownSiteChunk: 'unknown-site-chunk',
  siteVersionMismatch: 'site-version-mismatch',
} as const;

/** Longest single history turn (an earlier answer); the 32 KB body cap bounds the total. */
export const MAX_TURN_CHARS = 4000;

const RANGE_PATTERN = /^(\d{1,3}):(\d{1,3})-(\d{1,3})$/;

const turnSchema = z
  .object({
    role: z.enum(['user', 'assistant'], { error: 'role must be "user" or "assistant"' }),
    content: z.string({ error: 'content must be a string' }).max(MAX_TURN_CHARS, { error: `content is longer than ${MAX_TURN_CHARS} characters` }),
    // Checked later (chat-history.ts): a wrong one drops the turn rather than the request.
    signature: z.string({ error: 'signature must be a string' }).max(128, { error: 'signature is longer than 128 characters' }).optional(),
  })
  // An earlier question is the visitor's text like the question itself, and capped like it:
  // unsigned, it could otherwise carry four times as much text upstream per turn.
  .refine((t) => t.role !== 'user' || t.content.length <= CHAT_LIMITS.maxQuestionChars, {
    error: `an earlier question is longer than ${CHAT_LIMITS.maxQuestionChars} characters (the limit of a question)`,
    path: ['content'],
  });

const verseSchema = z.object({
  ref: z.string({ error: 'ref must be a string like "2:153"' }).regex(VERSE_REF_PATTERN, { error: 'ref must look like "2:153" (surah:ayah)' }),
  context: z
    .string({ error: 'context must be a string like "2:148-158"' })
    .regex(RANGE_PATTERN, { error: 'context must look like "2:148-158" (surah:from-to, one surah)' })
    .optional(),
});

export const chatRequestSchema = z.object({
  question: z
    .string({ error: 'question must be a string' })
    .trim()
    .min(1, { error: 'question is empty' })
    .max(CHAT_LIMITS.maxQuestionChars, { error: `question is longer than ${CHAT_LIMITS.maxQuestionChars} characters` })
    .refine((q) => hasWords(q), { error: 'question has no words: write it in words, for example "What does the Quran say about patience?"' }),
  history: z
    .array(turnSchema, { error: 'history must be an array of {role, content}' })
    .max(CHAT_LIMITS.maxHistoryTurns, { error: `history has more than ${CHAT_LIMITS.maxHistoryTurns} turns` })
    .default([]),
  verses: z
    .array(verseSchema, { error: 'verses must be an array of {ref, context?}' })
    .max(CHAT_LIMITS.maxVerseRefs, { error: `verses has more than ${CHAT_LIMITS.maxVerseRefs} references` }),
  lang: langTagSchema.optional(),
  explain: z
    .string({ error: 'explain must be a string like "2:255"' })
    .regex(VERSE_REF_PATTERN, { error: 'explain must look like "2:255" (surah:ayah)' })
    .optional(),
  site: z
    .object(
      {
        version: z
          .string({ error: 'site.version must be a string' })
          .regex(/^[0-9a-f]{1,64}$/, { error: 'site.version must be the site manifest version (hex)' }),
        chunks: z
          .array(
            z
              .number({ error: 'site.chunks must hold chunk numbers' })
              .int({ error: 'site.chunks must hold whole numbers' })
              .min(0, { error: 'site.chunks must not be negative' }),
            { error: 'site.chunks must be an array of chunk numbers' },
          )
          .max(CHAT_LIMITS.maxSiteChunks, { error: `site.chunks has more than ${CHAT_LIMITS.maxSiteChunks} passages` }),
      },
      { error: 'site must be {version, chunks}' },
    )
    .optional(),
  translation: z
    .enum([...TRANSLATION_LANGS, TRANSLITERATION_KEY], { error: `translation must be one of ${[...TRANSLATION_LANGS, TRANSLITERATION_KEY].join(', ')}` })
    .optional(),
});

export interface ChatValidationIssue {
  readonly code: string;
  readonly field: string;
  readonly message: string;
}

/** A checked verse: its ref and the passage to show the model (the verse alone when no context). */
export interface CheckedVerse {
  readonly ref: VerseRef;
  readonly passage: VerseRange;
}

export interface ValidChatRequest extends ChatRequest {
  readonly checked: readonly CheckedVerse[];
  /** Site chunk ids checked against the proxy's own site artefact, best first (empty when none were sent). */
  readonly siteChunks: readonly number[];
}

/** What validation needs of the proxy's site artefact. */
export interface SiteCatalogue {
  readonly version: string;
  readonly chunkCount: number;
}

export type ChatValidation = { ok: true; value: ValidChatRequest } | { ok: false; issue: ChatValidationIssue };

/** The caps on passages; today 3 × 11 + 22 = 55 verses fit under the total, which stays as a guard if the others are raised. */
export interface PassageLimits {
  readonly maxContexts: number;
  readonly maxPassageVerses: number;
}

export function validateChatRequest(body: unknown, corpus: Corpus, limits: PassageLimits = CHAT_LIMITS, site: SiteCatalogue | null = null): ChatValidation {
  const parsed = chatRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = formatFieldPath(issue.path);
    return {
      ok: false,
      issue: { code: CHAT_ERROR_CODES.invalidField, field: field || 'body', message: field ? `${field}: ${issue.message}` : 'body must be a JSON object' },
    };
  }
  const checked: CheckedVerse[] = [];
  const passageVerses = new Set<string>();
  let contexts = 0;
  for (const [i, v] of parsed.data.verses.entries()) {
    const r = checkVerse(v.ref, v.context, corpus, `verses[${i}]`);
    if ('code' in r) return { ok: false, issue: r };
    if (v.context !== undefined && ++contexts > limits.maxContexts) {
      const field = `verses[${i}].context`;
      return {
        ok: false,
        issue: {
          code: CHAT_ERROR_CODES.tooManyContexts,
          field,
          message: `${field}: at most ${limits.maxContexts} verses may carry a context passage (the top hits); send the others as {ref} only`,
        },
      };
    }
    for (let a = r.passage.from; a <= r.passage.to; a++) passageVerses.add(`${r.passage.surah}:${a}`);
    if (passageVerses.size > limits.maxPassageVerses) {
      const field = `verses[${i}]`;
      return {
        ok: false,
        issue: {
          code: CHAT_ERROR_CODES.tooManyVerses,
          field,
          message: `${field}: the passages reach ${passageVerses.size} verses here; at most ${limits.maxPassageVerses} in all passages together`,
        },
      };
    }
    checked.push(r);
  }
  const explain = parsed.data.explain;
  const first = parsed.data.verses[0];
  if (explain !== undefined && (first?.ref !== explain || first.context === undefined)) {
    return {
      ok: false,
      issue: {
        code: CHAT_ERROR_CODES.invalidField,
        field: 'explain',
        message: `explain: ${explain} must be the first of verses, sent with its context passage (the same surah, ±5 verses)`,
      },
    };
  }
  const siteChunks = checkSiteChunks(parsed.data.site, site);
  if (!Array.isArray(siteChunks)) return { ok: false, issue: siteChunks as ChatValidationIssue };
  return { ok: true, value: { ...parsed.data, checked, siteChunks } };
}

/** Site chunk ids sent by the widget, checked against the proxy's own artefact. */
function checkSiteChunks(sent: { version: string; chunks: number[] } | undefined, site: SiteCatalogue | null): readonly number[] | ChatValidationIssue {
  if (!sent || sent.chunks.length === 0) return [];
  if (!site)
    return {
      code: CHAT_ERROR_CODES.unknownSiteChunk,
      field: 'site',
      message: 'site: this proxy has no site documents (npm run build:site builds them); send verses only',
    };
  if (sent.version !== site.version) {
    return {
      code: CHAT_ERROR_CODES.siteVersionMismatch,
      field: 'site.version',
      message: `site.version: the page searched site documents ${sent.version} but this proxy serves ${site.version}; reload the page`,
    };
  }
  const seen = new Set<number>();
  for (const [i, id] of sent.chunks.entries()) {
    const field = `site.chunks[${i}]`;
    if (id >= site.chunkCount)
      return {
        code: CHAT_ERROR_CODES.unknownSiteChunk,
        field,
        message: `${field}: site passage ${id} does not exist (the site documents have ${site.chunkCount} passages, numbered from 0)`,
      };
    if (seen.has(id)) return { code: CHAT_ERROR_CODES.invalidField, field, message: `${field}: site passage ${id} is listed twice` };
    seen.add(id);
  }
  return [...sent.chunks];
}

function checkVerse(refText: string, contextText: string | undefined, corpus: Corpus, at: string): CheckedVerse | ChatValidationIssue {
  const [, s, a] = VERSE_REF_PATTERN.exec(refText)!;
  const ref = { surah: Number(s), ayah: Number(a) };
  if (!corpus.isValidRef(ref)) {
    const why = ref.surah >= 1 && ref.surah <= 114 ? `surah ${ref.surah} has ${corpus.verseCount(ref.surah)} verses` : 'surahs are numbered 1 to 114';
    return { code: CHAT_ERROR_CODES.unknownVerse, field: `${at}.ref`, message: `${at}.ref: verse ${refText} does not exist (${why})` };
  }
  if (contextText === undefined) return { ref, passage: { surah: ref.surah, from: ref.ayah, to: ref.ayah } };
  const field = `${at}.context`;
  const [, cs, cf, ct] = RANGE_PATTERN.exec(contextText)!;
  const range = { surah: Number(cs), from: Number(cf), to: Number(ct) };
  const bad = (message: string): ChatValidationIssue => ({ code: CHAT_ERROR_CODES.invalidContext, field, message: `${field}: ${message}` });
  if (range.surah !== ref.surah) return bad(`passage ${contextText} is in surah ${range.surah} but the ref ${refText} is in surah ${ref.surah}`);
  if (range.from > range.to) return bad(`passage ${contextText} ends before it starts`);
  if (range.from < 1) return bad(`passage ${contextText} starts at verse ${range.from}; verses are numbered from 1`);
  if (range.to > corpus.verseCount(range.surah)) {
    return bad(
      `passage ${contextText} crosses the end of surah ${range.surah}, which has ${corpus.verseCount(range.surah)} verses; context never crosses a surah boundary`,
    );
  }
  const length = range.to - range.from + 1;
  if (length > CHAT_LIMITS.maxContextVerses) return bad(`passage ${contextText} has ${length} verses; at most ${CHAT_LIMITS.maxContextVerses}`);
  if (ref.ayah < range.from || ref.ayah > range.to) return bad(`passage ${contextText} does not contain ${refText}`);
  return { ref, passage: range };
}

/** `['verses', 3, 'context']` → `verses[3].context`. */
