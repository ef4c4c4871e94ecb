import type { Page, QuestionFilters, QuestionInput, QuestionMedia } from '@examprep/contracts';
import { Keyset } from '@examprep/nest-kit';
import type { QuestionRecord } from './question.schema';

/** The fields of a question an admin writes (media are written by their own call). */
export type QuestionFields = Omit<QuestionInput, 'media'>;

/** A new question's fields: an admin's, or a duplicate's with the generator id of its source. */
export type NewQuestion = QuestionFields & { generatedFrom?: string };

/** The list's filters that the query applies (the media filters go by the real objects). */
export type QuestionSearch = Pick<QuestionFilters, 'course' | 'objective' | 'type' | 'search'>;

/** The filters a maintained count answers: equal course, objective and type. */
export type QuestionCount = Pick<QuestionFilters, 'course' | 'objective' | 'type'>;

/**
 * The admin list's order (ADR 0026): course, objective, qid. Served by the indexes
 * `{course, objective, _id}` and `{type, course, objective, _id}` (question.schema.ts).
 */
export const QUESTION_ORDER = new Keyset<QuestionRecord>([
  { field: 'course', dir: 1, kind: 'string', of: (q) => q.course },
  { field: 'objective', dir: 1, kind: 'string', of: (q) => q.objective },
  { field: '_id', dir: 1, kind: 'string', of: (q) => q._id },
]);

/**
 * A search reads the bank in QUESTION_ORDER this many documents at a time, at most
 * SEARCH_READS times per page: a substring is answered by no index, so a page of a search
 * reads at most 1,000 documents and, when it found fewer than `limit`, carries on from the
 * last one read (its cursor): flat whatever the bank's size.
 */
export const SEARCH_BATCH = 500;
export const SEARCH_READS = 2;

/** The list's search: a case-insensitive substring of the qid, question, explanation or a choice. */
export function matchesSearch(
  q: Pick<QuestionRecord, '_id' | 'question' | 'explanation' | 'choices'>,
  search: string,
): boolean {
  const needle = search.toLowerCase();
  const found = (text: string | undefined) => (text ?? '').toLowerCase().includes(needle);
  return found(q._id) || found(q.question) || found(q.explanation) || (q.choices ?? []).some(found);
}

/**
 * The port of the `questions` collection (document id = qid, admin spec §3): the question
 * bank's CRUD, the id allocation's unique insert, the admin list and the test pool's reads.
 * MongoQuestionsRepository is the real one; unit specs use FakeQuestionsRepository.
 */
export abstract class QuestionsRepository {
  /** The question with this qid, or null. */
  abstract findByQid(qid: string): Promise<QuestionRecord | null>;

  /**
   * A page of the questions matching the filters (equal course, objective, type; `search` as
   * matchesSearch) in QUESTION_ORDER, after `cursor`: at most `limit`, and the cursor of the
   * next page. With a search, a page reads at most SEARCH_READS × SEARCH_BATCH documents, so
   * it may hold fewer than `limit` (even none) before the end; its cursor carries on.
   */
  abstract searchPage(
    filters: QuestionSearch,
    cursor: string | undefined,
    limit: number,
  ): Promise<Page<QuestionRecord>>;

  /**
   * How many questions have this course, objective and type (those given): the sum of the
   * maintained counts (question_counts), never a read of the bank.
   */
  abstract count(filters: QuestionCount): Promise<number>;

  /** Rebuilds the maintained counts from the bank (one read of it; at start-up). */
  abstract recount(): Promise<void>;

  /**
   * Each course and objective pair in use, once (the editor's pickers, the list's filters):
   * from the maintained counts, not a read of the bank.
   */
  abstract courseObjectives(): Promise<Pick<QuestionRecord, 'course' | 'objective'>[]>;

  /** Every qid in use. */
  abstract allQids(): Promise<string[]>;

  /** Every question of the course (what new tests draw from). */
  abstract findByCourse(course: string): Promise<QuestionRecord[]>;

  /** Inserts the question under `qid` with no media; null when the qid is taken already. */
  abstract insertNew(qid: string, fields: NewQuestion): Promise<QuestionRecord | null>;

  /**
   * Sets the admin's fields (and the media, when given) of the question; the changed question,
   * or null when there is none. Other fields (`generatedFrom`) stay as stored.
   */
  abstract update(
    qid: string,
    fields: QuestionFields,
    media?: QuestionMedia,
  ): Promise<QuestionRecord | null>;

  /** Sets the question's media paths; the changed question, or null when there is none. */
  abstract setMedia(qid: string, media: QuestionMedia): Promise<QuestionRecord | null>;

  /** Deletes the question; whether there was one. */
  abstract delete(qid: string): Promise<boolean>;
}
