// Every query has its index (issue 26, ADR 0028): the queries a repository sends while its
// integration spec runs are recorded, then each is explained against the real store and must
// not read a whole collection that grows with users.
//
// On FerretDB on PostgreSQL (the local store) the plan comes from a second FerretDB process on
// the same database whose PostgreSQL session has enable_seqscan=off: the planner then takes an
// index whenever one can serve the query, however few rows the scratch collection holds, and a
// plan that still has a "Seq Scan" has no index that serves it. On MongoDB (TEST_INFRA=containers)
// the winning plan must have no COLLSCAN stage.
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { type Document, MongoClient } from 'mongodb';
import type { Connection } from 'mongoose';
import { infraConfig, type InfraProfile } from './config';
import { infraBackend } from './containers';
import { freePort } from './replica';

/** One query mongoose sent: the collection, the driver method and what selects the documents. */
export interface RecordedQuery {
  collection: string;
  method: string;
  filter: Document;
  sort?: Document;
  limit?: number;
  pipeline?: Document[];
}

/** Driver methods whose first argument is a filter. */
const FILTER_METHODS = new Set([
  'find',
  'findOne',
  'countDocuments',
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
  'distinct',
]);

/**
 * Records the queries mongoose sends on `conn` (its debug hook) until `stop()`.
 * Inserts, index builds and bulk writes are not queries and are not recorded, nor is
 * deleteMany({}) (what scratchDatabase's empty() sends between cases).
 */
export function recordQueries(conn: Connection): {
  readonly queries: RecordedQuery[];
  stop(): void;
} {
  const queries: RecordedQuery[] = [];
  conn.set('debug', (collection: string, method: string, ...args: unknown[]) => {
    if (method === 'aggregate') {
      queries.push({ collection, method, filter: {}, pipeline: (args[0] as Document[]) ?? [] });
      return;
    }
    if (!FILTER_METHODS.has(method)) return;
    // distinct(key, filter); the others (filter, ...)
    const filter = ((method === 'distinct' ? args[1] : args[0]) ?? {}) as Document;
    // scratchDatabase's empty() between cases, not a repository's query
    if (method === 'deleteMany' && Object.keys(filter).length === 0) return;
    const options = (method === 'find' || method === 'findOne' ? args[1] : undefined) as
      { sort?: Document; limit?: number } | undefined;
    queries.push({
      collection,
      method,
      filter,
      ...(options?.sort ? { sort: options.sort } : {}),
      ...(options?.limit ? { limit: options.limit } : {}),
    });
  });
  return {
    queries,
    stop: () => {
      conn.set('debug', false);
    },
  };
}

/** What the store would do for one query. */
export interface QueryPlan {
  /** Whether the plan reads every document of the collection. */
  scans: boolean;
  /** The plan's node types (PostgreSQL; `[whole]` marks a whole read) or stages (MongoDB), for the failure message. */
  steps: string[];
}

interface PlanStep {
  step: string;
  /** Reads a whole table, or a whole index with no condition on it and no LIMIT above it. */
  whole: boolean;
}

const INDEX_NODES = new Set(['Index Scan', 'Index Only Scan', 'Bitmap Index Scan']);

/**
 * The steps of a PostgreSQL EXPLAIN (FORMAT JSON) plan. With seq scans disabled the planner may
 * read a whole index instead of the table (an index scan with no Index Cond): that is a scan
 * too, unless a Limit above it stops it early (the first page of a list in index order), and so
 * is a walk of a whole index whose condition is only on its later columns (`leadingKeyOf` names
 * an index's first key), unless another index leads with a key the condition bounds
 * (`leadingKeys`: the collection's indexes' first keys). Exported for its unit spec.
 */
export function planSteps(
  plan: unknown,
  leadingKeyOf: (pgIndexName: string) => string | undefined = () => undefined,
  underLimit = false,
  leadingKeys: readonly string[] = [],
): PlanStep[] {
  if (plan === null || typeof plan !== 'object') return [];
  const p = plan as {
    'Node Type'?: string;
    'Index Name'?: string;
    'Index Cond'?: string;
    Plans?: unknown[];
    Plan?: unknown;
  };
  const type = p['Node Type'];
  const limited = underLimit || type === 'Limit';
  // a condition only on later columns of a btree index still walks all of it
  const leading = p['Index Name'] ? leadingKeyOf(p['Index Name']) : undefined;
  const cond = p['Index Cond'];
  // our FerretDB's partial index of irregular rows (`…_irr`, ADR 0028) holds only rows whose keys
  // are arrays, documents, binary or regexes: reading all of it is reading those few
  const partial = p['Index Name']?.endsWith('_irr') ?? false;
  const bounds = (key: string) => cond?.includes(`'${key}'::text`) ?? false;
  // a condition only on a later column of the index walked, when another index of the collection
  // leads with a key the condition bounds: on a near-empty scratch table the planner costs both
  // walks the same and may take either (seen in CI: an _id lookup walking the
  // {emailDomain, adminRank, email, _id} index); on a grown table it takes the bounded one
  const unbounded =
    !partial && (!cond || (leading !== undefined && !bounds(leading) && !leadingKeys.some(bounds)));
  const self: PlanStep[] = type
    ? [
        {
          step: `${type}${p['Index Name'] ? ` (${p['Index Name']})` : ''}`,
          whole: type === 'Seq Scan' || (INDEX_NODES.has(type) && unbounded && !limited),
        },
      ]
    : [];
  const children = [
    ...planSteps(p.Plan, leadingKeyOf, limited, leadingKeys),
    ...(p.Plans ?? []).flatMap((x) => planSteps(x, leadingKeyOf, limited, leadingKeys)),
  ];
  // a BitmapAnd reads from the table only the rows of its narrowest input: with one bounded
  // input it is bounded (the planner of a near-empty scratch table adds odd inputs to it)
  if (
    type === 'BitmapAnd' &&
    children.some((c) => INDEX_NODES.has(c.step.split(' (')[0]!) && !c.whole)
  ) {
    return [...self, ...children.map((c) => ({ ...c, whole: false }))];
  }
  return [...self, ...children];
}

function mongoStages(plan: unknown): string[] {
  if (plan === null || typeof plan !== 'object') return [];
  const p = plan as {
    stage?: string;
    inputStage?: unknown;
    inputStages?: unknown[];
    queryPlan?: unknown;
  };
  return [
    ...(p.stage ? [p.stage] : []),
    ...mongoStages(p.inputStage),
    ...mongoStages(p.queryPlan),
    ...(p.inputStages ?? []).flatMap(mongoStages),
  ];
}

async function connect(url: string, deadlineMs = 30_000): Promise<MongoClient> {
  const until = Date.now() + deadlineMs;
  for (;;) {
    try {
      const client = await MongoClient.connect(url, { serverSelectionTimeoutMS: 1000 });
      await client.db('admin').command({ ping: 1 });
      return client;
    } catch (e) {
      if (Date.now() > until) throw e;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

/** A FerretDB process of our build beside the profile's, on the same PostgreSQL database. */
export interface SideFerretDb {
  client: MongoClient;
  stop(): Promise<void>;
}

/**
 * Starts our FerretDB build on a free port against the profile's PostgreSQL database, with
 * `urlParams` as PostgreSQL session settings (e.g. enable_seqscan=off) and `args` added (e.g.
 * --test-disable-pushdown), and connects to it. FerretDB caches each database's catalogue per
 * process: start it once the collections it reads exist.
 */
export async function startSideFerretDb(
  options: { urlParams?: string; args?: string[]; profile?: InfraProfile } = {},
): Promise<SideFerretDb> {
  const cfg = infraConfig(options.profile ?? 'test');
  const port = await freePort();
  const query = options.urlParams ? `?${options.urlParams}` : '';
  const child = spawn(
    path.join(cfg.cacheDir, 'bin', 'ferretdb'),
    [
      '--handler=postgresql',
      // pgx hands unknown URL parameters to the session as run-time settings
      `--postgresql-url=postgres://postgres@127.0.0.1:${cfg.ports.postgres}/ferretdb${query}`,
      `--listen-addr=127.0.0.1:${port}`,
      '--debug-addr=-',
      '--telemetry=disable',
      '--log-level=error',
      `--state-dir=${path.join(cfg.dataDir, 'ferretdb-state')}`,
      ...(options.args ?? []),
    ],
    { stdio: 'ignore' },
  );
  const client = await connect(`mongodb://127.0.0.1:${port}/`);
  return {
    client,
    async stop() {
      await client.close();
      child.kill('SIGTERM');
    },
  };
}

/** FNV-1a, 32 bits (FerretDB's hash of an index name). */
function fnv32a(s: string): number {
  let h = 0x811c9dc5;
  for (const byte of Buffer.from(s, 'utf8')) {
    h ^= byte;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/**
 * The suffix FerretDB 1.24 gives the PostgreSQL index of a MongoDB index (metadata/registry.go
 * indexesCreate: `<table>_<name>_<fnv32a(name) as 8 hex>_idx`, the hash incremented only on a
 * clash within the database).
 */
export function ferretIndexSuffix(mongoIndexName: string): string {
  return `_${fnv32a(mongoIndexName).toString(16).padStart(8, '0')}_idx`;
}

/** Explains recorded queries against one database of the store. Start it once the collections exist. */
export interface QueryPlanner {
  plan(dbName: string, q: RecordedQuery): Promise<QueryPlan>;
  close(): Promise<void>;
}

export async function queryPlanner(profile: InfraProfile = 'test'): Promise<QueryPlanner> {
  const mongo = infraBackend() === 'containers';
  const side = mongo
    ? undefined
    : await startSideFerretDb({ urlParams: 'enable_seqscan=off', profile });
  const client = side?.client ?? (await connect(infraConfig(profile).mongoUrl()));
  return {
    async plan(dbName, q) {
      const db = client.db(dbName);
      const command: Document =
        q.method === 'aggregate'
          ? { aggregate: q.collection, pipeline: q.pipeline ?? [], cursor: {} }
          : {
              find: q.collection,
              filter: q.filter,
              ...(q.sort ? { sort: q.sort } : {}),
              ...(q.limit ? { limit: q.limit } : {}),
            };
      const res = await db.command({
        explain: command,
        ...(mongo ? { verbosity: 'queryPlanner' } : {}),
      });
      if (mongo) {
        const steps = mongoStages((res.queryPlanner as Document | undefined)?.winningPlan ?? res);
        return { scans: steps.includes('COLLSCAN'), steps };
      }
      const indexes = await db
        .collection(q.collection)
        .listIndexes()
        .toArray()
        .catch(() => [] as Document[]);
      const leadingKeyOf = (pgIndexName: string) => {
        const index = indexes.find((i) => pgIndexName.endsWith(ferretIndexSuffix(String(i.name))));
        return index ? Object.keys(index.key as Document)[0] : undefined;
      };
      const leadingKeys = indexes.map((i) => Object.keys(i.key as Document)[0]!);
      const steps = planSteps(res.queryPlanner, leadingKeyOf, false, leadingKeys);
      return {
        scans: steps.some((s) => s.whole),
        steps: steps.map((s) => (s.whole ? `${s.step} [whole]` : s.step)),
      };
    },
    async close() {
      if (side) await side.stop();
      else await client.close();
    },
  };
}

/** Collections that do not grow with users, by name, each with the reason. */
export type BoundedCollections = Record<string, string>;

/**
 * Explains every distinct recorded query (by collection, method and the shape of its filter and
 * sort) and fails, naming each, when one reads a whole collection that grows with users.
 */
export async function expectEveryQueryIndexed(
  dbName: string,
  queries: readonly RecordedQuery[],
  bounded: BoundedCollections = {},
  profile: InfraProfile = 'test',
): Promise<{ explained: number }> {
  const shape = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(shape);
    if (v !== null && typeof v === 'object' && v.constructor === Object) {
      return Object.fromEntries(
        Object.entries(v).map(([k, x]) => [
          k,
          k.startsWith('$') || typeof x === 'object' ? shape(x) : '?',
        ]),
      );
    }
    return '?';
  };
  const distinct = new Map<string, RecordedQuery>();
  for (const q of queries) {
    if (bounded[q.collection] !== undefined) continue;
    distinct.set(
      JSON.stringify([
        q.collection,
        q.method,
        shape(q.filter),
        q.sort ?? null,
        shape(q.pipeline ?? null),
      ]),
      q,
    );
  }
  if (queries.length === 0)
    throw new Error('no query was recorded: call recordQueries before the cases run');
  if (distinct.size === 0) return { explained: 0 };
  const planner = await queryPlanner(profile);
  const scans: string[] = [];
  try {
    for (const q of distinct.values()) {
      const p = await planner.plan(dbName, q);
      if (p.scans) {
        scans.push(
          `${q.collection}.${q.method}(${JSON.stringify(q.filter)}${q.sort ? `, sort ${JSON.stringify(q.sort)}` : ''}${
            q.pipeline ? `, pipeline ${JSON.stringify(q.pipeline)}` : ''
          }): ${p.steps.join(' > ')}`,
        );
      }
    }
  } finally {
    await planner.close();
  }
  if (scans.length > 0) {
    throw new Error(
      `${scans.length} quer${scans.length === 1 ? 'y reads' : 'ies read'} a whole collection:\n  ${scans.join('\n  ')}`,
    );
  }
  return { explained: distinct.size };
}
