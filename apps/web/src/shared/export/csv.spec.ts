import { csvCell, toCsv } from './csv';

describe('CSV export', () => {
  describe('toCsv', () => {
    const rows = [
      { id: 'a', n: 1, note: 'plain', secret: 'x' },
      { id: 'b', n: 0, note: '=cmd()', secret: 'y' },
    ];

    it('writes a header of the columns and one CRLF line per row, only those columns', () => {
      expect(toCsv(['id', 'n', 'note'] as const, rows)).toBe(
        'id,n,note\r\n' + 'a,1,plain\r\n' + "b,0,'=cmd()\r\n",
      );
    });

    it('keeps the order of the columns, not of the row', () => {
      expect(toCsv(['note', 'id'] as const, rows.slice(0, 1))).toBe('note,id\r\nplain,a\r\n');
    });

    it('writes only the header for no rows', () => {
      expect(toCsv(['id', 'n'] as const, [] as typeof rows)).toBe('id,n\r\n');
    });
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
