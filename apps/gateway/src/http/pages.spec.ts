import { jsonExportStream, nextLink } from './pages';

describe('nextLink (ADR 0026)', () => {
  it("the request's path and query with the next cursor; none on the last page", () => {
    expect(nextLink('/api/questions?course=TEAS%20Math&limit=2', 'WyJhIl0')).toBe(
      '</api/questions?course=TEAS+Math&limit=2&cursor=WyJhIl0>; rel="next"',
    );
    expect(nextLink('/api/questions?cursor=old&limit=2', 'new')).toBe(
      '</api/questions?cursor=new&limit=2>; rel="next"',
    );
    expect(nextLink('/api/questions', null)).toBeNull();
  });
});

describe('jsonExportStream', () => {
  async function text(stream: NodeJS.ReadableStream) {
    let out = '';
    for await (const chunk of stream) out += String(chunk);
    return out;
  }
  const pages = [[{ q: 1 }, { q: 'two\nlines' }], [], [{ q: 3 }]];

  it('writes one JSON value: the head, every row of every page in order, one row a line', async () => {
    const asked: number[] = [];
    const out = await text(
      jsonExportStream({
        head: { exportDate: 'd', totalQuestions: 3, filters: { course: 'C' } },
        key: 'questions',
        first: 0,
        rows: (i) => pages[i]!,
        next: (i) => (i + 1 < pages.length ? Promise.resolve(asked.push(i + 1) && i + 1) : null),
      }),
    );
    expect(JSON.parse(out)).toEqual({
      exportDate: 'd',
      totalQuestions: 3,
      filters: { course: 'C' },
      questions: [{ q: 1 }, { q: 'two\nlines' }, { q: 3 }],
    });
    expect(asked).toEqual([1, 2]);
    // the head line, then one line per row
    expect(out.split('\n')).toHaveLength(1 + 3 + 2);
  });

  it('no rows: an empty array', async () => {
    const out = await text(
      jsonExportStream({ head: { a: 1 }, key: 'rows', first: 0, rows: () => [], next: () => null }),
    );
    expect(JSON.parse(out)).toEqual({ a: 1, rows: [] });
  });

  it('asks for a page only when the reader takes the previous one (bounded memory)', async () => {
    let asked = 0;
    const stream = jsonExportStream({
      head: {},
      key: 'rows',
      first: 0,
      rows: (i: number) => [{ i }],
      next: (i) => (i < 1000 ? (asked++, Promise.resolve(i + 1)) : null),
    });
    const it = stream[Symbol.asyncIterator]();
    await it.next();
    await it.next();
    await new Promise((r) => setTimeout(r, 20));
    expect(asked).toBeLessThan(50);
    stream.destroy();
  });
});
