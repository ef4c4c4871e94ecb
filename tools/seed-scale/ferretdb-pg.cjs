// seed-scale's fast path on FerretDB 1.24 over PostgreSQL (issue 26 part 4, ADR 0028): the
// documents are written with `COPY ... FROM STDIN` straight into the tables FerretDB reads, in
// the form FerretDB's postgresql backend stores them, instead of one insert command per chunk
// through FerretDB (which turns each BSON document into JSONB at one core: about 100 question
// snapshots a second).
//
// What FerretDB stores (internal/backends/postgresql, internal/handler/sjson of FerretDB 1.24):
//   - one PostgreSQL schema per MongoDB database in the database `ferretdb`; the table of a
//     collection is named by the schema's `_ferretdb_database_metadata` row of that collection
//     (`_jsonb->>'_id'` = the collection's name, `_jsonb->>'table'` = the table, `uuid`);
//   - a table holds one column `_jsonb jsonb` (capped collections also a record id: not used
//     here), one row per document, in FerretDB's "sjson" form: the document's fields as JSON plus
//     `$s`, the type schema: `{"p": {field: elem}, "$k": [fields in order]}` with elem
//     `{"t": "int"|"long"|"double"|"string"|"bool"|"date"|"objectId"|"null"}`,
//     `{"t":"object","$s":{...}}` (the nested document's schema, `{}` when empty) and
//     `{"t":"array","i":[elem...]}`; values: dates as milliseconds since the epoch, ObjectIds as
//     24 hex digits, int64 as a JSON number, nested documents as plain JSON objects;
//   - before storing, FerretDB puts `_id` first in every (nested) document, turns -0 into 0 and
//     refuses infinities, NaN, nested arrays and keys starting with `$` or holding a `.`.
// JavaScript values become BSON types as the MongoDB driver's serializer (js-bson 6) makes them:
// a number is an int32 when it is a safe integer in the int32 range (and not -0), else a double;
// a bigint or a Long is an int64; undefined is null; functions are left out.
'use strict';

const INT32_MIN = -0x80000000;
const INT32_MAX = 0x7fffffff;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** FerretDB's metadata table in each database's schema. */
const METADATA_TABLE = '_ferretdb_database_metadata';

class SjsonError extends Error {}

const fail = (path, what) => {
  throw new SjsonError(`${path || '(document)'}: ${what} (FerretDB on PostgreSQL cannot store it)`);
};

function stringText(s, path) {
  if (s.includes('\u0000')) fail(path, 'a string holding U+0000');
  // the driver encodes lone surrogates as U+FFFD (UTF-8), which is what FerretDB then stores
  return JSON.stringify(typeof s.toWellFormed === 'function' ? s.toWellFormed() : s);
}

function doubleText(n, path) {
  if (!Number.isFinite(n)) fail(path, `the number ${n}`);
  return Object.is(n, -0) ? '0' : String(n);
}

function checkKey(key, path) {
  if (key.startsWith('$')) fail(path, `the key "${key}" (starts with $)`);
  if (key.includes('.')) fail(path, `the key "${key}" (holds a dot)`);
}

/** The keys of a document in the order FerretDB stores them: `_id` first, as it moves it. */
function keysOf(obj) {
  const keys = Object.keys(obj).filter((k) => typeof obj[k] !== 'function');
  const at = keys.indexOf('_id');
  if (at > 0) keys.unshift(...keys.splice(at, 1));
  return keys;
}

/** A document's fields as JSON (`{...}` without braces) and its schema `{"p":…,"$k":…}`. */
function fieldsOf(obj, path) {
  const keys = keysOf(obj);
  if (keys.length === 0) return { fields: '', schema: '{}' };
  const fields = [];
  const props = [];
  for (const key of keys) {
    const sub = path ? `${path}.${key}` : key;
    checkKey(key, sub);
    const [value, elem] = encodeValue(obj[key], sub);
    const name = JSON.stringify(key);
    fields.push(`${name}:${value}`);
    props.push(`${name}:${elem}`);
  }
  return {
    fields: fields.join(','),
    schema: `{"p":{${props.join(',')}},"$k":[${keys.map((k) => JSON.stringify(k)).join(',')}]}`,
  };
}

/** [value as JSON, its schema elem] of one value. */
function encodeValue(v, path) {
  if (v !== null && v !== undefined && typeof v.toBSON === 'function') v = v.toBSON();
  if (v === undefined || v === null) return ['null', '{"t":"null"}'];
  switch (typeof v) {
    case 'string':
      return [stringText(v, path), '{"t":"string"}'];
    case 'boolean':
      return [v ? 'true' : 'false', '{"t":"bool"}'];
    case 'number':
      if (!Object.is(v, -0) && Number.isSafeInteger(v) && v >= INT32_MIN && v <= INT32_MAX)
        return [String(v), '{"t":"int"}'];
      return [doubleText(v, path), '{"t":"double"}'];
    case 'bigint':
      if (v < INT64_MIN || v > INT64_MAX) fail(path, `the bigint ${v} (beyond int64)`);
      return [v.toString(), '{"t":"long"}'];
    case 'object':
      break;
    default:
      fail(path, `a value of type ${typeof v}`);
  }
  if (v instanceof Date) {
    const ms = v.getTime();
    if (Number.isNaN(ms)) fail(path, 'an invalid Date');
    return [String(ms), '{"t":"date"}'];
  }
  if (Array.isArray(v)) {
    const values = [];
    const items = [];
    for (let i = 0; i < v.length; i++) {
      const item = v[i];
      if (Array.isArray(item)) fail(`${path}.${i}`, 'an array in an array');
      const [value, elem] = encodeValue(typeof item === 'function' ? null : item, `${path}.${i}`);
      values.push(value);
      items.push(elem);
    }
    return [`[${values.join(',')}]`, `{"t":"array","i":[${items.join(',')}]}`];
  }
  switch (v._bsontype) {
    case undefined: {
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null)
        fail(path, `an object of class ${v.constructor?.name ?? '?'}`);
      const { fields, schema } = fieldsOf(v, path);
      return [`{${fields}}`, `{"t":"object","$s":${schema}}`];
    }
    case 'ObjectId':
      return [`"${v.toHexString()}"`, '{"t":"objectId"}'];
    case 'Long':
      return [v.toString(), '{"t":"long"}'];
    case 'Int32':
      return [String(v.value), '{"t":"int"}'];
    case 'Double':
      return [doubleText(v.value, path), '{"t":"double"}'];
    default:
      return fail(path, `a BSON ${v._bsontype}`);
  }
}

/**
 * A document as FerretDB 1.24's postgresql backend stores it in `_jsonb` (sjson.Marshal after
 * the insert handler's ValidateData). A document without `_id` gets an ObjectId, as the driver
 * gives it (`newId`, the driver's ObjectId class, must then be passed; the document is changed).
 */
function toSjson(doc, newId) {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new SjsonError('a document must be an object');
  if (doc._id === undefined || doc._id === null) {
    if (!newId) throw new SjsonError('a document without _id');
    doc._id = newId();
  }
  if (Array.isArray(doc._id)) fail('_id', 'an array as _id');
  const { fields, schema } = fieldsOf(doc, '');
  return `{"$s":${schema},${fields}}`;
}

/** One row of COPY's text format: backslashes doubled (JSON text holds no tab or newline). */
const copyRow = (text) => `${text.replace(/\\/g, '\\\\')}\n`;

// ---------------------------------------------------------------- COPY through node-postgres

/** Bytes per CopyData message. */
const COPY_MESSAGE_BYTES = 1 << 20;

/**
 * `COPY <table> (_jsonb) FROM STDIN` of ready rows, as a node-postgres submittable (the
 * protocol's CopyInResponse answered with CopyData messages and CopyDone). Resolves to the
 * number of rows copied.
 */
function copyIn(client, sql, rows) {
  return new Promise((resolve, reject) => {
    let error = null;
    let copied = 0;
    client.query({
      text: sql,
      submit(connection) {
        connection.query(sql);
      },
      handleCopyInResponse(connection) {
        let parts = [];
        let size = 0;
        const flush = () => {
          if (size === 0) return;
          connection.sendCopyFromChunk(Buffer.from(parts.join(''), 'utf8'));
          parts = [];
          size = 0;
        };
        for (const row of rows) {
          parts.push(row);
          size += row.length;
          if (size >= COPY_MESSAGE_BYTES) flush();
        }
        flush();
        connection.endCopyFrom();
      },
      handleCommandComplete(msg) {
        const m = /^COPY (\d+)/.exec(msg.text ?? '');
        if (m) copied = Number(m[1]);
      },
      handleReadyForQuery() {
        if (error) reject(error);
        else resolve(copied);
      },
      handleError(err) {
        error = err;
      },
      handleRowDescription() {},
      handleDataRow() {},
      handleEmptyQuery() {},
      handlePortalSuspended() {},
      handleCopyData() {},
    });
  });
}

const quoteIdent = (name) => `"${String(name).replace(/"/g, '""')}"`;

/** A UUID from listCollections' `info.uuid` (BSON binary subtype 4), as FerretDB keeps it. */
function uuidText(binary) {
  if (!binary) return null;
  const hex =
    binary._bsontype === 'Binary' ? binary.toString('hex') : Buffer.from(binary).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The PostgreSQL store behind a FerretDB, when there is one: `{ tableOf, copy, close }` or
 * `{ reason }` (why not). `mongo` is a connected MongoClient, `pgUrl` the PostgreSQL database
 * FerretDB uses. Each collection's table is looked up in FerretDB's metadata and held to the
 * collection FerretDB lists (same UUID), so rows go where FerretDB reads them.
 */
async function ferretdbPostgres(mongo, pgUrl, { poolSize = 6 } = {}) {
  const info = await mongo.db('admin').command({ buildInfo: 1 });
  if (!info.ferretdbVersion) return { reason: 'the store is not FerretDB' };
  let Pool;
  try {
    ({ Pool } = require('pg'));
  } catch {
    return { reason: 'the npm package pg is not installed' };
  }
  const pool = new Pool({
    connectionString: pgUrl,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    application_name: 'seed-scale',
    // a seed cut short is removed and run again: no commit waits for its WAL flush
    options: '-c synchronous_commit=off',
  });
  pool.on('error', () => {}); // an idle client's error: the next query reports it
  try {
    await pool.query('SELECT 1');
  } catch (err) {
    await pool.end();
    return {
      reason: `PostgreSQL at ${pgUrl.replace(/\/\/[^@]*@/, '//')} answered: ${err.message}`,
    };
  }
  const tables = new Map();
  return {
    /** The table of a collection FerretDB has (created through it first); throws if unknown. */
    async tableOf(dbName, name) {
      const key = `${dbName}.${name}`;
      if (tables.has(key)) return tables.get(key);
      const [listed] = await mongo.db(dbName).listCollections({ name }).toArray();
      if (!listed) throw new Error(`${key} does not exist in FerretDB`);
      const res = await pool
        .query(
          `SELECT _jsonb->>'table' AS "table", _jsonb->>'uuid' AS uuid,
                  (_jsonb->>'cappedSize')::bigint AS capped
             FROM ${quoteIdent(dbName)}.${METADATA_TABLE} WHERE _jsonb->>'_id' = $1`,
          [name],
        )
        .catch((err) => {
          throw new Error(
            `FerretDB's metadata of ${dbName} not found in PostgreSQL: ${err.message}`,
          );
        });
      const row = res.rows[0];
      if (!row) throw new Error(`${key} has no row in FerretDB's metadata in PostgreSQL`);
      const uuid = uuidText(listed.info?.uuid);
      if (uuid && row.uuid !== uuid)
        throw new Error(
          `${key}: FerretDB lists UUID ${uuid}, PostgreSQL holds ${row.uuid} (another store?)`,
        );
      if (Number(row.capped) > 0) throw new Error(`${key} is capped`);
      const table = `${quoteIdent(dbName)}.${quoteIdent(row.table)}`;
      tables.set(key, table);
      return table;
    },
    /** COPY of rows made by copyRow into a collection's table: the number copied. */
    async copy(table, rows) {
      const client = await pool.connect();
      try {
        return await copyIn(client, `COPY ${table} (_jsonb) FROM STDIN`, rows);
      } finally {
        client.release();
      }
    },
    /** Deletes a collection's rows of a tag (see tagWhere): the number deleted. */
    async deleteTagged(table, match) {
      const { where, params } = tagWhere(match);
      return (await pool.query(`DELETE FROM ${table} WHERE ${where}`, params)).rowCount;
    },
    /** Counts a collection's rows of a tag (see tagWhere). */
    async countTagged(table, match) {
      const { where, params } = tagWhere(match);
      const res = await pool.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE ${where}`,
        params,
      );
      return res.rows[0].n;
    },
    query: (sql, params) => pool.query(sql, params),
    close: () => pool.end(),
  };
}

/**
 * The `_id` index's two columns as our FerretDB patch makes them (ADR 0028,
 * metadata.RankExpr/ValueExpr of tools/infra/ferretdb-postgresql-ordered-indexes.patch): a
 * condition written with the same expressions is served by the collection's `_id` index.
 */
const ID_RANK =
  `(CASE ((_jsonb->'$s'->'p'->'_id')->>'t') ` +
  `WHEN 'int' THEN 2 WHEN 'long' THEN 2 WHEN 'double' THEN 2 ` +
  `WHEN 'string' THEN 3 WHEN 'object' THEN 4 WHEN 'array' THEN 5 WHEN 'binData' THEN 6 ` +
  `WHEN 'objectId' THEN 7 WHEN 'bool' THEN 8 WHEN 'date' THEN 9 WHEN 'timestamp' THEN 10 ` +
  `WHEN 'regex' THEN 11 ELSE 1 END)`;
const ID_VALUE = `COALESCE(_jsonb->'_id', 'null'::jsonb)`;

/**
 * The rows of a tag: `{ idPrefix }` (string ids starting with it: one range of the `_id` index,
 * strings ordered by bytes under the C collation) or `{ field, suffix }` (a string field ending
 * with it: a scan, for the question bank's courses).
 */
function tagWhere(match) {
  if (match.idPrefix) {
    const p = match.idPrefix;
    const after = p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1);
    return {
      where: `${ID_RANK} = 3 AND ${ID_VALUE} >= to_jsonb($1::text) AND ${ID_VALUE} < to_jsonb($2::text)`,
      params: [p, after],
    };
  }
  const like = `%${match.suffix.replace(/[\\%_]/g, (c) => `\\${c}`)}`;
  return { where: `_jsonb->>${quoteLiteral(match.field)} LIKE $1`, params: [like] };
}

const quoteLiteral = (s) => `'${String(s).replace(/'/g, "''")}'`;

/** PostgreSQL's error code of a unique index's violation (a document there already). */
const UNIQUE_VIOLATION = '23505';

module.exports = {
  tagWhere,
  toSjson,
  copyRow,
  copyIn,
  ferretdbPostgres,
  uuidText,
  SjsonError,
  UNIQUE_VIOLATION,
};
