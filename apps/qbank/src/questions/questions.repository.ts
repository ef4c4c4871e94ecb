import type { QuestionFilters, QuestionInput, QuestionMedia } from '@examprep/contracts';
import type { QuestionRecord } from './question.schema';

/** The fields of a question an admin writes (media are written by their own call). */
export type QuestionFields = Omit<QuestionInput, 'media'>;

/** A new question's fields: an admin's, or a duplicate's with the generator id of its source. */
export type NewQuestion = QuestionFields & { generatedFrom?: string };

/** The list's filters that the query applies (the media filters go by the real objects). */
export type QuestionSearch = Pick<QuestionFilters, 'course' | 'objective' | 'type' | 'search'>;

/**
 * The port of the `questions` collection (document id = qid, admin spec §3): the question
 * bank's CRUD, the id allocation's unique insert, the admin list and the test pool's reads.
 * MongoQuestionsRepository is the real one; unit specs use FakeQuestionsRepository.
 */
export abstract class QuestionsRepository {
  /** The question with this qid, or null. */
  abstract findByQid(qid: string): Promise<QuestionRecord | null>;

  /**
   * The questions matching the filters (equal course, objective, type; `search` a
   * case-insensitive substring of the qid, question, explanation or a choice), by course,
   * objective and qid.
   */
  abstract search(filters: QuestionSearch): Promise<QuestionRecord[]>;

  /** Every question's course and objective (the editor's pickers). */
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
