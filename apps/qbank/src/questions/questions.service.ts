import { Injectable } from '@nestjs/common';
import {
  type Actor,
  QBANK_MESSAGES as M,
  QidParamDto,
  type Question,
  type QuestionInput,
  QuestionInputDto,
  type QuestionMedia,
  type QuestionMediaChanges,
} from '@examprep/contracts';
import { requireAdmin, rootLogger, ServiceError, validatePayload } from '@examprep/nest-kit';
import { validateQuestionInput } from '@examprep/validation';
import { QidAllocator } from './qid-allocator.service';
import { QuestionEvents } from './question-events.service';
import { hasUploads, nextMedia, splitChanges } from './question-media';
import { QuestionMediaService } from './question-media.service';
import { type QuestionRecord, toQuestion } from './question.schema';
import { type QuestionFields, QuestionsRepository } from './questions.repository';

/**
 * The question bank's CRUD (admin spec §3-5): get, create, update, duplicate, delete. Every
 * call is admin-only. The list, export and facets are QuestionSearchService's.
 */
@Injectable()
export class QuestionsService {
  constructor(
    private readonly questions: QuestionsRepository,
    private readonly qids: QidAllocator,
    private readonly media: QuestionMediaService,
    private readonly events: QuestionEvents,
  ) {}

  async get(actor: Actor | null, qid: string): Promise<Question> {
    requireAdmin(actor, M.accessDenied);
    validQid(qid);
    const doc = await this.questions.findByQid(qid);
    if (!doc) throw ServiceError.notFound(M.notFound(qid));
    return toQuestion(doc);
  }

  /**
   * ADR 0020 §2: the qid is reserved first (inserted with no media), then the staged uploads
   * are committed to its paths; a refused or failed commit removes the reservation again, so
   * nothing is left that points at a missing object. Then the paths are written.
   */
  async create(actor: Actor | null, raw: QuestionInput): Promise<Question> {
    requireAdmin(actor, M.accessDenied);
    const { input, changes } = await this.validInput(raw);
    let doc = await this.qids.insertWithNewQid(input);
    const { uploads } = splitChanges(changes);
    if (hasUploads(uploads)) {
      const committed = await this.media.commitOrUndo(actor, doc._id, uploads);
      doc = await this.writeMedia(doc._id, nextMedia(doc.media, committed, []));
      await this.media.afterWrite(actor, doc._id, committed, []);
    }
    rootLogger().info({ qid: doc._id, adminUid: actor.uid }, 'question created');
    return toQuestion(doc);
  }

  /**
   * Admin spec §4 save order: validate, commit the uploads (a refusal: nothing is written),
   * write the document, then delete the removed slots' objects (failures only logged) and
   * publish question.mediaChanged.
   */
  async update(actor: Actor | null, qid: string, raw: QuestionInput): Promise<Question> {
    requireAdmin(actor, M.accessDenied);
    validQid(qid);
    const { input, changes } = await this.validInput(raw);
    const { uploads, removed } = splitChanges(changes);
    let media: QuestionMedia | undefined;
    let committed: Partial<QuestionMedia> = {};
    if (hasUploads(uploads) || removed.length > 0) {
      const current = await this.questions.findByQid(qid);
      if (!current) throw ServiceError.notFound(M.notFound(qid));
      if (hasUploads(uploads)) committed = await this.media.commit(actor, qid, uploads);
      media = nextMedia(toQuestion(current).media, committed, removed);
    }
    const doc = await this.questions.update(qid, input, media);
    if (!doc) throw ServiceError.notFound(M.notFound(qid));
    if (media) await this.media.afterWrite(actor, qid, committed, removed);
    return toQuestion(doc);
  }

  private async writeMedia(qid: string, media: QuestionMedia): Promise<QuestionRecord> {
    const doc = await this.questions.setMedia(qid, media);
    if (!doc) throw ServiceError.notFound(M.notFound(qid));
    return doc;
  }

  /** Copy of a question under a new qid (media paths are per qid, so the copy has none). */
  async duplicate(actor: Actor | null, qid: string): Promise<Question> {
    requireAdmin(actor, M.accessDenied);
    validQid(qid);
    const source = await this.questions.findByQid(qid);
    if (!source) throw ServiceError.notFound(M.notFound(qid));
    // the copy has the same content, so it replays the same misconceptions
    const generatedFrom = source.generatedFrom ? { generatedFrom: source.generatedFrom } : {};
    const doc = await this.qids.insertWithNewQid({
      ...inputOf(toQuestion(source)),
      ...generatedFrom,
    });
    return toQuestion(doc);
  }

  async delete(actor: Actor | null, qid: string): Promise<{ deleted: true }> {
    requireAdmin(actor, M.accessDenied);
    validQid(qid);
    if (!(await this.questions.delete(qid))) throw ServiceError.notFound(M.doesNotExist);
    await this.events.deleted(qid);
    return { deleted: true };
  }

  /** Shapes by the DTO, then the save rules of admin spec §5 with their exact texts. */
  private async validInput(
    raw: QuestionInput,
  ): Promise<{ input: QuestionFields; changes: QuestionMediaChanges | undefined }> {
    const input = validatePayload(QuestionInputDto, raw);
    const problems = validateQuestionInput(input);
    if (problems.length > 0) {
      const fields: Record<string, string[]> = {};
      for (const p of problems) (fields[p.field] ??= []).push(p.message);
      throw ServiceError.badRequest(M.fixTitle, fields);
    }
    return {
      input: {
        question: input.question,
        type: input.type,
        choices: input.type === 'blank' ? [] : input.choices.map((c) => c.trim()),
        correctAnswer: input.correctAnswer.map((c) => c.trim()).filter(Boolean),
        explanation: input.explanation,
        course: input.course.trim(),
        objective: input.objective.trim(),
        rounding: input.rounding ? { places: input.rounding.places } : null,
      },
      changes: input.media,
    };
  }
}

/** The gateway checked the qid; the owner checks again before it goes into a query. */
function validQid(qid: unknown): asserts qid is string {
  validatePayload(QidParamDto, { qid });
}

function inputOf(q: Question): QuestionFields {
  return {
    question: q.question,
    type: q.type,
    choices: q.choices,
    correctAnswer: q.correctAnswer,
    explanation: q.explanation,
    course: q.course,
    objective: q.objective,
    rounding: q.rounding ?? null,
  };
}
