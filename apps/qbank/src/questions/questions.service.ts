import { Injectable } from '@nestjs/common';
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
import { randomFreeQid, randomQid } from './qid';
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
  ) {}

  async list(actor: Actor | null, raw: QuestionFilters): Promise<QuestionListResponse> {
    requireAdmin(actor, M.accessDenied);
    const filters = validatePayload(QuestionFiltersDto, raw);
    const docs = await this.questions
      .find(toQuery(filters))
      .sort({ course: 1, objective: 1, _id: 1 })
      .lean()
      .exec();
    const questions = docs.map(toQuestion);
    return { questions, total: questions.length };
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

  async create(actor: Actor | null, raw: QuestionInput): Promise<Question> {
    requireAdmin(actor, M.accessDenied);
    const input = await this.validInput(raw);
    const doc = await this.insertWithNewQid(input);
    rootLogger().info({ qid: doc._id, adminUid: actor.uid }, 'question created');
    return toQuestion(doc);
  }

  async update(actor: Actor | null, qid: string, raw: QuestionInput): Promise<Question> {
    requireAdmin(actor, M.accessDenied);
    validQid(qid);
    const input = await this.validInput(raw);
    const doc = await this.questions
      .findByIdAndUpdate(qid, { $set: input }, { new: true, runValidators: true })
      .lean()
      .exec();
    if (!doc) throw ServiceError.notFound(M.notFound(qid));
    return toQuestion(doc);
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
  private async validInput(raw: QuestionInput): Promise<QuestionInput> {
    const input = validatePayload(QuestionInputDto, raw);
    const problems = validateQuestionInput(input);
    if (problems.length > 0) {
      const fields: Record<string, string[]> = {};
      for (const p of problems) (fields[p.field] ??= []).push(p.message);
      throw ServiceError.badRequest(M.fixTitle, fields);
    }
    return {
      question: input.question,
      type: input.type,
      choices: input.type === 'blank' ? [] : input.choices.map((c) => c.trim()),
      correctAnswer: input.correctAnswer.map((c) => c.trim()).filter(Boolean),
      explanation: input.explanation,
      course: input.course.trim(),
      objective: input.objective.trim(),
      rounding: input.rounding ? { places: input.rounding.places } : null,
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
  const media = (field: string, want?: 'has' | 'missing') => {
    if (want === 'has') q[`media.${field}`] = { $type: 'string' };
    if (want === 'missing') q[`media.${field}`] = { $not: { $type: 'string' } };
  };
  media('questionImage', f.questionImage);
  media('explanationImage', f.explanationImage);
  media('video', f.video);
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
