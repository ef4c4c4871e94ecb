import { heldPurchases, toUserDocument } from './user.schema';

describe('user document mapping', () => {
  it('keeps only held purchases, as true', () => {
    expect(heldPurchases({ a: true, b: 'true', c: 1, d: false, e: 'yes', f: 0 })).toEqual({
      a: true,
      b: true,
      c: true,
    });
    expect(heldPurchases(undefined)).toEqual({});
  });

  it('maps the stored record to the API shape with defaults', () => {
    expect(
      toUserDocument({
        _id: 'u1',
        email: 'a@b.c',
        purchases: { x: 1 },
        defaultDashboard: undefined as never,
        infiniteQbankGenerations: undefined as never,
        createdAt: new Date('2026-01-02T03:04:05Z'),
      }),
    ).toEqual({
      uid: 'u1',
      email: 'a@b.c',
      purchases: { x: true },
      defaultDashboard: 'math',
      infiniteQbankGenerations: 0,
      createdAt: '2026-01-02T03:04:05.000Z',
    });
  });
});
