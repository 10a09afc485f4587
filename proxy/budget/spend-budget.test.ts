import { describe, expect, it } from 'vitest';
import { createMemoryBudgetStore } from './budget-store.js';
import { SpendBudget } from './spend-budget.js';

// 2025-11-22 10:30:00 UTC: 30 minutes into an hour, 13.5 hours before the day ends.
const T0 = Date.UTC(2025, 10, 22, 10, 30, 0);

function budgetWith(limits: ConstructorParameters<typeof SpendBudget>[0]['limits'], clock = { t: T0 }) {
  const store = createMemoryBudgetStore();
  const budget = new SpendBudget({
    name: 'chat',
    limits,
    store,
    now: () => clock.t,
    settingNames: { requestsPerHour: 'BUDGET_CHAT_REQUESTS_PER_HOUR', tokensPerDay: 'BUDGET_CHAT_TOKENS_PER_DAY' },
  });
  return { budget, clock, store };
}

describe('when no limit is set', () => {
  it('should admit everything and count nothing', async () => {
    const { budget } = budgetWith({});
    expect(budget.active).toBe(false);
    for (let i = 0; i < 100; i++) expect(await budget.admit()).toBeNull();
    expect(await budget.used()).toStrictEqual({ requestsPerHour: 0, requestsPerDay: 0, tokensPerHour: 0, tokensPerDay: 0 });
  });
});

describe('when the hourly request budget is used up', () => {
  it('should refuse until the next UTC hour, naming the setting, and admit again after it', async () => {
    const { budget, clock } = budgetWith({ requestsPerHour: 2, requestsPerDay: 10 });
    expect(await budget.admit()).toBeNull();
    expect(await budget.admit()).toBeNull();
    const refusal = await budget.admit();
    expect(refusal).toStrictEqual({
      limit: 'requestsPerHour',
      setting: 'BUDGET_CHAT_REQUESTS_PER_HOUR',
      value: 2,
      retryAfterSeconds: 1800,
      message:
        'This proxy has used its chat budget for this hour (2 requests, BUDGET_CHAT_REQUESTS_PER_HOUR); try again in 30 minutes. Verse search still works.',
    });
    // A refused request is not counted against the daily budget.
    expect(await budget.used()).toMatchObject({ requestsPerHour: 2, requestsPerDay: 2 });
    clock.t += 1_800_000;
    expect(await budget.admit()).toBeNull();
    expect(await budget.used()).toMatchObject({ requestsPerHour: 1, requestsPerDay: 3 });
  });
});

describe('when the daily budget is used up', () => {
  it('should refuse for the rest of the UTC day even in a new hour', async () => {
    const { budget, clock } = budgetWith({ requestsPerHour: 5, requestsPerDay: 3 });
    for (let i = 0; i < 3; i++) expect(await budget.admit()).toBeNull();
    clock.t += 3_600_000;
    const refusal = await budget.admit();
    expect(refusal?.limit).toBe('requestsPerDay');
    expect(refusal?.retryAfterSeconds).toBe(12.5 * 3600);
    expect(refusal?.message).toContain('for this day (3 requests); try again in 13 hours');
    clock.t = Date.UTC(2025, 10, 23, 0, 0, 1);
    expect(await budget.admit()).toBeNull();
  });
});

describe('when tokens are budgeted', () => {
  it('should admit while tokens remain and refuse once answers have used them', async () => {
    const { budget } = budgetWith({ tokensPerDay: 1000 });
    expect(await budget.admit()).toBeNull();
    await budget.recordTokens(600);
    expect(await budget.admit()).toBeNull(); // 400 left: the answer may start
    await budget.recordTokens(600);
    const refusal = await budget.admit();
    expect(refusal?.limit).toBe('tokensPerDay');
    expect(refusal?.setting).toBe('BUDGET_CHAT_TOKENS_PER_DAY');
    expect(await budget.used()).toMatchObject({ tokensPerDay: 1200 });
  });
});

describe('when the options are invalid', () => {
  it('should fail fast on a negative or fractional limit', () => {
    expect(() => budgetWith({ requestsPerHour: -1 })).toThrow(/requestsPerHour must be a whole number/);
    expect(() => budgetWith({ tokensPerDay: 1.5 })).toThrow(/tokensPerDay/);
  });
});

describe('when the memory store forgets', () => {
  it('should drop counters whose window has ended', async () => {
    const store = createMemoryBudgetStore();
    await store.record([{ key: 'a', limit: 1, resetAt: 100 }], 5, 0);
    expect(await store.read('a', 99)).toBe(5);
    expect(await store.read('a', 100)).toBe(0);
    expect(await store.consume([{ key: 'a', limit: 1, resetAt: 200 }], 1, 150)).toBeNull();
    expect(await store.read('a', 150)).toBe(1);
  });
});
