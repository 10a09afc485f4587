/**
 * @module
 * How often one answer may be rated: a visitor rates an answer, may change their mind or add a
 * comment, and that is all; one signed answer posted 30 times an hour would count 30 votes. Kept
 * per answer (its signature) for an hour, in a bounded table (the oldest answers forgotten first).
 */

export interface AnswerRatingsOptions {
  /** Ratings of one answer per window. Default 3. */
  readonly perAnswer?: number;
  /** Window, ms. Default one hour. */
  readonly windowMs?: number;
  /** Answers remembered. Default 10,000. */
  readonly maxAnswers?: number;
  readonly now?: () => number;
}

export interface AnswerRatings {
  /** Counts one rating of the answer; false when it has had its share this window (nothing counted). */
  admit(signature: string): boolean;
}

export function createAnswerRatings(options: AnswerRatingsOptions = {}): AnswerRatings {
  const perAnswer = options.perAnswer ?? 3;
  const windowMs = options.windowMs ?? 3_600_000;
  const maxAnswers = options.maxAnswers ?? 10_000;
  const now = options.now ?? Date.now;
  const seen = new Map<string, { count: number; resetAt: number }>();
  return {
    admit(signature) {
      const t = now();
      let entry = seen.get(signature);
      if (entry && entry.resetAt <= t) {
        seen.delete(signature);
        entry = undefined;
      }
      if (!entry) {
        if (seen.size >= maxAnswers) seen.delete(seen.keys().next().value!);
        seen.set(signature, (entry = { count: 0, resetAt: t + windowMs }));
      }
      if (entry.count >= perAnswer) return false;
      entry.count++;
      return true;
    },
  };
}
