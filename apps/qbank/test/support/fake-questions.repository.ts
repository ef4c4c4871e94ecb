import type { Page, QuestionMedia } from '@examprep/contracts';
import type { QuestionRecord } from '../../src/questions/question.schema';
import {
  matchesSearch,
  type NewQuestion,
  QUESTION_ORDER,
  SEARCH_BATCH,
  SEARCH_READS,
  type QuestionCount,
  type QuestionFields,
  type QuestionsRepository,
  type QuestionSearch,
} from '../../src/questions/questions.repository';

const NO_MEDIA: QuestionMedia = { questionImage: null, explanationImage: null, video: null };

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

  async searchPage(
    filters: QuestionSearch,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<QuestionRecord>> {
    this.calls.push('searchPage');
    const { search, ...exact } = filters;
    if (!search) {
      const page = QUESTION_ORDER.pageOf(this.matching(exact), cursor, limit);
      return { items: page.items.map((d) => structuredClone(d)), next: page.next };
    }
    // as the store's: at most SEARCH_READS × SEARCH_BATCH documents read for one page
    const read = QUESTION_ORDER.pageOf(this.matching(exact), cursor, SEARCH_BATCH * SEARCH_READS);
    const found: QuestionRecord[] = [];
    for (const q of read.items) {
      if (!matchesSearch(q, search)) continue;
      found.push(structuredClone(q));
      if (found.length > limit) return QUESTION_ORDER.page(found, limit);
    }
    const last = read.items[read.items.length - 1];
    return { items: found, next: read.next && last ? QUESTION_ORDER.cursorOf(last) : null };
  }

  async count(filters: QuestionCount): Promise<number> {
    this.calls.push('count');
    return this.matching(filters).length;
  }

  async recount(): Promise<void> {
    this.calls.push('recount');
  }

  private matching(filters: QuestionSearch): QuestionRecord[] {
    return [...this.docs.values()]
      .filter((d) => !filters.course || d.course === filters.course)
      .filter((d) => !filters.objective || d.objective === filters.objective)
      .filter((d) => !filters.type || d.type === filters.type)
      .filter((d) => !filters.search || matchesSearch(d, filters.search));
  }

  async courseObjectives(): Promise<Pick<QuestionRecord, 'course' | 'objective'>[]> {
    this.calls.push('courseObjectives');
    const pairs = new Map(
      [...this.docs.values()].map(({ course, objective }) => [
        `${course}\u001f${objective}`,
        { course, objective },
      ]),
    );
    return [...pairs.values()];
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
