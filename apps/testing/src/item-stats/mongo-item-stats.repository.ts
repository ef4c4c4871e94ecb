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

/** Top-level equality filters only (indexed on FerretDB, ADR 0028). */
function filterOf(filters: ItemStatsFilters): Record<string, string> {
  const f: Record<string, string> = {};
  if (filters.course !== undefined) f.course = filters.course;
  if (filters.course !== undefined && filters.objective !== undefined)
    f.objective = filters.objective;
  return f;
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
