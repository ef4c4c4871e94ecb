import type { QuestionMedia } from '@examprep/contracts';
import type { QuestionRecord } from '../../src/questions/question.schema';
import type {
  NewQuestion,
  QuestionFields,
  QuestionsRepository,
  QuestionSearch,
} from '../../src/questions/questions.repository';

const NO_MEDIA: QuestionMedia = { questionImage: null, explanationImage: null, video: null };

/** MongoDB's order of strings (by code point, as its binary comparison of UTF-8). */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * An in-memory QuestionsRepository for the services' unit specs: the documents in `docs` (by
 * qid), the calls it served in `calls`. Each answer is a copy, as a lean read is.
 */
export class FakeQuestionsRepository implements QuestionsRepository {
  readonly docs = new Map<string, QuestionRecord>();
  readonly calls: string[] = [];

  /** Stores a question as it is (the spec's fixture). */
  seed(doc: QuestionRecord): this {
    this.docs.set(doc._id, structuredClone(doc));
    return this;
  }

  async findByQid(qid: string): Promise<QuestionRecord | null> {
    this.calls.push('findByQid');
    return this.copy(qid);
  }

  async search(filters: QuestionSearch): Promise<QuestionRecord[]> {
    this.calls.push('search');
    const needle = filters.search?.toLowerCase();
    const found = (text: string | undefined) =>
      needle !== undefined && (text ?? '').toLowerCase().includes(needle);
    return [...this.docs.values()]
      .filter((d) => !filters.course || d.course === filters.course)
      .filter((d) => !filters.objective || d.objective === filters.objective)
      .filter((d) => !filters.type || d.type === filters.type)
      .filter(
        (d) =>
          !filters.search ||
          found(d._id) ||
          found(d.question) ||
          found(d.explanation) ||
          (d.choices ?? []).some(found),
      )
      .sort(
        (a, b) =>
          compare(a.course, b.course) || compare(a.objective, b.objective) || compare(a._id, b._id),
      )
      .map((d) => structuredClone(d));
  }

  async courseObjectives(): Promise<Pick<QuestionRecord, 'course' | 'objective'>[]> {
    this.calls.push('courseObjectives');
    return [...this.docs.values()].map(({ course, objective }) => ({ course, objective }));
  }

  async allQids(): Promise<string[]> {
    this.calls.push('allQids');
    return [...this.docs.keys()];
  }

  async findByCourse(course: string): Promise<QuestionRecord[]> {
    this.calls.push('findByCourse');
    return [...this.docs.values()]
      .filter((d) => d.course === course)
      .map((d) => structuredClone(d));
  }

  async insertNew(qid: string, fields: NewQuestion): Promise<QuestionRecord | null> {
    this.calls.push('insertNew');
    if (this.docs.has(qid)) return null;
    const at = new Date();
    // the schema's defaults and timestamps, as mongoose's create writes them
    const { generatedFrom, ...rest } = structuredClone(fields);
    this.docs.set(qid, {
      _id: qid,
      ...rest,
      choices: rest.choices ?? [],
      correctAnswer: rest.correctAnswer ?? [],
      rounding: rest.rounding ?? null,
      media: { ...NO_MEDIA },
      ...(generatedFrom === undefined ? {} : { generatedFrom }),
      createdAt: at,
      updatedAt: at,
    });
    return this.copy(qid);
  }

  async update(
    qid: string,
    fields: QuestionFields,
    media?: QuestionMedia,
  ): Promise<QuestionRecord | null> {
    this.calls.push('update');
    return this.set(qid, media ? { ...fields, media } : fields);
  }

  async setMedia(qid: string, media: QuestionMedia): Promise<QuestionRecord | null> {
    this.calls.push('setMedia');
    return this.set(qid, { media });
  }

  async delete(qid: string): Promise<boolean> {
    this.calls.push('delete');
    return this.docs.delete(qid);
  }

  /** `$set` of these fields by qid; the changed document (`new: true`) or null. */
  private set(qid: string, change: Partial<QuestionRecord>): QuestionRecord | null {
    const doc = this.docs.get(qid);
    if (!doc) return null;
    Object.assign(doc, structuredClone(change), { updatedAt: new Date() });
    return this.copy(qid);
  }

  private copy(qid: string): QuestionRecord | null {
    const doc = this.docs.get(qid);
    return doc ? structuredClone(doc) : null;
  }
}
