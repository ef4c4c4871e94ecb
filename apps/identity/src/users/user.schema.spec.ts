import { toUserDocument } from './user.schema';

describe('user document mapping', () => {
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

  it('maps the purchases of the ledger view over the legacy document values', () => {
    expect(
      toUserDocument(
        {
          _id: 'u1',
          email: 'a@b.c',
          purchases: { legacy: 'true', revoked: true },
          defaultDashboard: 'design',
          infiniteQbankGenerations: 2,
        },
        { revoked: false, bought: true },
      ).purchases,
    ).toEqual({ legacy: true, bought: true });
  });
});
