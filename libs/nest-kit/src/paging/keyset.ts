import { PAGE_LIMIT, PAGE_MESSAGES, type Page } from '@examprep/contracts';
import { ServiceError } from '../rpc/rpc-error';

/** A sort key's value: text, a number or a date (never null: a key field is always set). */
export type KeyValue = string | number | Date;

/** One field of a keyset's order: its stored name, direction, kind, and how a row gives it. */
export interface KeyField<Row> {
  field: string;
  dir: 1 | -1;
  kind: 'string' | 'number' | 'date';
  of(row: Row): KeyValue;
  /**
   * The value as the store holds it, for the filter (e.g. an ObjectId from its 24-hex text;
   * the text's order must be the stored value's). Throws for a value it cannot take: the
   * cursor is then a 400 naming `cursor`. Without it the value is stored as it is.
   */
  store?(value: KeyValue): unknown;
}

/** A Mongo filter or sort built from plain objects (no mongoose import in the kit). */
export type KeysetFilter = Record<string, unknown>;

const cursorError = () =>
  ServiceError.badRequest(PAGE_MESSAGES.cursor, { cursor: [PAGE_MESSAGES.cursor] });

/**
 * Mongo's order of two key values of one kind: numbers and dates by value, text by its UTF-8
 * bytes (the store's binary comparison; JavaScript's `<` compares UTF-16 units, which differs
 * above U+FFFF).
 */
export function compareKeyValues(a: KeyValue, b: KeyValue): number {
  if (typeof a === 'string' && typeof b === 'string') {
    return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  }
  const x = a instanceof Date ? a.getTime() : (a as number);
  const y = b instanceof Date ? b.getTime() : (b as number);
  return x < y ? -1 : x > y ? 1 : 0;
}

/**
 * A keyset order over rows (issue 26, ADR 0026): sort keys whose last field is unique (the
 * `_id`, the tie-breaker), the Mongo sort and "after the cursor" filter for the repository,
 * the same order and filter in memory for its fake, and the opaque cursor: base64url of the
 * JSON array of the last row's key values. A page reads `limit + 1` rows: the extra one says
 * whether there is a next page, and is not shown.
 */
export class Keyset<Row> {
  constructor(readonly fields: readonly KeyField<Row>[]) {
    if (fields.length === 0) throw new Error('a keyset needs at least its unique field');
  }

  /** The Mongo sort (field order kept). */
  sort(): Record<string, 1 | -1> {
    return Object.fromEntries(this.fields.map((f) => [f.field, f.dir]));
  }

  /** The cursor after `row`. */
  cursorOf(row: Row): string {
    const values = this.fields.map((f) => {
      const v = f.of(row);
      return v instanceof Date ? v.toISOString() : v;
    });
    return Buffer.from(JSON.stringify(values), 'utf8').toString('base64url');
  }

  /** The key values a cursor holds; a 400 naming `cursor` for anything this keyset did not write. */
  decode(cursor: string): KeyValue[] {
    if (!/^[A-Za-z0-9_-]+$/.test(cursor)) throw cursorError();
    let raw: unknown;
    try {
      raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      throw cursorError();
    }
    if (!Array.isArray(raw) || raw.length !== this.fields.length) throw cursorError();
    return this.fields.map((f, i) => {
      const v: unknown = raw[i];
      const value = keyValue(f, v);
      if (value === undefined) throw cursorError();
      if (f.store) {
        try {
          f.store(value);
        } catch {
          throw cursorError();
        }
      }
      return value;
    });
  }

  /**
   * The Mongo filter of the rows after the cursor ({} without one): for keys k1..kn,
   * (k1 beyond v1) or (k1 = v1 and k2 beyond v2) or ... An index on the keys in this order
   * (after the equality filters) serves it without reading other documents. With more than one
   * key, the redundant bound `k1 at or beyond v1` beside the $or is what lets the store start its
   * index scan at the cursor (PostgreSQL takes an Index Cond from it, not from the $or; ADR 0028)
   * instead of walking the index from the first row to the page.
   */
  after(cursor: string | undefined): KeysetFilter {
    if (cursor === undefined) return {};
    const values = this.decode(cursor);
    const branches = this.fields.map((f, i) => {
      const branch: KeysetFilter = {};
      const stored = (j: number) => {
        const k = this.fields[j]!;
        return k.store ? k.store(values[j]!) : values[j];
      };
      for (let j = 0; j < i; j++) branch[this.fields[j]!.field] = stored(j);
      branch[f.field] = { [f.dir === 1 ? '$gt' : '$lt']: stored(i) };
      return branch;
    });
    if (branches.length === 1) return branches[0]!;
    const first = this.fields[0]!;
    const v0 = first.store ? first.store(values[0]!) : values[0];
    return { [first.field]: { [first.dir === 1 ? '$gte' : '$lte']: v0 }, $or: branches };
  }

  /** The order of the keyset, in memory (the fakes sort with it). */
  compare = (a: Row, b: Row): number => {
    for (const f of this.fields) {
      const c = compareKeyValues(f.of(a), f.of(b)) * f.dir;
      if (c !== 0) return c;
    }
    return 0;
  };

  /** Whether the row comes after the cursor, in memory (what `after` selects in the store). */
  isAfter(row: Row, cursor: string | undefined): boolean {
    if (cursor === undefined) return true;
    const values = this.decode(cursor);
    for (let i = 0; i < this.fields.length; i++) {
      const f = this.fields[i]!;
      const c = compareKeyValues(f.of(row), values[i]!) * f.dir;
      if (c !== 0) return c > 0;
    }
    return false;
  }

  /**
   * One page of rows read in this order with `limit + 1`: the first `limit`, and the cursor
   * after the last of them when the extra row came.
   */
  page<T extends Row>(rows: readonly T[], limit: number): Page<T> {
    const items = rows.slice(0, limit);
    const last = items[items.length - 1];
    return { items, next: rows.length > limit && last !== undefined ? this.cursorOf(last) : null };
  }

  /** In memory, what a repository's query gives: the page after the cursor of the sorted rows. */
  pageOf<T extends Row>(rows: readonly T[], cursor: string | undefined, limit: number): Page<T> {
    const after = rows.filter((r) => this.isAfter(r, cursor)).sort(this.compare);
    return this.page(after.slice(0, limit + 1), limit);
  }
}

/** A cursor's JSON value as the field's kind, or undefined when it is not one. */
function keyValue<Row>(f: KeyField<Row>, v: unknown): KeyValue | undefined {
  if (f.kind === 'string' && typeof v === 'string') return v;
  if (f.kind === 'number' && typeof v === 'number' && Number.isFinite(v)) return v;
  if (f.kind === 'date' && typeof v === 'string') {
    const d = new Date(v);
    if (!Number.isNaN(d.getTime()) && d.toISOString() === v) return d;
  }
  return undefined;
}

/** A requested limit within PAGE_LIMIT (the default when none). */
export function pageLimit(limit: number | undefined): number {
  if (limit === undefined) return PAGE_LIMIT.default;
  return Math.min(PAGE_LIMIT.max, Math.max(PAGE_LIMIT.min, Math.trunc(limit)));
}
