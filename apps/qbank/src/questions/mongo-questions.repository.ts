import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { QuestionMedia } from '@examprep/contracts';
import type { FilterQuery, Model } from 'mongoose';
import { QuestionRecord } from './question.schema';
import {
  type NewQuestion,
  type QuestionFields,
  QuestionsRepository,
  type QuestionSearch,
} from './questions.repository';

const DUPLICATE_KEY = 11000;

/**
 * The `questions` collection on MongoDB (FerretDB locally). Its indexes: the unique `_id`
 * (the qid) and `{course, objective}` (question.schema.ts). FerretDB 1.24 uses an index only
 * for a filter that is exactly `{_id}` (ADR 0022) and scans for anything else; the bank holds
 * a few hundred questions, and the test pool's course reads are cached (PoolService).
 */
@Injectable()
export class MongoQuestionsRepository extends QuestionsRepository {
  constructor(@InjectModel(QuestionRecord.name) private readonly questions: Model<QuestionRecord>) {
    super();
  }

  /** By the `_id` index. */
  findByQid(qid: string): Promise<QuestionRecord | null> {
    return this.questions.findById(qid).lean().exec();
  }

  /**
   * A course (and objective) filter is served by `{course, objective}` on MongoDB; without
   * one (the whole bank, a type or text search) the admin's list reads the collection. The
   * order by qid within an objective is sorted in memory.
   */
  search(filters: QuestionSearch): Promise<QuestionRecord[]> {
    return this.questions
      .find(toQuery(filters))
      .sort({ course: 1, objective: 1, _id: 1 })
      .lean()
      .exec();
  }

  /**
   * No filter: reads the whole collection (the projection keeps `_id`, so `{course,
   * objective}` does not cover it). Admin only, for the editor's pickers.
   */
  courseObjectives(): Promise<Pick<QuestionRecord, 'course' | 'objective'>[]> {
    return this.questions.find({}, { course: 1, objective: 1 }).lean().exec();
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
      return doc.toObject();
    } catch (err) {
      if ((err as { code?: number }).code === DUPLICATE_KEY) return null;
      throw err;
    }
  }

  /** By the `_id` index. */
  update(
    qid: string,
    fields: QuestionFields,
    media?: QuestionMedia,
  ): Promise<QuestionRecord | null> {
    return this.questions
      .findByIdAndUpdate(
        qid,
        { $set: media ? { ...fields, media } : fields },
        { new: true, runValidators: true },
      )
      .lean()
      .exec();
  }

  /** By the `_id` index. */
  setMedia(qid: string, media: QuestionMedia): Promise<QuestionRecord | null> {
    return this.questions.findByIdAndUpdate(qid, { $set: { media } }, { new: true }).lean().exec();
  }

  /** By the `_id` index. */
  async delete(qid: string): Promise<boolean> {
    const res = await this.questions.deleteOne({ _id: qid }).exec();
    return res.deletedCount > 0;
  }
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function toQuery(f: QuestionSearch): FilterQuery<QuestionRecord> {
  const q: FilterQuery<QuestionRecord> = {};
  if (f.course) q.course = f.course;
  if (f.objective) q.objective = f.objective;
  if (f.type) q.type = f.type;
  // the media filters are applied to the result, by the real objects (QuestionSearchService)
  if (f.search) {
    const pattern = { $regex: escapeRegex(f.search), $options: 'i' };
    q.$or = [
      { _id: pattern },
      { question: pattern },
      { explanation: pattern },
      { choices: pattern },
    ];
  }
  return q;
}
