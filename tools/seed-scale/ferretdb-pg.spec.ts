// Unit specs of the fast path's encoder (ferretdb-pg.cjs): documents in FerretDB 1.24's
// "sjson" form, as its postgresql backend stores them after a driver's insert. The rows it
// writes are read back through FerretDB in test/copy-path.int-spec.ts.
import { BSON, Double, Int32, Long, ObjectId } from 'mongodb';
import fc from 'fast-check';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const fpg = require('./ferretdb-pg.cjs') as {
  toSjson(doc: object, newId?: () => unknown): string;
  copyRow(text: string): string;
  uuidText(binary: Uint8Array): string;
  tagWhere(m: { idPrefix?: string; field?: string; suffix?: string }): {
    where: string;
    params: string[];
  };
  SjsonError: new (m: string) => Error;
};

type Elem = { t: string; $s?: Schema; i?: Elem[] };
type Schema = { p?: Record<string, Elem>; $k?: string[] };

/**
 * FerretDB's sjson.Unmarshal written again from its Go source (internal/handler/sjson): the
 * values read by the type schema, as BSON values. Strict like it: the schema's keys must be
 * exactly the document's fields.
 */
function fromSjson(text: string): Record<string, unknown> {
  const raw = JSON.parse(text) as Record<string, unknown> & { $s: Schema };
  const { $s, ...fields } = raw;
  return readDoc(fields, $s);
}

function readDoc(fields: Record<string, unknown>, schema: Schema): Record<string, unknown> {
  const keys = schema.$k ?? [];
  expect(Object.keys(fields).sort()).toEqual([...keys].sort());
  const out: Record<string, unknown> = {};
  for (const k of keys) out[k] = readValue(fields[k], schema.p![k]);
  return out;
}

function readValue(v: unknown, elem: Elem): unknown {
  if (v === null) return null;
  switch (elem.t) {
    case 'object':
      return readDoc(v as Record<string, unknown>, elem.$s!);
    case 'array':
      expect((v as unknown[]).length).toBe(elem.i!.length);
      return (v as unknown[]).map((x, i) => readValue(x, elem.i![i]));
    case 'double':
      return new Double(v as number);
    case 'int':
      expect(Number.isInteger(v)).toBe(true);
      return new Int32(v as number);
    case 'long':
      // JSON.parse reads numbers as doubles: the property's int64 stay within 2^53 (the
      // extremes are checked on the text below)
      expect(Number.isSafeInteger(v)).toBe(true);
      return Long.fromNumber(v as number);
    case 'string':
      return v;
    case 'bool':
      return v;
    case 'date':
      return new Date(v as number);
    case 'objectId':
      return ObjectId.createFromHexString(v as string);
    default:
      throw new Error(`unexpected type ${elem.t}`);
  }
}

/** What FerretDB does to a document before storing it: _id first, -0 as 0 (ValidateData). */
function asFerretStores(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(asFerretStores);
  if (v instanceof Double) return Object.is(v.value, -0) ? new Double(0) : v;
  if (v === null || typeof v !== 'object' || (v as { _bsontype?: string })._bsontype) return v;
  if (v instanceof Date) return v;
  const o = v as Record<string, unknown>;
  const keys = Object.keys(o);
  if (keys.includes('_id')) {
    keys.splice(keys.indexOf('_id'), 1);
    keys.unshift('_id');
  }
  return Object.fromEntries(keys.map((k) => [k, asFerretStores(o[k])]));
}

/**
 * The same document as the driver sends it (BSON; the driver's default keeps undefined as null)
 * and FerretDB stores it, in canonical EJSON (types and key order).
 */
const viaDriver = (doc: object) =>
  BSON.EJSON.stringify(
    asFerretStores(
      BSON.deserialize(BSON.serialize(doc, { ignoreUndefined: false }), { promoteValues: false }),
    ) as object,
    { relaxed: false },
  );
const viaCopy = (doc: object) =>
  BSON.EJSON.stringify(fromSjson(fpg.toSjson(doc)) as object, { relaxed: false });

// documents of the kinds seed-scale writes: strings, numbers of every width, booleans, dates,
// ObjectIds, null and undefined, nested documents and arrays of them
const key = fc.oneof(
  fc.constant('_id'),
  fc
    .string({ minLength: 0, maxLength: 6 })
    .filter((k) => !k.startsWith('$') && !k.includes('.') && k !== '__proto__'),
);
const scalar = fc.oneof(
  fc.string({ maxLength: 12, unit: 'binary' }).map((s) => s.split('\u0000').join('')),
  fc.integer({ min: -0x80000000, max: 0x7fffffff }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.maxSafeInteger(),
  fc.boolean(),
  fc.date({ noInvalidDate: true }),
  fc.constant(null),
  fc.constant(undefined),
  fc.bigInt({ min: -(2n ** 53n) + 1n, max: 2n ** 53n - 1n }),
  fc.uint8Array({ minLength: 12, maxLength: 12 }).map((b) => new ObjectId(b)),
);
const { doc } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    tie('doc'),
    fc.array(fc.oneof(scalar, tie('doc')), { maxLength: 4 }),
  ),
  doc: fc.dictionary(key, tie('value'), { maxKeys: 5, noNullPrototype: true }),
}));
const topDoc = fc
  .tuple(doc, fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), fc.nat(5))
  .map(([d, id, at]) => {
    // _id somewhere among the fields: FerretDB moves it first
    const entries = Object.entries(d as Record<string, unknown>).filter(([k]) => k !== '_id');
    entries.splice(Math.min(at, entries.length), 0, ['_id', id]);
    return Object.fromEntries(entries);
  });

describe('toSjson: a document as FerretDB 1.24 stores it on PostgreSQL', () => {
  it('reads back (by its type schema) as the driver would have stored it: same fields, order and BSON types', () => {
    fc.assert(
      fc.property(topDoc, (d) => {
        expect(viaCopy(d)).toBe(viaDriver(d));
      }),
      { numRuns: 500 },
    );
  });

  it('is what FerretDB 1.24 itself stored for the same insert (captured from the test profile)', () => {
    // inserted with insertOne through FerretDB, then `SELECT _jsonb` from its table
    const d = {
      z: 1,
      _id: 'a\\b"c',
      n: -0,
      d: 1.5,
      big: 2 ** 40,
      neg: -3,
      s: 'héllo\n\t<&>\ud800',
      t: true,
      dt: new Date(1234567890123),
      nested: { b: [1, 'x', null, { q: 2, _id: 5 }], e: {}, ea: [] },
      o: new ObjectId('65ab00000000000000000001'),
      l: Long.fromNumber(5),
      i: new Int32(7),
      db: new Double(3),
      u: undefined,
      nu: null,
      fn: () => 1,
      arr: [undefined, new Date(0)],
    };
    const stored = {
      d: 1.5,
      i: 7,
      l: 5,
      n: 0,
      o: '65ab00000000000000000001',
      s: 'héllo\n\t<&>\ufffd',
      t: true,
      u: null,
      z: 1,
      $s: {
        p: {
          d: { t: 'double' },
          i: { t: 'int' },
          l: { t: 'long' },
          n: { t: 'double' },
          o: { t: 'objectId' },
          s: { t: 'string' },
          t: { t: 'bool' },
          u: { t: 'null' },
          z: { t: 'int' },
          db: { t: 'double' },
          dt: { t: 'date' },
          nu: { t: 'null' },
          _id: { t: 'string' },
          arr: { i: [{ t: 'null' }, { t: 'date' }], t: 'array' },
          big: { t: 'double' },
          neg: { t: 'int' },
          nested: {
            t: 'object',
            $s: {
              p: {
                b: {
                  i: [
                    { t: 'int' },
                    { t: 'string' },
                    { t: 'null' },
                    {
                      t: 'object',
                      $s: { p: { q: { t: 'int' }, _id: { t: 'int' } }, $k: ['_id', 'q'] },
                    },
                  ],
                  t: 'array',
                },
                e: { t: 'object', $s: {} },
                ea: { i: [], t: 'array' },
              },
              $k: ['b', 'e', 'ea'],
            },
          },
        },
        $k: [
          '_id',
          'z',
          'n',
          'd',
          'big',
          'neg',
          's',
          't',
          'dt',
          'nested',
          'o',
          'l',
          'i',
          'db',
          'u',
          'nu',
          'arr',
        ],
      },
      db: 3,
      dt: 1234567890123,
      nu: null,
      _id: 'a\\b"c',
      arr: [null, 0],
      big: 1099511627776,
      neg: -3,
      nested: { b: [1, 'x', null, { q: 2, _id: 5 }], e: {}, ea: [] },
    };
    expect(JSON.parse(fpg.toSjson(d))).toEqual(stored);
  });

  it('writes int64 at its extremes exactly (bigint and Long)', () => {
    const text = fpg.toSjson({ _id: 1, a: 2n ** 63n - 1n, b: Long.MIN_VALUE });
    expect(text).toContain('"a":9223372036854775807');
    expect(text).toContain('"b":-9223372036854775808');
    expect(text).toContain('"a":{"t":"long"}');
  });

  it('gives a document without _id an ObjectId first, as the driver does', () => {
    const id = new ObjectId();
    const d: Record<string, unknown> = { a: 1 };
    expect(JSON.parse(fpg.toSjson(d, () => id))).toEqual({
      $s: { p: { _id: { t: 'objectId' }, a: { t: 'int' } }, $k: ['_id', 'a'] },
      _id: id.toHexString(),
      a: 1,
    });
    expect(d._id).toBe(id);
    expect(() => fpg.toSjson({ a: 1 })).toThrow(/without _id/);
  });

  it.each([
    [{ _id: 1, $set: 1 }, /starts with \$/],
    [{ _id: 1, 'a.b': 1 }, /holds a dot/],
    [{ _id: 1, a: [[1]] }, /array in an array/],
    [{ _id: 1, a: Number.NaN }, /NaN/],
    [{ _id: 1, a: { b: Infinity } }, /Infinity/],
    [{ _id: 1, a: 'x\u0000y' }, /U\+0000/],
    [{ _id: [1] }, /array as _id/],
    [{ _id: 1, a: new Map() }, /class Map/],
    [{ _id: 1, a: 2n ** 63n }, /beyond int64/],
  ])('refuses what FerretDB on PostgreSQL refuses: %p', (d, message) => {
    expect(() => fpg.toSjson(d)).toThrow(message);
  });
});

describe('copyRow', () => {
  it("is one line of COPY's text format that PostgreSQL reads back as the same text", () => {
    fc.assert(
      fc.property(topDoc, (d) => {
        const text = fpg.toSjson(d);
        const row = fpg.copyRow(text);
        expect(row.endsWith('\n')).toBe(true);
        expect(row.slice(0, -1)).not.toMatch(/[\n\r\t]/);
        // COPY text format: a backslash escapes the next character
        expect(row.slice(0, -1).replace(/\\(.)/g, '$1')).toBe(text);
      }),
      { numRuns: 200 },
    );
  });
});

describe('tagWhere', () => {
  it("is a range of the _id index's columns for an id prefix, up to the prefix's successor", () => {
    const { where, params } = fpg.tagWhere({ idPrefix: '5ca1e000-abcd-' });
    expect(params).toEqual(['5ca1e000-abcd-', '5ca1e000-abcd.']);
    expect(where).toContain("COALESCE(_jsonb->'_id', 'null'::jsonb) >= to_jsonb($1::text)");
    expect(where).toContain("WHEN 'string' THEN 3");
    expect(where).toMatch(/END\) = 3 AND/);
  });

  it('is a LIKE on the field for a suffix, its wildcards escaped', () => {
    expect(fpg.tagWhere({ field: 'course', suffix: ' (seed-scale 0_0%)' })).toEqual({
      where: "_jsonb->>'course' LIKE $1",
      params: ['% (seed-scale 0\\_0\\%)'],
    });
  });
});

describe('uuidText', () => {
  it("writes listCollections' binary UUID as FerretDB's metadata keeps it", () => {
    const hex = '0f1e2d3c4b5a69788796a5b4c3d2e1f0';
    expect(fpg.uuidText(Buffer.from(hex, 'hex'))).toBe('0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0');
  });
});
