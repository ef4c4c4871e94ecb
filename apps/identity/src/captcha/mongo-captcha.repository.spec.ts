import { ensureExpiryIndex, type IndexedCollection } from './mongo-captcha.repository';

/** A collection of a database without TTL indexes (FerretDB 1.x answers so). */
function ferretCollection() {
  const createIndex = jest.fn(async (_key: object, options?: { expireAfterSeconds?: number }) => {
    if (options?.expireAfterSeconds !== undefined)
      throw new Error('Index option "expireAfterSeconds" is not implemented yet');
    return 'expiresAt_1';
  });
  const collection: IndexedCollection = { collectionName: 'captcha_challenges', createIndex };
  return { collection, createIndex };
}

describe('MongoCaptchaRepository indexes', () => {
  it('falls back to a plain expiresAt index where TTL indexes are not implemented (FerretDB)', async () => {
    const { collection, createIndex } = ferretCollection();
    await ensureExpiryIndex(collection);
    expect(createIndex.mock.calls).toEqual([
      [{ expiresAt: 1 }, { expireAfterSeconds: 0 }],
      [{ expiresAt: 1 }],
    ]);
  });

  it('keeps the TTL index where the database has them (MongoDB)', async () => {
    const createIndex = jest.fn(async () => 'expiresAt_1');
    await ensureExpiryIndex({ collectionName: 'captcha_uses', createIndex });
    expect(createIndex.mock.calls).toEqual([[{ expiresAt: 1 }, { expireAfterSeconds: 0 }]]);
  });

  it('a start-up that cannot make even the plain index goes on (the sweep still works)', async () => {
    const createIndex = jest.fn(async () => {
      throw new Error('database down');
    });
    await expect(
      ensureExpiryIndex({ collectionName: 'captcha_uses', createIndex }),
    ).resolves.toBeUndefined();
    expect(createIndex).toHaveBeenCalledTimes(2);
  });
});
