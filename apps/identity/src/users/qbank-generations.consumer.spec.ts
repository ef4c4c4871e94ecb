import type { QbankGeneratedEvent } from '@examprep/contracts';
import { FakeCountedBatchesRepository } from '../../test/support/fake-counted-batches.repository';
import { FakeUsersRepository } from '../../test/support/fake-users.repository';
import { QbankGenerationsConsumer } from './qbank-generations.consumer';
import type { UsersService } from './users.service';

const generated = (over: Partial<QbankGeneratedEvent> = {}): QbankGeneratedEvent => ({
  uid: 'u1',
  batchId: 'b1',
  count: 5,
  at: '2026-11-20T10:00:00.000Z',
  ...over,
});

function setup() {
  const users = new FakeUsersRepository([{ _id: 'u1', email: 'l@x.test' }]);
  const batches = new FakeCountedBatchesRepository();
  const notify = jest.fn();
  const sut = new QbankGenerationsConsumer(users, batches, {
    notify,
  } as unknown as UsersService);
  const generations = () => users.docs.get('u1')?.infiniteQbankGenerations ?? 0;
  return { sut, users, batches, notify, generations };
}

describe('QbankGenerationsConsumer: Infinite QBank generations per user', () => {
  it('adds each batch once, however often it is delivered, and tells the user', async () => {
    const { sut, notify, generations } = setup();
    await sut.count(generated());
    await sut.count(generated());
    await sut.count(generated({ batchId: 'b2', count: 3 }));
    expect(generations()).toBe(8);
    expect(notify.mock.calls).toEqual([['u1'], ['u1']]);
  });

  it('ignores a fact without a uid, a batch id or a positive count', async () => {
    const { sut, batches, notify, generations } = setup();
    for (const e of [
      generated({ uid: '' }),
      generated({ batchId: '' }),
      generated({ count: 0 }),
      generated({ count: -2 }),
      null as unknown as QbankGeneratedEvent,
    ])
      await sut.count(e);
    expect(generations()).toBe(0);
    expect(batches.markers.size).toBe(0);
    expect(notify).not.toHaveBeenCalled();
  });

  it('a user without a document: nothing counted, nobody told', async () => {
    const { sut, notify } = setup();
    await sut.count(generated({ uid: 'no-doc' }));
    expect(notify).not.toHaveBeenCalled();
  });

  it('undoes the batch marker when the count fails, so the redelivery counts it', async () => {
    const { sut, users, batches, generations } = setup();
    jest.spyOn(users, 'addGenerations').mockRejectedValueOnce(new Error('database down'));
    await expect(sut.count(generated())).rejects.toThrow('database down');
    expect(batches.markers.has('b1')).toBe(false);
    await sut.count(generated());
    expect(generations()).toBe(5);
  });
});
