import type { CourseRecord, StoredObjective } from '../../src/courses/course.schema';
import type { CoursesRepository } from '../../src/courses/courses.repository';

/**
 * An in-memory CoursesRepository for the services' unit specs: the documents in `docs` (by
 * course id), the calls it served in `calls`. Each answer is a copy, as a lean read is.
 */
export class FakeCoursesRepository implements CoursesRepository {
  readonly docs = new Map<string, CourseRecord>();
  readonly calls: string[] = [];

  async findById(courseId: string): Promise<CourseRecord | null> {
    this.calls.push('findById');
    const doc = this.docs.get(courseId);
    return doc ? structuredClone(doc) : null;
  }

  async findAll(): Promise<CourseRecord[]> {
    this.calls.push('findAll');
    return [...this.docs.values()]
      .sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0))
      .map((d) => structuredClone(d));
  }

  async insertNew(course: Pick<CourseRecord, '_id' | 'name' | 'objectives'>): Promise<boolean> {
    this.calls.push('insertNew');
    if (this.docs.has(course._id)) return false;
    this.docs.set(course._id, { ...structuredClone(course), revision: 0 });
    return true;
  }

  async replaceObjectives(
    courseId: string,
    revision: number,
    objectives: StoredObjective[],
  ): Promise<boolean> {
    this.calls.push('replaceObjectives');
    const doc = this.docs.get(courseId);
    // as the filter {_id, revision}: a document without the field does not match
    if (!doc || doc.revision !== revision) return false;
    doc.objectives = structuredClone(objectives);
    doc.revision += 1;
    return true;
  }
}
