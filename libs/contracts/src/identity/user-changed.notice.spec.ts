import {
  readUserChangedNotice,
  type UserChangedNotice,
  userOwnedState,
} from './user-changed.notice';

const notice: UserChangedNotice = {
  uid: 'u1',
  document: {
    defaultDashboard: 'design',
    purchases: { teas_math_workbook: true },
    updatedAt: '2026-11-27T01:00:00.000Z',
  },
  ledger: { purchases: { teas_math_qbank: true, teas_math_workbook: false }, version: 4 },
};

describe('userOwnedState', () => {
  it('the ledger decides every product it names; defaults while there is no document', () => {
    expect(userOwnedState(notice.document, notice.ledger)).toEqual({
      defaultDashboard: 'design',
      purchases: { teas_math_qbank: true },
      hasDocument: true,
    });
    expect(userOwnedState(null, null)).toEqual({
      defaultDashboard: 'math',
      purchases: {},
      hasDocument: false,
    });
    // legacy values of a stored document ('true', 1) count as held
    expect(
      userOwnedState({ defaultDashboard: 'math', purchases: { a: 'true', b: 1, c: 'no' } }, null),
    ).toEqual({ defaultDashboard: 'math', purchases: { a: true, b: true }, hasDocument: true });
  });
});

describe('readUserChangedNotice', () => {
  it('takes a notice as sent, and parts that are null', () => {
    expect(readUserChangedNotice(JSON.parse(JSON.stringify(notice)))).toEqual(notice);
    expect(readUserChangedNotice({ uid: 'u1', document: null, ledger: null })).toEqual({
      uid: 'u1',
      document: null,
      ledger: null,
    });
  });

  it.each([
    ['not an object', 'u1'],
    ['the notice of before', { uid: 'u1', at: '2026-11-27T01:00:00.000Z' }],
    ['no uid', { ...notice, uid: '' }],
    [
      'a dashboard that does not exist',
      { ...notice, document: { ...notice.document, defaultDashboard: 'x' } },
    ],
    ['a date that is none', { ...notice, document: { ...notice.document, updatedAt: 'soon' } }],
    ['a version that is no number', { ...notice, ledger: { purchases: {}, version: '4' } }],
    [
      'purchases that are no map of booleans',
      { ...notice, ledger: { purchases: { a: 1 }, version: 4 } },
    ],
    ['purchases that are a list', { ...notice, ledger: { purchases: [], version: 4 } }],
  ])('refuses %s', (_why, value) => {
    expect(readUserChangedNotice(value)).toBeNull();
  });
});
