import { Inject, Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import {
  type Actor,
  Events,
  QBANK_MESSAGES as M,
  QidParamDto,
  type Question,
  type QuestionDeletedEvent,
  type QuestionFacets,
  type QuestionFilters,
  QuestionFiltersDto,
  type QuestionInput,
  QuestionInputDto,
  type QuestionListResponse,
  type MediaSlot,
  type QuestionMedia,
  type QuestionMediaChangedEvent,
  type QuestionMediaChanges,
  type QuestionsExport,
} from '@examprep/contracts';
import {
  JetStreamBus,
  requireAdmin,
  rootLogger,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
import { validateQuestionInput } from '@examprep/validation';
import type { FilterQuery, Model } from 'mongoose';
import { MEDIA_CALLS, type MediaCalls } from '../media/media-peer';
import { randomFreeQid, randomQid } from './qid';
import {
  changedPaths,
  existsInDocument,
  existsInIndex,
  filterByMedia,
  hasUploads,
  mediaFilters,
  nextMedia,
  splitChanges,
} from './question-media';
import { QuestionRecord, toQuestion } from './question.schema';

/** Random tries before listing the taken ids and choosing among the free ones. */
const RANDOM_QID_TRIES = 25;
const DUPLICATE_KEY = 11000;

/** The question bank (admin spec §2.3-2.5, §3-5, §7-8). Every call is admin-only. */
@Injectable()
export class QuestionsService {
  constructor(
    @InjectModel(QuestionRecord.name) private readonly questions: Model<QuestionRecord>,
    private readonly bus: JetStreamBus,
    @Inject(MEDIA_CALLS) private readonly media: MediaCalls,
  ) {}

  async list(actor: Actor | null, raw: QuestionFilters): Promise<QuestionListResponse> {
    requireAdmin(actor, M.accessDenied);
    const filters = validatePayload(QuestionFiltersDto, raw);
    const docs = await this.questions
      .find(toQuery(filters))
      .sort({ course: 1, objective: 1, _id: 1 })
      .lean()
      .exec();
    let questions = docs.map(toQuestion);
    const byMedia = mediaFilters(filters);
    if (byMedia.length > 0) {
      questions = filterByMedia(questions, byMedia, await this.mediaExists(actor));
    }
    return { questions, total: questions.length };
  }

  /**
   * Admin spec §2.4: the has/missing media filters count REAL objects (the media service's
   * index of Images/ and VideoSolutions/). Without an answer, the documents' paths, logged.
   */
  private async mediaExists(actor: Actor) {
    try {
      return existsInIndex(await this.media.index(actor));
    } catch (err) {
      rootLogger().warn({ err }, 'media index unavailable: media filters use the documents');
      return existsInDocument;
    }
  }

  async export(actor: Actor | null, raw: QuestionFilters): Promise<QuestionsExport> {
    const { questions, total } = await this.list(actor, raw);
    if (total === 0) throw ServiceError.notFound(M.nothingToExport);
    return {
      exportDate: new Date().toISOString(),
      totalQuestions: total,
      filters: cleanFilters(raw),
      questions,
    };
  }

  /** Course and objective names in use, for the editor's pickers. */
  async facets(actor: Actor | null): Promise<QuestionFacets> {
    requireAdmin(actor, M.accessDenied);
    const docs = await this.questions.find({}, { course: 1, objective: 1 }).lean().exec();
    return toFacets(docs);
  }

  async get(actor: Actor | null, qid: string): Promise<Question> {
    requireAdmin(actor, M.accessDenied);
    validQid(qid);
    const doc = await this.questions.findById(qid).lean().exec();
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
    let doc = await this.insertWithNewQid(input);
    const { uploads } = splitChanges(changes);
    if (hasUploads(uploads)) {
      const committed = await this.commitOrUndo(actor, doc._id, uploads);
      doc = await this.writeMedia(doc._id, nextMedia(doc.media, committed, []));
      await this.afterMediaWrite(actor, doc._id, committed, []);
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
      const current = await this.questions.findById(qid).lean().exec();
      if (!current) throw ServiceError.notFound(M.notFound(qid));
      if (hasUploads(uploads)) committed = await this.media.commit(actor, qid, uploads);
      media = nextMedia(toQuestion(current).media, committed, removed);
    }
    const doc = await this.questions
      .findByIdAndUpdate(
        qid,
        { $set: media ? { ...input, media } : input },
        { new: true, runValidators: true },
      )
      .lean()
      .exec();
    if (!doc) throw ServiceError.notFound(M.notFound(qid));
    if (media) await this.afterMediaWrite(actor, qid, committed, removed);
    return toQuestion(doc);
  }

  /** A create's commit; on any failure the reserved question goes (and what may have landed). */
  private async commitOrUndo(
    actor: Actor,
    qid: string,
    uploads: QuestionMediaChanges,
  ): Promise<Partial<QuestionMedia>> {
    try {
      return await this.media.commit(actor, qid, uploads);
    } catch (err) {
      await this.questions
        .deleteOne({ _id: qid })
        .exec()
        .catch((e: unknown) =>
          rootLogger().error({ err: e, qid }, 'reserved question not removed'),
        );
      // a commit that timed out may still have copied: the free qid must not inherit a file
      const paths = changedPaths(qid, {}, Object.keys(uploads) as MediaSlot[]);
      await this.media
        .deleteObjects(actor, paths)
        .catch((e: unknown) => rootLogger().warn({ err: e, qid, paths }, 'media clean-up failed'));
      throw err;
    }
  }

  private async writeMedia(qid: string, media: QuestionMedia): Promise<QuestionRecord> {
    const doc = await this.questions
      .findByIdAndUpdate(qid, { $set: { media } }, { new: true })
      .lean()
      .exec();
    if (!doc) throw ServiceError.notFound(M.notFound(qid));
    return doc;
  }

  /** After the write: removed slots' objects deleted (failures only logged), the fact published. */
  private async afterMediaWrite(
    actor: Actor,
    qid: string,
    committed: Partial<QuestionMedia>,
    removed: readonly MediaSlot[],
  ): Promise<void> {
    const gone = changedPaths(qid, {}, removed);
    if (gone.length > 0) {
      try {
        const { failed } = await this.media.deleteObjects(actor, gone);
        if (failed.length > 0) rootLogger().warn({ qid, failed }, 'media not deleted');
      } catch (err) {
        rootLogger().warn({ err, qid, paths: gone }, 'media not deleted');
      }
    }
    const paths = changedPaths(qid, committed, removed);
    if (paths.length === 0) return;
    const event: QuestionMediaChangedEvent = { qid, paths, at: new Date().toISOString() };
    await this.bus
      .publish(Events.questionMediaChanged, event, `question-media:${qid}:${event.at}`)
      .catch((err: unknown) =>
        rootLogger().error({ err, qid }, 'question.mediaChanged not published'),
      );
  }

  /** Copy of a question under a new qid (media paths are per qid, so the copy has none). */
  async duplicate(actor: Actor | null, qid: string): Promise<Question> {
    requireAdmin(actor, M.accessDenied);
    validQid(qid);
    const source = await this.questions.findById(qid).lean().exec();
    if (!source) throw ServiceError.notFound(M.notFound(qid));
    // the copy has the same content, so it replays the same misconceptions
    const generatedFrom = source.generatedFrom ? { generatedFrom: source.generatedFrom } : {};
    const doc = await this.insertWithNewQid({ ...inputOf(toQuestion(source)), ...generatedFrom });
    return toQuestion(doc);
  }

  async delete(actor: Actor | null, qid: string): Promise<{ deleted: true }> {
    requireAdmin(actor, M.accessDenied);
    validQid(qid);
    const res = await this.questions.deleteOne({ _id: qid }).exec();
    if (res.deletedCount === 0) throw ServiceError.notFound(M.doesNotExist);
    const event: QuestionDeletedEvent = { qid, at: new Date().toISOString() };
    await this.bus
      .publish(Events.questionDeleted, event, `question-deleted:${qid}:${event.at}`)
      .catch((err: unknown) => rootLogger().error({ err, qid }, 'question.deleted not published'));
    return { deleted: true };
  }

  /** Shapes by the DTO, then the save rules of admin spec §5 with their exact texts. */
  private async validInput(
    raw: QuestionInput,
  ): Promise<{ input: QuestionInput; changes: QuestionMediaChanges | undefined }> {
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

  /**
   * Inserts under a random unused qid. The unique _id decides between concurrent creates
   * (FerretDB has no atomic find-and-modify; a duplicate-key error means "try another").
   */
  private async insertWithNewQid(
    input: QuestionInput & { generatedFrom?: string },
  ): Promise<QuestionRecord> {
    for (let attempt = 0; attempt < RANDOM_QID_TRIES; attempt++) {
      const created = await this.tryInsert(randomQid(), input);
      if (created) return created;
    }
    // The space is crowded: choose among the free ids (still racing other writers).
    for (;;) {
      const taken = new Set(
        (await this.questions.find({}, { _id: 1 }).lean().exec()).map((d) => d._id),
      );
      const qid = randomFreeQid(taken);
      if (!qid) throw ServiceError.conflict(M.qidSpaceExhausted, 'QID_SPACE_EXHAUSTED');
      const created = await this.tryInsert(qid, input);
      if (created) return created;
    }
  }

  private async tryInsert(
    qid: string,
    input: QuestionInput & { generatedFrom?: string },
  ): Promise<QuestionRecord | null> {
    try {
      const doc = await this.questions.create({ _id: qid, ...input });
      return doc.toObject();
    } catch (err) {
      if ((err as { code?: number }).code === DUPLICATE_KEY) return null;
      throw err;
    }
  }
}

/** The gateway checked the qid; the owner checks again before it goes into a query. */
function validQid(qid: unknown): asserts qid is string {
  validatePayload(QidParamDto, { qid });
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function toQuery(f: QuestionFilters): FilterQuery<QuestionRecord> {
  const q: FilterQuery<QuestionRecord> = {};
  if (f.course) q.course = f.course;
  if (f.objective) q.objective = f.objective;
  if (f.type) q.type = f.type;
  // the media filters are applied to the result, by the real objects (QuestionsService.list)
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

const byName = (a: string, b: string) => a.localeCompare(b, undefined, { numeric: true });

/**
 * Course names with their objective names. Names are whatever admins typed ('constructor',
 * '__proto__' included), so they are gathered in a Map, never as keys of a plain object.
 */
export function toFacets(docs: readonly Pick<Question, 'course' | 'objective'>[]): QuestionFacets {
  const objectives = new Map<string, Set<string>>();
  for (const d of docs) {
    const set = objectives.get(d.course) ?? new Set<string>();
    objectives.set(d.course, set.add(d.objective));
  }
  return {
    courses: [...objectives.keys()].sort(byName),
    objectives: Object.fromEntries(
      [...objectives].map(([course, set]) => [course, [...set].sort(byName)]),
    ),
  };
}

function cleanFilters(f: QuestionFilters): QuestionFilters {
  return Object.fromEntries(
    Object.entries(f).filter(([, v]) => typeof v === 'string' && v.trim() !== ''),
  ) as QuestionFilters;
}

function inputOf(q: Question): QuestionInput {
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
