import { TurnBatch } from './turn-batch';

describe('TurnBatch', () => {
  it('lets the waits of one turn go together, after the turn, and starts afresh after', async () => {
    const batch = new TurnBatch();
    const order: string[] = [];
    const a = batch.wait().then(() => order.push('a'));
    const b = batch.wait().then(() => order.push('b'));
    expect(batch.pending).toBe(2);
    // a microtask of the same turn runs first: the waits end in the check phase
    await Promise.resolve();
    order.push('microtask');
    await Promise.all([a, b]);
    expect(order).toEqual(['microtask', 'a', 'b']);
    expect(batch.pending).toBe(0);

    const c = batch.wait();
    expect(batch.pending).toBe(1);
    await c;
    expect(batch.pending).toBe(0);
  });

  it('schedules one setImmediate per turn, however many wait', async () => {
    const spy = jest.spyOn(global, 'setImmediate');
    const batch = new TurnBatch();
    await Promise.all(Array.from({ length: 50 }, () => batch.wait()));
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  });
});
