import { FakeOrdersRepository } from '../../test/support/fake-orders.repository';
import { FulfilmentQueue } from './fulfilment.queue';
import type { FulfilmentService } from './fulfilment.service';
import type { OpenCheckoutsService } from './open-checkouts.service';
import { OrderLocks } from './order-locks';
import type { Order } from './order.schema';

const tick = () => new Promise((r) => setTimeout(r, 1));

let orders: FakeOrdersRepository;
let active: number;
let maxActive: number;
let perOrderActive: Map<string, number>;
let maxPerOrder: number;
let finished: string[];
let gates: Map<string, () => void>;
let failFor: Set<string>;
let fulfilment: FulfilmentService;
let openCheckouts: { closeOthers: jest.Mock };

function seed(id: string): void {
  orders.byId.set(id, { _id: id, status: 'paid', fulfilment: 'pending' } as Order);
}

/** Lets the first waiting fulfilment of `id` finish. */
async function release(id: string): Promise<void> {
  for (let i = 0; i < 200 && !gates.has(id); i++) await tick();
  const open = gates.get(id);
  expect(open).toBeDefined();
  gates.delete(id);
  open!();
}

beforeEach(() => {
  orders = new FakeOrdersRepository();
  active = 0;
  maxActive = 0;
  perOrderActive = new Map();
  maxPerOrder = 0;
  finished = [];
  gates = new Map();
  failFor = new Set();
  fulfilment = {
    finish: jest.fn(async (order: Order) => {
      active++;
      maxActive = Math.max(maxActive, active);
      const mine = (perOrderActive.get(order._id) ?? 0) + 1;
      perOrderActive.set(order._id, mine);
      maxPerOrder = Math.max(maxPerOrder, mine);
      try {
        await new Promise<void>((r) => gates.set(order._id, r));
        if (failFor.has(order._id)) throw new Error('ledger unavailable');
        finished.push(order._id);
        return order.fulfilment === 'pending';
      } finally {
        active--;
        perOrderActive.set(order._id, perOrderActive.get(order._id)! - 1);
      }
    }),
  } as unknown as FulfilmentService;
  openCheckouts = { closeOthers: jest.fn(async () => []) };
});

const queueOf = (concurrency: number, backlog = 1_000, locks = new OrderLocks()) =>
  new FulfilmentQueue(orders, fulfilment, locks, openCheckouts as unknown as OpenCheckoutsService, {
    concurrency,
    backlog,
  });

describe('FulfilmentQueue', () => {
  it('runs at most `concurrency` fulfilments at once and finishes every order', async () => {
    const queue = queueOf(3);
    const ids = Array.from({ length: 10 }, (_, i) => `ord_${i}`);
    ids.forEach(seed);
    const done = Promise.all(ids.map((id) => queue.enqueue(id)));
    await tick();
    expect(active).toBe(3);
    expect(queue.size).toBe(10);
    for (const id of ids) await release(id);
    await expect(done).resolves.toEqual(ids.map(() => 'finished'));
    expect(maxActive).toBe(3);
    expect(finished.sort()).toEqual([...ids].sort());
    expect(queue.size).toBe(0);
  });

  it('one order at a time: a nudge while it runs waits and then runs it once more; repeated nudges queue it once', async () => {
    const queue = queueOf(4);
    seed('ord_a');
    const first = queue.enqueue('ord_a');
    await tick();
    const second = queue.enqueue('ord_a');
    const third = queue.enqueue('ord_a');
    expect(third).toBe(second);
    await tick();
    expect(perOrderActive.get('ord_a')).toBe(1);
    await release('ord_a');
    await expect(first).resolves.toBe('finished');
    await release('ord_a');
    await expect(second).resolves.toBe('finished');
    expect(maxPerOrder).toBe(1);
    expect(fulfilment.finish).toHaveBeenCalledTimes(2);
  });

  it('the same order waiting behind others does not take a second slot', async () => {
    const queue = queueOf(2);
    ['ord_a', 'ord_b'].forEach(seed);
    const a1 = queue.enqueue('ord_a');
    await tick();
    const a2 = queue.enqueue('ord_a'); // waits for a1, must not block ord_b
    const b = queue.enqueue('ord_b');
    await tick();
    expect(active).toBe(2);
    expect(maxPerOrder).toBe(1);
    await release('ord_b');
    await expect(b).resolves.toBe('finished');
    await release('ord_a');
    await release('ord_a');
    await expect(Promise.all([a1, a2])).resolves.toEqual(['finished', 'finished']);
  });

  it('an error is logged and answered as failed; the order stays pending; the queue goes on', async () => {
    const queue = queueOf(2);
    ['ord_bad', 'ord_ok'].forEach(seed);
    failFor.add('ord_bad');
    const idle = jest.fn();
    queue.onIdle(idle);
    const bad = queue.enqueue('ord_bad');
    const ok = queue.enqueue('ord_ok');
    await release('ord_bad');
    await release('ord_ok');
    await expect(bad).resolves.toBe('failed');
    await expect(ok).resolves.toBe('finished');
    expect(orders.byId.get('ord_bad')?.fulfilment).toBe('pending');
    await tick();
    expect(idle).toHaveBeenCalledWith(true); // the relay is asked for a pass soon
  });

  it('a full backlog leaves the order pending for the relay', async () => {
    const queue = queueOf(1, 1);
    ['ord_1', 'ord_2', 'ord_3'].forEach(seed);
    const one = queue.enqueue('ord_1'); // running
    await tick();
    const two = queue.enqueue('ord_2'); // waiting (backlog 1)
    await expect(queue.enqueue('ord_3')).resolves.toBe('left pending');
    await release('ord_1');
    await release('ord_2');
    await expect(Promise.all([one, two])).resolves.toEqual(['finished', 'finished']);
  });

  it('shutdown: nothing new starts, waiting orders are left pending, running ones finish first', async () => {
    const queue = queueOf(1);
    ['ord_1', 'ord_2'].forEach(seed);
    const running = queue.enqueue('ord_1');
    const waiting = queue.enqueue('ord_2');
    await tick();
    let stopped = false;
    const stop = queue.onModuleDestroy().then(() => (stopped = true));
    await expect(waiting).resolves.toBe('left pending');
    await tick();
    expect(stopped).toBe(false); // still waiting for ord_1
    await expect(queue.enqueue('ord_3')).resolves.toBe('left pending');
    await release('ord_1');
    await stop;
    await expect(running).resolves.toBe('finished');
    expect(fulfilment.finish).toHaveBeenCalledTimes(1);
    expect(orders.byId.get('ord_2')?.fulfilment).toBe('pending');
  });

  it('reads the order fresh inside its lock; a vanished order is skipped', async () => {
    const queue = queueOf(2);
    await expect(queue.enqueue('ord_gone')).resolves.toBe('finished');
    expect(fulfilment.finish).not.toHaveBeenCalled();
  });
});

describe('FulfilmentQueue.foreground (webhooks first)', () => {
  it('while a webhook records, at most one fulfilment starts; the rest start when it is done', async () => {
    const queue = queueOf(4);
    const ids = ['ord_1', 'ord_2', 'ord_3', 'ord_4'];
    ids.forEach(seed);
    let answer!: () => void;
    const recording = queue.foreground(() => new Promise<void>((r) => (answer = r)));
    const done = Promise.all(ids.map((id) => queue.enqueue(id)));
    await tick();
    expect(active).toBe(1);
    answer();
    await recording;
    await tick();
    expect(active).toBe(4);
    for (const id of ids) await release(id);
    await expect(done).resolves.toEqual(ids.map(() => 'finished'));
  });

  it("a fulfilled payment closes the learner's other open checkouts, after its own lock is released", async () => {
    const locks = new OrderLocks();
    const queue = queueOf(2, 1_000, locks);
    seed('ord_paid');
    orders.byId.set('ord_refunded', {
      _id: 'ord_refunded',
      status: 'refunded',
      fulfilment: 'done',
      revocation: 'pending',
    } as Order);
    let lockFree = false;
    openCheckouts.closeOthers.mockImplementation(async () => {
      // its own lock is free again: another change of this order would not wait on this
      await locks.run('ord_paid', async () => {
        lockFree = true;
      });
      return [];
    });
    const paid = queue.enqueue('ord_paid');
    const refunded = queue.enqueue('ord_refunded');
    await release('ord_paid');
    await release('ord_refunded');
    await expect(Promise.all([paid, refunded])).resolves.toEqual(['finished', 'finished']);
    expect(lockFree).toBe(true);
    // only the fulfilment of a payment closes the others; a revocation does not
    expect(openCheckouts.closeOthers).toHaveBeenCalledTimes(1);
    expect(openCheckouts.closeOthers.mock.calls[0][0]).toMatchObject({ _id: 'ord_paid' });
  });

  it('a failure to close the other checkouts does not fail the fulfilment (the refund is the safety net)', async () => {
    const queue = queueOf(1);
    seed('ord_x');
    openCheckouts.closeOthers.mockRejectedValue(new Error('stripe down'));
    const done = queue.enqueue('ord_x');
    await release('ord_x');
    await expect(done).resolves.toBe('finished');
  });
});
