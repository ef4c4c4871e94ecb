import fc from 'fast-check';
import { PAGE_MESSAGES } from '@examprep/contracts';
import { refusalOf } from '../rpc/refusal';
import { compareKeyValues, Keyset, type KeysetFilter, type KeyValue, pageLimit } from './keyset';

interface Row {
  _id: string;
  course: string;
  n: number;
  at: Date;
}

const byCourseThenNewest = new Keyset<Row>([
  { field: 'course', dir: 1, kind: 'string', of: (r) => r.course },
  { field: 'at', dir: -1, kind: 'date', of: (r) => r.at },
  { field: '_id', dir: 1, kind: 'string', of: (r) => r._id },
]);

/** The few operators `Keyset.after` writes, evaluated as the store would. */
function matches(row: Record<string, unknown>, filter: KeysetFilter): boolean {
  return Object.entries(filter).every(([key, cond]) => {
    if (key === '$or') return (cond as KeysetFilter[]).some((f) => matches(row, f));
    const v = row[key] as KeyValue;
    if (cond !== null && typeof cond === 'object' && !(cond instanceof Date)) {
      const [[op, arg]] = Object.entries(cond) as [[string, KeyValue]];
      const c = compareKeyValues(v, arg);
      return { $gt: c > 0, $gte: c >= 0, $lt: c < 0, $lte: c <= 0 }[op];
    }
    return compareKeyValues(v, cond as KeyValue) === 0;
  });
}

// small domains, so that ties on the first keys are common
const rowArb = fc.record({
  _id: fc.string({ minLength: 1, maxLength: 4 }),
  course: fc.constantFrom('TEAS', 'Dosage', 'Ω', '𝔸lgebra', 'ab'),
  n: fc.integer({ min: -3, max: 3 }),
  at: fc.integer({ min: 0, max: 4 }).map((d) => new Date(Date.UTC(2026, 0, 1 + d))),
});
const rowsArb = fc.uniqueArray(rowArb, { selector: (r) => r._id, maxLength: 60 });

const sorted = (rows: readonly Row[], k: Keyset<Row> = byCourseThenNewest) =>
  [...rows].sort(k.compare);

describe('Keyset', () => {
  it('pages concatenated are the whole list in its order, each row once (any limit)', () => {
    fc.assert(
      fc.property(rowsArb, fc.integer({ min: 1, max: 7 }), (rows, limit) => {
        const seen: Row[] = [];
        let cursor: string | undefined;
        for (let i = 0; i <= rows.length; i++) {
          const page = byCourseThenNewest.pageOf(rows, cursor, limit);
          expect(page.items.length).toBeLessThanOrEqual(limit);
          seen.push(...page.items);
          if (page.next === null) break;
          cursor = page.next;
        }
        expect(seen).toEqual(sorted(rows));
      }),
    );
  });

  it('rows inserted between pages: no row shown twice, none of the first rows skipped', () => {
    fc.assert(
      fc.property(
        rowsArb,
        fc.array(fc.array(rowArb, { maxLength: 4 }), { maxLength: 10 }),
        fc.integer({ min: 1, max: 5 }),
        (initial, inserts, limit) => {
          const ids = new Set(initial.map((r) => r._id));
          const store = [...initial];
          const shown: string[] = [];
          let cursor: string | undefined;
          for (let i = 0; i < initial.length + 40; i++) {
            const page = byCourseThenNewest.pageOf(store, cursor, limit);
            shown.push(...page.items.map((r) => r._id));
            for (const r of inserts[i] ?? []) {
              if (ids.has(r._id)) continue;
              store.push(r);
              ids.add(r._id);
            }
            if (page.next === null) break;
            cursor = page.next;
          }
          expect(new Set(shown).size).toBe(shown.length);
          for (const r of initial) expect(shown).toContain(r._id);
        },
      ),
    );
  });

  it('the store filter selects exactly the rows after the cursor (same as the fake)', () => {
    fc.assert(
      fc.property(rowsArb, rowArb, (rows, at) => {
        const cursor = byCourseThenNewest.cursorOf(at);
        const filter = byCourseThenNewest.after(cursor);
        for (const r of rows) {
          expect(matches(r as unknown as Record<string, unknown>, filter)).toBe(
            byCourseThenNewest.isAfter(r, cursor),
          );
          expect(byCourseThenNewest.isAfter(r, cursor)).toBe(byCourseThenNewest.compare(r, at) > 0);
        }
      }),
    );
  });

  it('writes the Mongo sort and a one-branch filter for a single key', () => {
    expect(byCourseThenNewest.sort()).toEqual({ course: 1, at: -1, _id: 1 });
    const byId = new Keyset<Row>([{ field: '_id', dir: 1, kind: 'string', of: (r) => r._id }]);
    expect(byId.after(undefined)).toEqual({});
    expect(byId.after(byId.cursorOf({ _id: 'AB12' } as Row))).toEqual({ _id: { $gt: 'AB12' } });
    const byNumber = new Keyset<Row>([
      { field: 'n', dir: -1, kind: 'number', of: (r) => r.n },
      { field: '_id', dir: 1, kind: 'string', of: (r) => r._id },
    ]);
    expect(byNumber.after(byNumber.cursorOf({ _id: 'x', n: 3 } as Row))).toEqual({
      n: { $lte: 3 },
      $or: [{ n: { $lt: 3 } }, { n: 3, _id: { $gt: 'x' } }],
    });
  });

  it('orders text by UTF-8 bytes, as the store does (U+1D538 after U+FFFD)', () => {
    expect(compareKeyValues('𝔸', '\uFFFD')).toBeGreaterThan(0);
    expect('𝔸' < '\uFFFD').toBe(true); // JavaScript's own order would differ
  });

  it('a cursor it did not write is a 400 naming cursor', async () => {
    const bad = [
      '',
      'not base64!',
      Buffer.from('nope').toString('base64url'),
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('["TEAS","2026-01-01T00:00:00.000Z"]').toString('base64url'),
      Buffer.from('["TEAS","yesterday","x"]').toString('base64url'),
      Buffer.from('["TEAS","2026-01-01T00:00:00.000Z",7]').toString('base64url'),
      Buffer.from('[1,"2026-01-01T00:00:00.000Z","x"]').toString('base64url'),
    ];
    for (const cursor of bad) {
      const refusal = await refusalOf(
        Promise.resolve().then(() => byCourseThenNewest.after(cursor)),
      );
      expect(refusal).toMatchObject({
        status: 400,
        message: PAGE_MESSAGES.cursor,
        fields: { cursor: [PAGE_MESSAGES.cursor] },
      });
    }
  });

  it('writes a key as the store holds it (store), and refuses a cursor it cannot take', async () => {
    class Oid {
      constructor(readonly hex: string) {
        if (!/^[a-f0-9]{24}$/.test(hex)) throw new Error('not an ObjectId');
      }
    }
    const byNewestId = new Keyset<Row>([
      { field: 'n', dir: 1, kind: 'number', of: (r) => r.n },
      {
        field: '_id',
        dir: -1,
        kind: 'string',
        of: (r) => r._id,
        store: (v) => new Oid(v as string),
      },
    ]);
    const id = 'a'.repeat(24);
    expect(byNewestId.after(byNewestId.cursorOf({ _id: id, n: 2 } as Row))).toEqual({
      n: { $gte: 2 },
      $or: [{ n: { $gt: 2 } }, { n: 2, _id: { $lt: new Oid(id) } }],
    });
    const refusal = await refusalOf(
      Promise.resolve().then(() =>
        byNewestId.after(byNewestId.cursorOf({ _id: 'x', n: 2 } as Row)),
      ),
    );
    expect(refusal).toMatchObject({ status: 400, fields: { cursor: [PAGE_MESSAGES.cursor] } });
  });

  it('round-trips any cursor it wrote', () => {
    fc.assert(
      fc.property(rowArb, (row) => {
        const values = byCourseThenNewest.decode(byCourseThenNewest.cursorOf(row));
        expect(values).toEqual([row.course, row.at, row._id]);
      }),
    );
  });
});

describe('pageLimit', () => {
  it('defaults to 50 and stays within 1..100', () => {
    expect(pageLimit(undefined)).toBe(50);
    expect(pageLimit(0)).toBe(1);
    expect(pageLimit(1000)).toBe(100);
    expect(pageLimit(7)).toBe(7);
  });
});
