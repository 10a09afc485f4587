import { describe, expect, it } from 'vitest';
import { createWorkGate } from './work-gate.js';

describe('when costly work is gated', () => {
  it('should give turns up to the limit, queue the next ones in order, and refuse past the queue', async () => {
    const gate = createWorkGate(1, 2);
    const first = (await gate.enter())!;
    const order: string[] = [];
    const second = gate.enter().then((end) => (order.push('second'), end));
    const third = gate.enter().then((end) => (order.push('third'), end));
    expect(await gate.enter()).toBeUndefined();
    first();
    first(); // ending a turn twice hands on one turn only
    (await second)!();
    (await third)!();
    expect(order).toEqual(['second', 'third']);
    expect(await gate.enter()).toBeTypeOf('function');
  });
  it('should let a waiter whose client has gone leave the queue at once', async () => {
    const gate = createWorkGate(1, 1);
    const first = (await gate.enter())!;
    const controller = new AbortController();
    const gone = gate.enter(controller.signal);
    controller.abort();
    expect(await gone).toBeUndefined();
    // Its place in the queue is free again, and the turn passes to the next one.
    const next = gate.enter();
    first();
    expect(await next).toBeTypeOf('function');
  });
});
