import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Page, QuestionMedia } from '@examprep/contracts';
import type { FilterQuery, Model } from 'mongoose';
import { countKey, QuestionCountRecord } from './question-count.schema';
import { QuestionRecord } from './question.schema';
import {
  matchesSearch,
  type NewQuestion,
  QUESTION_ORDER,
  SEARCH_BATCH,
  SEARCH_READS,
  type QuestionCount,
  type QuestionFields,
  QuestionsRepository,
  type QuestionSearch,
} from './questions.repository';

const DUPLICATE_KEY = 11000;

/**
 * The `questions` collection on MongoDB (FerretDB locally). Its indexes: the unique `_id`
 * (the qid), `{course, objective, _id}` and `{type, course, objective, _id}`
 * (question.schema.ts). FerretDB 1.24 uses an index only for a filter that is exactly `{_id}`
 * (ADR 0022) and scans for anything else; the test pool's course reads are cached
 * (PoolService).
 */
@Injectable()
export class MongoQuestionsRepository extends QuestionsRepository {
  constructor(
    @InjectModel(QuestionRecord.name) private readonly questions: Model<QuestionRecord>,
    @InjectModel(QuestionCountRecord.name) private readonly counts: Model<QuestionCountRecord>,
  ) {
    super();
  }

  /** By the `_id` index. */
  findByQid(qid: string): Promise<QuestionRecord | null> {
    return this.questions.findById(qid).lean().exec();
  }

  /**
   * One keyset page (ADR 0026). Index: `{course, objective, _id}` (no filter, a course, a
   * course and objective: equality prefix, then the order and the cursor's range), or
   * `{type, course, objective, _id}` with a type. A `search` (a substring, which no index
   * answers) is checked here on the documents read in that order, SEARCH_BATCH at a time, at
   * most SEARCH_READS times (the same check as the fake's: matchesSearch).
   */
  async searchPage(
    filters: QuestionSearch,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<QuestionRecord>> {
    const { search, ...exact } = filters;
    const read = (after: string | undefined, n: number) =>
      this.questions
        .find(both(toQuery(exact), QUESTION_ORDER.after(after)))
        .sort(QUESTION_ORDER.sort())
        .limit(n)
        .lean()
        .exec();
    if (!search) return QUESTION_ORDER.page(await read(cursor, limit + 1), limit);
    const found: QuestionRecord[] = [];
    let after = cursor;
    for (let i = 0; i < SEARCH_READS; i++) {
      const batch = await read(after, SEARCH_BATCH);
      for (const q of batch) {
        if (!matchesSearch(q, search)) continue;
        found.push(q);
        if (found.length > limit) return QUESTION_ORDER.page(found, limit);
      }
      if (batch.length < SEARCH_BATCH) return { items: found, next: null };
      after = QUESTION_ORDER.cursorOf(batch[batch.length - 1]!);
    }
    // read enough for one page: carry on from the last document read
    return { items: found, next: after ?? null };
  }

  /**
   * The sum of the maintained counts of the (course, objective, type) the filters name: a read
   * of question_counts (a few hundred small documents at most; `{course, objective}` with a
   * course), not of the bank.
   */
  async count(filters: QuestionCount): Promise<number> {
    const q: Record<string, string> = {};
    if (filters.course) q.course = filters.course;
    if (filters.objective) q.objective = filters.objective;
    if (filters.type) q.type = filters.type;
    const rows = await this.counts.find(q, { n: 1 }).lean().exec();
    return rows.reduce((sum, r) => sum + Math.max(0, r.n), 0);
  }

  /**
   * One pass over the bank, in `_id` order a page at a time (memory: one page and the counts),
   * then each count set to what was found and the counts of nothing removed.
   */
  async recount(): Promise<void> {
    const found = new Map<string, Omit<QuestionCountRecord, '_id'>>();
    let after: string | undefined;
    for (;;) {
      const page = await this.questions
        .find(after === undefined ? {} : { _id: { $gt: after } }, {
          course: 1,
          objective: 1,
          type: 1,
        })
        .sort({ _id: 1 })
        .limit(1000)
        .lean()
        .exec();
      for (const q of page) {
        const key = countKey(q);
        const c = found.get(key) ?? {
          course: q.course,
          objective: q.objective,
          type: q.type,
          n: 0,
        };
        c.n += 1;
        found.set(key, c);
      }
      if (page.length < 1000) break;
      after = page[page.length - 1]!._id;
    }
    for (const [key, c] of found)
      await this.counts.updateOne({ _id: key }, { $set: c }, { upsert: true }).exec();
    await this.counts.deleteMany({ _id: { $nin: [...found.keys()] } }).exec();
  }

  private bump(q: Pick<QuestionRecord, 'course' | 'objective' | 'type'>, by: 1 | -1) {
    return this.counts
      .updateOne(
        { _id: countKey(q) },
        { $inc: { n: by }, $set: { course: q.course, objective: q.objective, type: q.type } },
        { upsert: true },
      )
      .exec();
  }

  /**
   * The pairs of the counts above zero (question_counts: one document per course, objective
   * and type, a few hundred at most), each pair once; not a read of the bank.
   */
  async courseObjectives(): Promise<Pick<QuestionRecord, 'course' | 'objective'>[]> {
    const rows = await this.counts
      .find({ n: { $gt: 0 } }, { course: 1, objective: 1 })
      .lean()
      .exec();
    const pairs = new Map(rows.map((r) => [`${r.course}\u001f${r.objective}`, r]));
    return [...pairs.values()].map(({ course, objective }) => ({ course, objective }));
  }

  /**
   * No filter: reads every document's `_id` from the collection. Only when the qid space is
   * crowded (QidAllocator: after its random tries failed).
   */
  async allQids(): Promise<string[]> {
    return (await this.questions.find({}, { _id: 1 }).lean().exec()).map((d) => d._id);
  }

  /** By the `{course, objective}` index (its prefix); FerretDB scans (PoolService caches). */
  findByCourse(course: string): Promise<QuestionRecord[]> {
    return this.questions.find({ course }).lean().exec();
  }

  /**
   * The unique `_id` index decides between concurrent creates (FerretDB has no atomic
   * find-and-modify; a duplicate-key error means the qid is taken).
   */
  async insertNew(qid: string, fields: NewQuestion): Promise<QuestionRecord | null> {
    try {
      const doc = await this.questions.create({ _id: qid, ...fields });
      await this.bump(doc, 1);
      return doc.toObject();
    } catch (err) {
      if ((err as { code?: number }).code === DUPLICATE_KEY) return null;
      throw err;
    }
  }

  /** By the `_id` index. */
  async update(
    qid: string,
    fields: QuestionFields,
    media?: QuestionMedia,
  ): Promise<QuestionRecord | null> {
    // the document before, for its counts (a question that moves course, objective or type)
    const before = await this.questions
      .findByIdAndUpdate(
        qid,
        { $set: media ? { ...fields, media } : fields },
        { new: false, runValidators: true },
      )
      .lean()
      .exec();
    if (!before) return null;
    if (countKey(before) !== countKey({ ...before, ...fields })) {
      await this.bump(before, -1);
      await this.bump({ ...before, ...fields }, 1);
    }
    return this.findByQid(qid);
  }

  /** By the `_id` index. */
  setMedia(qid: string, media: QuestionMedia): Promise<QuestionRecord | null> {
    return this.questions.findByIdAndUpdate(qid, { $set: { media } }, { new: true }).lean().exec();
  }

  /** By the `_id` index. */
  async delete(qid: string): Promise<boolean> {
    const doc = await this.questions
      .findById(qid, { course: 1, objective: 1, type: 1 })
      .lean()
      .exec();
    if (!doc) return false;
    const res = await this.questions.deleteOne({ _id: qid }).exec();
    // the one delete that removed it takes its count away
    if (res.deletedCount > 0) await this.bump(doc, -1);
    return res.deletedCount > 0;
  }
}

/** Both filters; one alone when the other is empty (no `$and` of nothing for the planner). */
function both(
  a: FilterQuery<QuestionRecord>,
  b: Record<string, unknown>,
): FilterQuery<QuestionRecord> {
  if (Object.keys(b).length === 0) return a;
  if (Object.keys(a).length === 0) return b as FilterQuery<QuestionRecord>;
  return { $and: [a, b] };
}

/** The equality filters (a search is checked on the documents read: searchPage). */
function toQuery(f: Omit<QuestionSearch, 'search'>): FilterQuery<QuestionRecord> {
  const q: FilterQuery<QuestionRecord> = {};
  if (f.course) q.course = f.course;
  if (f.objective) q.objective = f.objective;
  if (f.type) q.type = f.type;
  return q;
}
