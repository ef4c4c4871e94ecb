import { type AdminUserRow } from '@examprep/contracts/types';
import { USERS_CSV_COLUMNS, usersToCsv } from './users-csv';

const row = (over: Partial<AdminUserRow>): AdminUserRow => ({
  uid: 'u1',
  email: 'a@example.com',
  emailVerified: true,
  isAdmin: false,
  inAuth: true,
  inDatabase: false,
  premium: false,
  purchases: { teas_math_qbank: true },
  qbankGenerations: 3,
  tests: null,
  ...over,
});

describe('users CSV', () => {
  it('has exactly the spec columns, in order', () => {
    expect(USERS_CSV_COLUMNS).toEqual([
      'uid',
      'email',
      'emailVerified',
      'inDatabase',
      'inAuth',
      'isAdmin',
      'premium',
      'qbankGenerations',
    ]);
  });

  it('writes a header and one CRLF line per row (no purchases column)', () => {
    expect(usersToCsv([row({}), row({ uid: 'u2', email: 'b@example.com', isAdmin: true })])).toBe(
      'uid,email,emailVerified,inDatabase,inAuth,isAdmin,premium,qbankGenerations\r\n' +
        'u1,a@example.com,true,false,true,false,false,3\r\n' +
        'u2,b@example.com,true,false,true,true,false,3\r\n',
    );
  });

  it('writes only the header for no rows', () => {
    expect(usersToCsv([])).toBe(
      'uid,email,emailVerified,inDatabase,inAuth,isAdmin,premium,qbankGenerations\r\n',
    );
  });

  it('guards cells against formula injection and escapes them (shared CSV writer)', () => {
    expect(usersToCsv([row({ uid: '=1+1', email: 'a,"b"@example.com' })])).toBe(
      'uid,email,emailVerified,inDatabase,inAuth,isAdmin,premium,qbankGenerations\r\n' +
        '\'=1+1,"a,""b""@example.com",true,false,true,false,false,3\r\n',
    );
  });
});
