/**
 * @module
 * Fields more than one request body carries, validated the same way everywhere: a verse
 * reference `S:A` and the visitor's interface language.
 */
import { z } from 'zod';

/** `2:153`: surah and ayah, checked against the corpus by the caller. */
export const VERSE_REF_PATTERN = /^(\d{1,3}):(\d{1,3})$/;

/** A BCP-47 language tag such as `en` or `ur-PK`. */
export const langTagSchema = z
  .string({ error: 'lang must be a BCP-47 tag' })
  .regex(/^[A-Za-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,4}$/, { error: 'lang must be a BCP-47 tag like "en" or "ur-PK"' });
