import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { ItemStatsFilters, ItemStatsSort, Page, SortDirection } from '@examprep/contracts';
import { itemStatsOrder } from './item-stats.order';
import {
  type ErrorRateDelta,
  type ErrorRateDoc,
  ERROR_RATES_MAX,
  type FactMarker,
  type ItemDelta,
  type BulkFailures,
  type DerivedWrite,
  type FactMark,
  type ItemStatsDoc,
  ItemStatsRepository,
  type OutboxEntry,
} from './item-stats.repository';
import {
  ItemErrorRateRecord,
  ItemStatsFactRecord,
  ItemStatsOutboxRecord,
  ItemStatsRecord,
  type SortableFields,
  UNDEFINED_DISCRIMINATION,
  UNDEFINED_MEDIAN,
} from './item-stats.schema';

const isDuplicateKey = (err: unknown) => (err as { code?: number })?.code === 11000;

/**
 * Documents by `_id`: an `$or` of equalities, which our FerretDB renders on the `_id` index
 * (ADR 0028; an `$in` it reads the whole collection for).
 */
const byIds = (ids: readonly string[]) =>
  ids.length === 1 ? { _id: ids[0]! } : { $or: ids.map((_id) => ({ _id })) };

/** Top-level equality filters only (indexed on FerretDB, ADR 0028). */
function filterOf(filters: ItemStatsFilters): Record<string, string> {
  const f: Record<string, string> = {};
  if (filters.course !== undefined) f.course = filters.course;
  if (filters.course !== undefined && filters.objective !== undefined)
    f.objective = filters.objective;
  return f;
}

/** A document's id and the bulk that wrote it last. */
type Stamped = { _id: string; fold?: string };

/**
 * The writes of a bulk that failed which did not go through: the documents that do not carry
 * its `fold` id (read). FerretDB 1.24 stops an update bulk at its first failing write, ordered
 * or not, and reports index 0 and nothing matched whatever it did, so its error cannot say;
 * reading back can. When even that read fails, every write counts as failed (as a single write
 * whose answer was lost would).
 */
async function unapplied(
  ids: readonly string[],
  fold: string,
  err: unknown,
  read: () => Promise<Stamped[]>,
): Promise<BulkFailures> {
  const failed: BulkFailures = new Map(ids.map((id) => [id, err]));
  try {
    for (const d of await read()) if (d.fold === fold) failed.delete(d._id);
  } catch {
    // unknown: every write is retried
  }
  return failed;
}

export function toItemStatsDoc(doc: ItemStatsRecord): ItemStatsDoc {
  return {
    qid: doc._id,
    course: doc.course,
    objective: doc.objective,
    topic: doc.topic ?? null,
    stem: doc.stem ?? '',
    type: doc.type ?? 'single',
    options: doc.options ?? [],
    n: doc.n ?? 0,
    sx: doc.sx ?? 0,
    st: doc.st ?? 0,
    stt: doc.stt ?? 0,
    sxt: doc.sxt ?? 0,
    rn: doc.rn ?? 0,
    rx: doc.rx ?? 0,
    sr: doc.sr ?? 0,
    srr: doc.srr ?? 0,
    sxr: doc.sxr ?? 0,
    flagged: doc.flagged ?? 0,
    unanswered: doc.unanswered ?? 0,
    resp: { ...(doc.resp ?? {}) },
    time: { ...(doc.time ?? {}) },
    facility: doc.facility ?? 0,
    disc: doc.disc ?? UNDEFINED_DISCRIMINATION,
    flagRate: doc.flagRate ?? 0,
    medianTime: doc.medianTime ?? UNDEFINED_MEDIAN,
    lastAt: new Date(doc.lastAt),
  };
}

/**
 * The item statistics in the store (ADR 0037). Every query is by `_id` or by one of the
 * schema's indexes: the fold's upserts and compare-and-set by `_id`; the list by (filters,
 * sort key, _id); the error rates by (kind, course, objective); the outbox by `at`.
 */
@Injectable()
export class MongoItemStatsRepository extends ItemStatsRepository {
  constructor(
    @InjectModel(ItemStatsRecord.name) private readonly stats: Model<ItemStatsRecord>,
    @InjectModel(ItemErrorRateRecord.name) private readonly rates: Model<ItemErrorRateRecord>,
    @InjectModel(ItemStatsFactRecord.name) private readonly facts: Model<ItemStatsFactRecord>,
    @InjectModel(ItemStatsOutboxRecord.name) private readonly outbox: Model<ItemStatsOutboxRecord>,
  ) {
    super();
  }

  async claimFact(testId: string, at: Date): Promise<FactMarker> {
    try {
      await this.facts.collection.insertOne({
        _id: testId,
        done: [],
        complete: false,
        at,
      } as never);
      return { done: [], complete: false };
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
    const doc = await this.facts.findOne({ _id: testId }).lean<ItemStatsFactRecord>().exec();
    return { done: doc?.done ?? [], complete: !!doc?.complete };
  }

  async markFact(testId: string, done: readonly string[], complete: boolean): Promise<void> {
    await this.facts.updateOne({ _id: testId }, { $set: { done: [...done], complete } }).exec();
  }

  async applyItem(delta: ItemDelta): Promise<ItemStatsDoc> {
    const doc = await this.stats
      .findOneAndUpdate(
        { _id: delta.qid },
        { $set: delta.set, $inc: delta.inc },
        { upsert: true, new: true, setDefaultsOnInsert: false },
      )
      .lean<ItemStatsRecord>()
      .exec();
    return toItemStatsDoc(doc!);
  }

  async setDerived(qid: string, n: number, derived: Omit<SortableFields, 'n'>): Promise<boolean> {
    const r = await this.stats.updateOne({ _id: qid, n }, { $set: derived }).exec();
    return r.matchedCount > 0;
  }

  async applyErrorRate(d: ErrorRateDelta): Promise<void> {
    await this.rates
      .updateOne(
        { _id: d.id },
        {
          $set: { kind: d.kind, course: d.course, objective: d.objective, name: d.name },
          $inc: { n: d.n, misses: d.errors },
        },
        { upsert: true },
      )
      .exec();
  }

  async claimFacts(testIds: readonly string[], at: Date): Promise<Map<string, FactMarker>> {
    const markers = new Map<string, FactMarker>();
    if (testIds.length === 0) return markers;
    // one upsert each: the ones made now are empty; only the others are read back
    const r = await this.facts.bulkWrite(
      testIds.map((id) => ({
        updateOne: {
          filter: { _id: id },
          update: { $setOnInsert: { done: [], complete: false, at } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
    // by the ids the server says it made (FerretDB numbers them among the upserts, not the bulk)
    const made = new Set(Object.values(r.upsertedIds ?? {}).map(String));
    for (const id of made) markers.set(id, { done: [], complete: false });
    const rest = testIds.filter((id) => !made.has(id));
    if (rest.length > 0) {
      const docs = await this.facts.find(byIds(rest)).lean<ItemStatsFactRecord[]>().exec();
      for (const d of docs) markers.set(d._id, { done: d.done ?? [], complete: !!d.complete });
    }
    for (const id of testIds) if (!markers.has(id)) markers.set(id, { done: [], complete: false });
    return markers;
  }

  async markFacts(marks: readonly FactMark[]): Promise<void> {
    if (marks.length === 0) return;
    await this.facts.bulkWrite(
      marks.map((m) => ({
        updateOne: {
          filter: { _id: m.testId },
          update: { $set: { done: [...m.done], complete: m.complete } },
        },
      })),
      { ordered: false },
    );
  }

  async applyItems(deltas: readonly ItemDelta[]): Promise<BulkFailures> {
    if (deltas.length === 0) return new Map();
    const fold = randomUUID();
    try {
      await this.stats.bulkWrite(
        deltas.map((d) => ({
          updateOne: {
            filter: { _id: d.qid },
            update: { $set: { ...d.set, fold }, $inc: d.inc },
            upsert: true,
          },
        })),
        { ordered: false },
      );
      return new Map();
    } catch (err) {
      const ids = deltas.map((d) => d.qid);
      return unapplied(ids, fold, err, () =>
        this.stats.find(byIds(ids), { fold: 1 }).lean<Stamped[]>().exec(),
      );
    }
  }

  async applyErrorRates(deltas: readonly ErrorRateDelta[]): Promise<BulkFailures> {
    if (deltas.length === 0) return new Map();
    const fold = randomUUID();
    try {
      await this.rates.bulkWrite(
        deltas.map((d) => ({
          updateOne: {
            filter: { _id: d.id },
            update: {
              $set: {
                kind: d.kind,
                course: d.course,
                objective: d.objective,
                name: d.name,
                fold,
              },
              $inc: { n: d.n, misses: d.errors },
            },
            upsert: true,
          },
        })),
        { ordered: false },
      );
      return new Map();
    } catch (err) {
      const ids = deltas.map((d) => d.id);
      return unapplied(ids, fold, err, () =>
        this.rates.find(byIds(ids), { fold: 1 }).lean<Stamped[]>().exec(),
      );
    }
  }

  async getItems(qids: readonly string[]): Promise<ItemStatsDoc[]> {
    if (qids.length === 0) return [];
    const docs = await this.stats.find(byIds(qids)).lean<ItemStatsRecord[]>().exec();
    return docs.map(toItemStatsDoc);
  }

  async setDerivedMany(writes: readonly DerivedWrite[]): Promise<number> {
    if (writes.length === 0) return 0;
    const r = await this.stats.bulkWrite(
      writes.map((w) => ({
        updateOne: { filter: { _id: w.qid, n: w.n }, update: { $set: w.derived } },
      })),
      { ordered: false },
    );
    return r.matchedCount;
  }

  async page(
    filters: ItemStatsFilters,
    sort: ItemStatsSort,
    dir: SortDirection,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<ItemStatsDoc>> {
    const order = itemStatsOrder(sort, dir);
    const rows = await this.stats
      .find({ ...filterOf(filters), ...order.after(cursor) })
      .sort(order.sort())
      .limit(limit + 1)
      .lean<ItemStatsRecord[]>()
      .exec();
    return order.page(rows.map(toItemStatsDoc), limit);
  }

  async get(qid: string): Promise<ItemStatsDoc | null> {
    const doc = await this.stats.findOne({ _id: qid }).lean<ItemStatsRecord>().exec();
    return doc ? toItemStatsDoc(doc) : null;
  }

  async errorRates(
    kind: 'topic' | 'misconception',
    filters: ItemStatsFilters,
  ): Promise<ErrorRateDoc[]> {
    const docs = await this.rates
      .find({ kind, ...filterOf(filters) })
      .sort({ kind: 1, course: 1, objective: 1, _id: 1 })
      .limit(ERROR_RATES_MAX)
      .lean<ItemErrorRateRecord[]>()
      .exec();
    return docs.map((d) => ({
      id: d._id,
      kind: d.kind,
      course: d.course,
      objective: d.objective,
      name: d.name,
      n: d.n ?? 0,
      errors: d.misses ?? 0,
    }));
  }

  async outboxPut(entry: OutboxEntry): Promise<void> {
    await this.outbox
      .updateOne(
        { _id: entry.testId },
        { $set: { fact: entry.fact, at: entry.at } },
        { upsert: true },
      )
      .exec();
  }

  async outboxDelete(testId: string): Promise<void> {
    await this.outbox.deleteOne({ _id: testId }).exec();
  }

  async outboxDue(before: Date, limit: number): Promise<OutboxEntry[]> {
    const docs = await this.outbox
      .find({ at: { $lt: before } })
      .sort({ at: 1, _id: 1 })
      .limit(limit)
      .lean<ItemStatsOutboxRecord[]>()
      .exec();
    return docs.map((d) => ({ testId: d._id, fact: d.fact, at: new Date(d.at) }));
  }
}
