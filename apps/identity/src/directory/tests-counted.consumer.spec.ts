import { readTestsCounted, TestsCountedConsumer } from './tests-counted.consumer';
import type { UserDirectory } from './user-directory.service';

describe('TestsCountedConsumer', () => {
  it('reads a count fact; anything else is null', () => {
    expect(readTestsCounted({ uid: 'u1', tests: 2, version: 3, at: 'x' })).toEqual({
      uid: 'u1',
      tests: 2,
      version: 3,
    });
    for (const bad of [
      null,
      'x',
      { uid: '', tests: 1, version: 1 },
      { uid: 'u', tests: -1, version: 1 },
      { uid: 'u', tests: 1.5, version: 1 },
      { uid: 'u', tests: 1, version: 0 },
      { uid: 'u'.repeat(129), tests: 1, version: 1 },
      { uid: 'u', tests: '1', version: 1 },
    ])
      expect(readTestsCounted(bad)).toBeNull();
  });

  it('hands a count to the directory and drops a malformed fact', async () => {
    const testsCounted = jest.fn(async () => true);
    const consumer = new TestsCountedConsumer({ testsCounted } as unknown as UserDirectory);
    await consumer.apply({ uid: 'u1', tests: 4, version: 9, at: new Date().toISOString() });
    await consumer.apply({ uid: 'u1' } as never);
    expect(testsCounted).toHaveBeenCalledTimes(1);
    expect(testsCounted).toHaveBeenCalledWith('u1', 4, 9);
  });
});
