import type { CourseRecord, StoredObjective } from './course.schema';

/**
 * The port of the `courses` collection (document id = course id, admin spec §2.6, §3): the
 * catalogue of objectives and topics with the flags admins switch. Writes of a course are
 * read-modify-write under its `revision` (optimistic concurrency). MongoCoursesRepository is
 * the real one; unit specs use FakeCoursesRepository.
 */
export abstract class CoursesRepository {
  /** The course, or null. */
  abstract findById(courseId: string): Promise<CourseRecord | null>;

  /** Every course, by id. */
  abstract findAll(): Promise<CourseRecord[]>;

  /** Inserts a new course at revision 0; false when one with its id exists already. */
  abstract insertNew(course: Pick<CourseRecord, '_id' | 'name' | 'objectives'>): Promise<boolean>;

  /**
   * Writes the course's objectives if it is still at `revision` (and moves it to the next);
   * false when it is not (another writer came first) or there is no such course.
   */
  abstract replaceObjectives(
    courseId: string,
    revision: number,
    objectives: StoredObjective[],
  ): Promise<boolean>;
}
