/**
 * @module
 * Spend-budget counters in Redis, so several instances share one budget. `consume` is one Lua
 * script (check every counter, then INCRBY each), and so is `record`, so two instances cannot both take the last
 * request. Counters expire when their window ends, measured from the caller's clock as a
 * relative PEXPIRE so clock skew between hosts and Redis does not matter.
 */
import type { BudgetStore } from '../budget/budget-store.js';
import type { RedisCommands } from './redis-commands.js';

// ARGV: amount, now, then limit and resetAt for each key.
const CONSUME_SCRIPT = `
local amount = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
for i = 1, #KEYS do
  local v = tonumber(redis.call('GET', KEYS[i]) or '0')
  if v >= tonumber(ARGV[1 + 2 * i]) then return i end
end
if amount > 0 then
  for i = 1, #KEYS do
    redis.call('INCRBY', KEYS[i], amount)
    redis.call('PEXPIRE', KEYS[i], math.max(1, tonumber(ARGV[2 + 2 * i]) - now))
  end
end
return 0
`;

// ARGV: amount, now, then resetAt for each key. One script, so every counter moves together.
const RECORD_SCRIPT = `
local amount = tonumber(ARGV[1])
local now = tonumber(ARGV[2])
for i = 1, #KEYS do
  redis.call('INCRBY', KEYS[i], amount)
  redis.call('PEXPIRE', KEYS[i], math.max(1, tonumber(ARGV[2 + i]) - now))
end
return 0
`;

const key = (counterKey: string) => `budget:${counterKey}`;

export function createRedisBudgetStore(redis: RedisCommands): BudgetStore {
  return {
    async consume(counters, amount, now) {
      if (counters.length === 0) return null;
      const args = [amount, now, ...counters.flatMap((c) => [c.limit, c.resetAt])];
      const full = Number(
        await redis.eval(
          CONSUME_SCRIPT,
          counters.map((c) => key(c.key)),
          args,
        ),
      );
      return full > 0 ? counters[full - 1]! : null;
    },
    async record(counters, amount, now) {
      if (counters.length === 0) return;
      await redis.eval(
        RECORD_SCRIPT,
        counters.map((c) => key(c.key)),
        [amount, now, ...counters.map((c) => c.resetAt)],
      );
    },
    async read(counterKey) {
      return Number((await redis.get(key(counterKey))) ?? 0);
    },
  };
}
