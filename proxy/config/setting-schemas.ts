/**
 * @module
 * One zod schema per kind of setting the proxy reads from its environment: each validates the
 * (trimmed) text and converts it, and its one message names the variable, the value given and
 * what it takes, so a volunteer reading the start-up error knows what to change.
 */
import { z } from 'zod';

/** A whole number in [min, max]; `fallback` is named in the message as the default. */
export function wholeNumber(name: string, min: number, max: number, fallback: string) {
  return z
    .string()
    .refine((s) => /^\d+$/.test(s) && Number(s) >= min && Number(s) <= max, {
      error: (iss) => `${name}="${String(iss.input)}" must be a whole number from ${min} to ${max} (default ${fallback})`,
    })
    .transform(Number);
}

/** true / 1 / yes, or false / 0 / no / empty, in any case. */
export function flag(name: string) {
  return z
    .string()
    .toLowerCase()
    .pipe(z.enum(['true', '1', 'yes', 'false', '0', 'no', ''], { error: (iss) => `${name}="${String(iss.input)}" must be true or false` }))
    .transform((s) => s === 'true' || s === '1' || s === 'yes');
}

/** An http(s) URL, without the trailing slash. */
export function httpUrl(name: string, example: string, options: { secret?: boolean } = {}) {
  // A secret URL (a webhook's token in its path) is never repeated in an error, which ends up in logs.
  const shown = (input: unknown) => (options.secret ? `${name} (its value is not shown: it holds a secret)` : `${name}="${String(input)}"`);
  return z
    .string()
    .refine((s) => /^https?:\/\/[^\s]+$/.test(s) && URL.canParse(s), { error: (iss) => `${shown(iss.input)} must be an http(s) URL, e.g. ${example}` })
    .transform((s) => s.replace(/\/+$/, ''));
}

/** Empty, or an http(s) URL. */
export function optionalHttpUrl(name: string, example: string) {
  const url = httpUrl(name, example);
  return z.string().transform((s, ctx) => {
    if (s === '') return '';
    const parsed = url.safeParse(s);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  });
}

/** A shared secret: empty (none), or long enough and without spaces. */
export function token(name: string, minChars: number) {
  return z.string().refine((v) => v === '' || (v.length >= minChars && !/\s/.test(v)), {
    error: `${name} must be at least ${minChars} characters without spaces; generate one with: openssl rand -hex 32`,
  });
}

/** `*`, or a comma-separated list of origins (scheme, host, optional port), as browsers send them. */
export function origins(name: string) {
  return z.string().transform((text, ctx): readonly string[] | '*' => {
    if (text === '*') return '*';
    const out: string[] = [];
    for (const part of text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)) {
      const origin = originOf(part);
      // Host names are case-insensitive, and browsers send them in lower case: https://Mosque.example is https://mosque.example.
      if (!origin || part.replace(/\/$/, '').toLowerCase() !== origin) {
        ctx.addIssue({
          code: 'custom',
          message: `${name} entry "${part}" must be an origin like https://mosque.example (scheme, host, optional port; no path)`,
        });
      } else out.push(origin);
    }
    return out;
  });
}

function originOf(text: string): string | undefined {
  if (!URL.canParse(text)) return undefined;
  const u = new URL(text);
  return (u.protocol === 'http:' || u.protocol === 'https:') && (u.pathname === '/' || u.pathname === '') && !u.search ? u.origin : undefined;
}

/** `auto` (one per CPU core) or 1..256 processes. */
export function workers(availableCores: number) {
  return z.string().transform((text, ctx) => {
    if (text.toLowerCase() === 'auto') return Math.max(1, availableCores);
    if (/^\d+$/.test(text) && Number(text) >= 1 && Number(text) <= 256) return Number(text);
    ctx.addIssue({ code: 'custom', message: `WORKERS="${text}" must be auto (one per CPU core) or a whole number from 1 to 256 (default 1)` });
    return z.NEVER;
  });
}

/** Empty (each process in its own memory), or a redis:// or rediss:// URL. */
export const redisUrl = z.string().refine((s) => s === '' || (/^rediss?:\/\/[^\s]+$/.test(s) && URL.canParse(s)), {
  error: "REDIS_URL must be a redis:// or rediss:// URL, e.g. redis://127.0.0.1:6379 (or empty for one process's memory)",
});

/** A folder name under INDEX_DIR, or empty (the only index there). */
export const indexId = z.string().refine((s) => s === '' || /^[A-Za-z0-9._-]+$/.test(s), {
  error: (iss) => `INDEX_ID="${String(iss.input)}" must be a directory name under INDEX_DIR (letters, digits, . _ -)`,
});

/** A temperature from 0 to 2. */
export const temperature = z
  .string()
  .refine((s) => s !== '' && Number.isFinite(Number(s)) && Number(s) >= 0 && Number(s) <= 2, {
    error: (iss) => `CHAT_TEMPERATURE="${String(iss.input)}" must be a number from 0 to 2`,
  })
  .transform(Number);
