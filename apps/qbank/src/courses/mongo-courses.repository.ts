import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { CourseRecord, type StoredObjective } from './course.schema';
import { CoursesRepository } from './courses.repository';

const DUPLICATE_KEY = 11000;

/**
 * The `courses` collection on MongoDB (FerretDB locally): one small document per course of the
 * generator registry (two today) and those admins made; its only index is the unique `_id`.
 */
@Injectable()
export class MongoCoursesRepository extends CoursesRepository {
  constructor(@InjectModel(CourseRecord.name) private readonly courses: Model<CourseRecord>) {
    super();
  }

  /** By the `_id` index. */
  findById(courseId: string): Promise<CourseRecord | null> {
    return this.courses.findById(courseId).lean().exec();
  }

  /** No filter: the whole collection in `_id` order (a handful of documents). */
  findAll(): Promise<CourseRecord[]> {
    return this.courses.find().sort({ _id: 1 }).lean().exec();
  }

  /** The unique `_id` index decides between replicas creating the same course. */
  async insertNew(course: Pick<CourseRecord, '_id' | 'name' | 'objectives'>): Promise<boolean> {
    try {
      await this.courses.create({ ...course, revision: 0 });
      return true;
    } catch (err) {
      if ((err as { code?: number }).code === DUPLICATE_KEY) return false;
      throw err;
    }
  }

  /**
   * By the `_id` index on MongoDB, the revision checked on that document (FerretDB scans for a
   * filter that is more than `_id`: a handful of documents).
   */
  async replaceObjectives(
    courseId: string,
    revision: number,
    objectives: StoredObjective[],
  ): Promise<boolean> {
    const res = await this.courses
      .updateOne(
        { _id: courseId, revision },
        {
          $set: { objectives },
          $inc: { revision: 1 },
        },
      )
      .exec();
    return res.modifiedCount === 1;
  }
}
