import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { TestSubmittedItem } from '@examprep/contracts';
import { isDuplicateKey } from '@examprep/nest-kit';
import { Model } from 'mongoose';
import { ClassItemRecord, ClassTestRecord } from './class-items.schema';

/** The classes' item analysis (lti_class_items, lti_class_tests). */
@Injectable()
export class ClassItemsRepository {
  constructor(
    @InjectModel(ClassItemRecord.name) private readonly items: Model<ClassItemRecord>,
    @InjectModel(ClassTestRecord.name) private readonly tests: Model<ClassTestRecord>,
  ) {}

  /**
   * Folds a submitted test's answered items into a class, once per test (the marker first: a
   * fold cut short is not repeated — a class's counts may miss a test, never count one twice).
   */
  async fold(contextKey: string, testId: string, items: readonly TestSubmittedItem[], at: Date) {
    try {
      await this.tests.create({ _id: `${contextKey}|${testId}`, contextKey, at });
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    for (const item of items) {
      if (item.outcome === 'unanswered') continue;
      await this.items
        .updateOne(
          { _id: `${contextKey}|${item.qid}` },
          {
            $set: {
              contextKey,
              qid: item.qid,
              stem: item.stem,
              course: item.course,
              objective: item.objective,
            },
            $inc: { n: 1, correct: item.outcome === 'correct' ? 1 : 0 },
          },
          { upsert: true },
        )
        .exec();
    }
    return true;
  }

  /** A class's items (by the `{contextKey}` index; a class answers some hundreds of questions). */
  itemsOf(contextKey: string): Promise<ClassItemRecord[]> {
    return this.items.find({ contextKey }).limit(5000).lean<ClassItemRecord[]>().exec();
  }

  testsOf(contextKey: string): Promise<number> {
    return this.tests.countDocuments({ contextKey }).exec();
  }
}
