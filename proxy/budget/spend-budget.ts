/**
 * @module
 * A global spend ceiling over all visitors together, so a site owner's LLM bill has an upper
 * bound whatever the traffic: requests per hour and per day, and tokens per hour and per day
 * (0 = no limit). Windows are UTC clock hours and UTC days, so "per day" means the same to
 * every proxy instance and `Retry-After` is the time to the next boundary. Tokens are known
 * only when an answer ends: an answer starts while tokens remain, so the streams already
 * running when the limit is reached may pass it by their own size.
 */
import { formatWait } from '../http/format-wait.js';
import { jsonError } from '../http/json-error.js';
import type { BudgetCounter, BudgetStore } from './budget-store.js';

export interface SpendBudgetLimits {
  readonly requestsPerHour: number;
  readonly requestsPerDay: number;
  readonly tokensPerHour: number;
  readonly tokensPerDay: number;
}

export interface SpendBudgetOptions {
  /** What is counted, e.g. `chat`; part of the counter keys. Required. */
  readonly name: string;
  /** 0 = unlimited. Required. */
  readonly limits: Partial<SpendBudgetLimits>;
  /** Counter store. Required (the memory store for one process). */
  readonly store: BudgetStore;
  /** Env variable named in the refusal for each limit, so the operator knows what to raise. */
  readonly settingNames?: Partial<Record<keyof SpendBudgetLimits, string>>;
  /** Wall clock, ms. Default `Date.now`. */
  readonly now?: () => number;
}

/** Why a request was refused. */
export interface BudgetRefusal {
  readonly limit: keyof SpendBudgetLimits;
  readonly setting: string | undefined;
  readonly value: number;
  /** Seconds until the window ends. */
  readonly retryAfterSeconds: number;
  /** A sentence for the JSON error. */
  readonly message: string;
}

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
const WINDOWS = {
  requestsPerHour: { kind: 'requests', ms: HOUR_MS, span: 'hour' },
  requestsPerDay: { kind: 'requests', ms: DAY_MS, span: 'day' },
  tokensPerHour: { kind: 'tokens', ms: HOUR_MS, span: 'hour' },
  tokensPerDay: { kind: 'tokens', ms: DAY_MS, span: 'day' },
} as const satisfies Record<keyof SpendBudgetLimits, { kind: string; ms: number; span: string }>;
type LimitName = keyof SpendBudgetLimits;

export class SpendBudget {
  readonly #opts: Required<Omit<SpendBudgetOptions, 'limits'>> & { limits: SpendBudgetLimits };

  constructor(options: SpendBudgetOptions) {
    const limits = { requestsPerHour: 0, requestsPerDay: 0, tokensPerHour: 0, tokensPerDay: 0, ...options.limits };
    for (const [k, v] of Object.entries(limits)) {
      if (!(Number.isInteger(v) && v >= 0)) throw new Error(`SpendBudget ${options.name}: ${k} must be a whole number >= 0 (0 = unlimited), got ${v}`);
    }
    this.#opts = { settingNames: {}, now: Date.now, ...options, limits };
  }

  /** True when at least one limit is set. */
  get active(): boolean {
    return Object.values(this.#opts.limits).some((v) => v > 0);
  }

  /** Counts one request when every limit has room; otherwise counts nothing and says why. */
  async admit(): Promise<BudgetRefusal | null> {
    if (!this.active) return null;
    const now = this.#opts.now();
    const requests = this.#counters('requests', now);
    const tokens = this.#counters('tokens', now);
    // Tokens first, checked only: a refused request must not count against the request limits.
    const noTokens = tokens.length
      ? await this.#opts.store.consume(
          tokens.map((t) => t.counter),
          0,
          now,
        )
      : null;
    if (noTokens) return this.#refusal(tokens.find((t) => t.counter === noTokens)!.name, noTokens, now);
    const noRequests = requests.length
      ? await this.#opts.store.consume(
          requests.map((r) => r.counter),
          1,
          now,
        )
      : null;
    if (noRequests) return this.#refusal(requests.find((r) => r.counter === noRequests)!.name, noRequests, now);
    return null;
  }

  /**
   * Checks the token limits only, counting no request: for a call that is part of answering (the
   * retrieval suggestion), whose tokens are recorded afterwards with `recordTokens`.
   */
  async admitTokens(): Promise<BudgetRefusal | null> {
    if (!this.active) return null;
    const now = this.#opts.now();
    const tokens = this.#counters('tokens', now);
    const full = tokens.length
      ? await this.#opts.store.consume(
          tokens.map((t) => t.counter),
          0,
          now,
        )
      : null;
    return full ? this.#refusal(tokens.find((t) => t.counter === full)!.name, full, now) : null;
  }

  /** Adds the tokens an answer used (input + output). */
  async recordTokens(tokens: number): Promise<void> {
    if (!(tokens > 0)) return;
    const now = this.#opts.now();
    const counters = this.#counters('tokens', now);
    if (counters.length)
      await this.#opts.store.record(
        counters.map((c) => c.counter),
        tokens,
        now,
      );
  }

  /** Used so far in the current windows (for tests and metrics). */
  async used(): Promise<Record<LimitName, number>> {
    const now = this.#opts.now();
    const out = {} as Record<LimitName, number>;
    for (const name of Object.keys(WINDOWS) as LimitName[]) out[name] = await this.#opts.store.read(this.#counter(name, now).key, now);
    return out;
  }

  #counters(kind: 'requests' | 'tokens', now: number): { name: LimitName; counter: BudgetCounter }[] {
    return (Object.keys(WINDOWS) as LimitName[])
      .filter((name) => WINDOWS[name].kind === kind && this.#opts.limits[name] > 0)
      .map((name) => ({ name, counter: this.#counter(name, now) }));
  }

  #counter(name: LimitName, now: number): BudgetCounter {
    const w = WINDOWS[name];
    const index = Math.floor(now / w.ms);
    return { key: `${this.#opts.name}:${w.kind}:${w.span}:${index}`, limit: this.#opts.limits[name], resetAt: (index + 1) * w.ms };
  }

  #refusal(name: LimitName, counter: BudgetCounter, now: number): BudgetRefusal {
    const w = WINDOWS[name];
    const retryAfterSeconds = Math.max(1, Math.ceil((counter.resetAt - now) / 1000));
    const setting = this.#opts.settingNames[name];
    return {
      limit: name,
      setting,
      value: counter.limit,
      retryAfterSeconds,
      message: `This proxy has used its ${this.#opts.name} budget for this ${w.span} (${counter.limit} ${w.kind}${setting ? `, ${setting}` : ''}); try again in ${formatWait(retryAfterSeconds)}. Verse search still works.`,
    };
  }
}

export const BUDGET_EXHAUSTED_CODE = 'budget-exhausted';

/** The refusal as the proxy's JSON error: 503 with `Retry-After`. */
export function budgetExhaustedError(refusal: BudgetRefusal) {
  return jsonError(503, BUDGET_EXHAUSTED_CODE, refusal.message, { headers: { 'retry-after': String(refusal.retryAfterSeconds) } });
}
