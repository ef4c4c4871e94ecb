import { type AdminUserRow } from '@examprep/contracts/types';
import { csvCell, USERS_CSV_COLUMNS, usersToCsv } from './users-csv';

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

  it.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line\nbreak', '"line\nbreak"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
  ])('escapes %j as %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("http://x","y")', '"\'=HYPERLINK(""http://x"",""y"")"'],
    ['a=b', 'a=b'],
    ['mail+tag@x.test', 'mail+tag@x.test'],
  ])('guards %j against formula injection as %j', (input, output) => {
    expect(csvCell(input)).toBe(output);
  });

  it('writes booleans, numbers and missing values as text', () => {
    expect([csvCell(true), csvCell(false), csvCell(0), csvCell(undefined), csvCell(null)]).toEqual([
      'true',
      'false',
      '0',
      '',
      '',
    ]);
  });
});
