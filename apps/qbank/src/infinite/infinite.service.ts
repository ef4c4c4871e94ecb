import { randomInt, randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  type Actor,
  ANSWER_RULES_VERSION,
  type Course,
  Events,
  type GenerateBatchQuery,
  GenerateBatchQueryDto,
  GenerateItemsDto,
  type GenerateBatchResponse,
  type InfiniteCheckInput,
  InfiniteCheckDto,
  type InfiniteCheckResult,
  type InfiniteCoursesResponse,
  isTopicOpen,
  type Objective,
  ownValue,
  PUMP_ANSWER_ORDER,
  PUMP_MESSAGES,
  pumpKeypadProblem,
  pumpTimeInputProblem,
  QBANK_LIMITS,
  QBANK_MESSAGES as M,
  type QbankGeneratedEvent,
  type Topic,
  type ViewMode,
  ViewModeDto,
} from '@examprep/contracts';
import {
  generate,
  hasGenerator,
  MAX_SEED,
  parseItemId,
  isPumpTopic,
  previewItemsOf,
  pumpAnswerInput,
  type PumpItem,
  pumpProblemOf,
  toPublicQuestion,
} from '@examprep/generators';
import {
  JetStreamBus,
  requireActor,
  requireAdmin,
  rootLogger,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
import { blankAnswerProblem, judgeAnswer } from '@examprep/validation';
import { checkPump, isPreviewRef } from '@examprep/pump';
import { CoursesService } from '../courses/courses.service';
import { PumpAccess } from '../simulations/pump-access';
import { ViewModesRepository } from './view-modes.repository';
import { practiceFact, PracticeFacts } from './practice-facts';

/**
 * Infinite QBank (learner spec §7, admin spec §6): generated questions by course, objective
 * and topic. Learners (and anonymous callers) see free and available topics only; admins see
 * every topic with a generator unless they switched to the learner view. Answers stay on the
 * server until checked (DESIGN §5): the item id replays the exact question.
 */
/** Generation counts are sent to identity at most this often per user (one fact per flush). */
const COUNT_FLUSH_MS = 1_000;

@Injectable()
export class InfiniteService implements OnModuleDestroy {
  private readonly pendingCounts = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly courses: CoursesService,
    private readonly viewModes: ViewModesRepository,
    @Inject(JetStreamBus) private readonly bus: Pick<JetStreamBus, 'publish'>,
    private readonly pumpAccess: PumpAccess,
    private readonly practice: PracticeFacts,
  ) {}

  async listCourses(actor: Actor | null): Promise<InfiniteCoursesResponse> {
    const mode = await this.viewMode(actor);
    const open = topicFilter(mode);
    // pump topics under the simulator's rule: without access, only those the preview has (a
    // catalog that cannot answer leaves the list as the preview would have it, not failed)
    const pumps = await this.pumpServing(actor, mode, 'preview');
    const visible = (t: Topic) => open(t) && pumps(t.key) !== 'none';
    const courses: Course[] = [];
    for (const course of await this.courses.all()) {
      const objectives = Object.entries(course.objectives)
        .map(([code, o]) => [code, { ...o, topics: o.topics.filter(visible) }] as const)
        .filter(([, o]) => o.topics.length > 0);
      if (objectives.length > 0)
        courses.push({ ...course, objectives: Object.fromEntries(objectives) });
    }
    return { courses, viewMode: mode };
  }

  async generateBatch(
    actor: Actor | null,
    raw: GenerateBatchQuery,
  ): Promise<GenerateBatchResponse> {
    const query = validatePayload(GenerateBatchQueryDto, raw);
    const count = query.count ?? QBANK_LIMITS.batchDefault;
    const objective = await this.objectiveOf(query.course, query.objective);
    const mode = await this.viewMode(actor);
    const topics = objective.topics.filter(topicFilter(mode));
    let pool = topics;
    if (query.topic) {
      const topic = query.topic;
      if (!objective.topics.some((t) => t.key === topic))
        throw ServiceError.notFound(M.topicNotFound);
      pool = topics.filter((t) => t.key === topic);
      if (pool.length === 0) throw ServiceError.forbidden(M.topicUnavailable);
    }
    if (pool.length === 0) throw ServiceError.notFound(M.noTopics);
    // pump topics (issue 24): the simulator's rule; without access, the preview's problems only
    const serving = pool.some((t) => isPumpTopic(t.key))
      ? await this.pumpServing(actor, mode, 'fail')
      : () => 'all' as const;
    pool = pool.filter((t) => serving(t.key) !== 'none');
    if (pool.length === 0) throw ServiceError.forbidden(PUMP_MESSAGES.previewOnly);
    const questions = Array.from({ length: count }, () => {
      const topic = pool[randomInt(pool.length)];
      const seed =
        serving(topic.key) === 'preview'
          ? randomInt(previewItemsOf(topic.key))
          : randomInt(MAX_SEED + 1);
      return toPublicQuestion(generate(topic.key, seed));
    });
    if (actor) this.countGenerations(actor.uid, count);
    return { questions };
  }

  /**
   * Service to service (testing's weak-spots batch, issue 29): the items of these ids, in the
   * caller's rules: a topic the caller may not practise, or a pump problem beyond the preview
   * without simulation access, is left out (not an error: the learner's access may have changed
   * since the item was missed). Counted as generations like a batch.
   */
  async generateItems(actor: Actor | null, raw: { ids: string[] }): Promise<GenerateBatchResponse> {
    requireActor(actor);
    const who = actor;
    const { ids } = validatePayload(GenerateItemsDto, raw);
    const refs = ids.map(parseItemId).filter((r) => r !== null && hasGenerator(r.topicKey));
    if (refs.length === 0) return { questions: [] };
    const mode = await this.viewMode(who);
    const open = topicFilter(mode);
    const allowed = new Set<string>();
    for (const course of await this.courses.all())
      for (const o of Object.values(course.objectives))
        for (const t of o.topics) if (open(t)) allowed.add(t.key);
    const serving = refs.some((r) => isPumpTopic(r!.topicKey))
      ? await this.pumpServing(who, mode, 'preview')
      : () => 'all' as const;
    const questions = refs
      .filter((r) => {
        const { topicKey, seed } = r!;
        if (!allowed.has(topicKey)) return false;
        const how = serving(topicKey);
        return how === 'all' || (how === 'preview' && seed < previewItemsOf(topicKey));
      })
      .map((r) => toPublicQuestion(generate(r!.topicKey, r!.seed)));
    if (questions.length > 0) this.countGenerations(who.uid, questions.length);
    return { questions };
  }

  async check(actor: Actor | null, raw: InfiniteCheckInput): Promise<InfiniteCheckResult> {
    const input = validatePayload(InfiniteCheckDto, raw);
    const ref = parseItemId(input.id);
    if (!ref) throw ServiceError.badRequest(M.unknownItem, { id: [M.unknownItem] });
    const item = generate(ref.topicKey, ref.seed);
    // Only a topic the caller may practise can be checked (else this would answer any topic).
    const mode = await this.viewMode(actor);
    const o = await this.objectiveOf(item.course, item.objective);
    if (!o.topics.filter(topicFilter(mode)).some((t) => t.key === ref.topicKey))
      throw ServiceError.forbidden(M.topicUnavailable);
    if (item.type === 'pump') {
      // the simulator's rule: a problem beyond the preview needs simulation access
      if (!isPreviewRef(item.pumpRef) && !(await this.pumpFull(actor, mode, 'fail')))
        throw ServiceError.forbidden(PUMP_MESSAGES.previewOnly);
      const result = checkPumpItem(item, input.answer);
      if (actor)
        this.practice.publish(
          practiceFact(actor.uid, item, input.answer, result.correct, new Date(), input.review),
        );
      return result;
    }
    if (item.type === 'blank') {
      const verdict = blankAnswerProblem(input.answer[0] ?? '');
      if (!verdict.isValid)
        throw ServiceError.badRequest(verdict.error, { answer: [verdict.error] });
    }
    // the current answer rules (ADR 0036): nothing is stored, so nothing older to keep
    const verdict = judgeAnswer(item, input.answer, ANSWER_RULES_VERSION);
    // the learning engine's fact (issue 29), published without holding up this reply
    if (actor)
      this.practice.publish(
        practiceFact(actor.uid, item, input.answer, verdict.correct, new Date(), input.review),
      );
    return {
      correct: verdict.correct,
      correctAnswer: item.correctAnswer,
      explanation: item.explanation,
      ...(verdict.feedback ? { feedback: verdict.feedback } : {}),
    };
  }

  async setViewMode(actor: Actor | null, raw: { mode: ViewMode }): Promise<{ mode: ViewMode }> {
    requireAdmin(actor, M.accessDenied);
    const { mode } = validatePayload(ViewModeDto, raw);
    await this.viewModes.setMode(actor.uid, mode);
    return { mode };
  }

  async getViewMode(actor: Actor | null): Promise<{ mode: ViewMode }> {
    requireAdmin(actor, M.accessDenied);
    return { mode: (await this.viewMode(actor)) ?? 'admin' };
  }

  /**
   * How the caller is served each topic: 'all' (not a pump topic, or simulation access), the
   * pump preview's problems, or 'none' (a pump topic the preview does not have: dual pumps).
   */
  private async pumpServing(
    actor: Actor | null,
    mode: ViewMode | null,
    unavailable: 'preview' | 'fail',
  ): Promise<(topicKey: string) => 'all' | 'preview' | 'none'> {
    const full = await this.pumpFull(actor, mode, unavailable);
    return (key) =>
      full || !isPumpTopic(key) ? 'all' : previewItemsOf(key) > 0 ? 'preview' : 'none';
  }

  /**
   * Whether the caller has simulation access (PumpAccess: the catalog, asked once, only for a
   * signed-in, verified caller). An admin in the learner view sees what a learner who owns
   * nothing sees. `unavailable`: what a catalog that cannot answer means.
   */
  private async pumpFull(
    actor: Actor | null,
    mode: ViewMode | null,
    unavailable: 'preview' | 'fail',
  ): Promise<boolean> {
    if (mode === 'learner') return false;
    return this.pumpAccess.full(actor).catch((err: unknown) => {
      if (unavailable === 'fail') throw err;
      rootLogger().warn({ err }, 'simulation access unknown (catalog); pump topics as the preview');
      return false;
    });
  }

  /** null for non-admins; an admin's stored mode, 'admin' by default. */
  private async viewMode(actor: Actor | null): Promise<ViewMode | null> {
    if (!actor?.isAdmin) return null;
    return (await this.viewModes.findMode(actor.uid)) ?? 'admin';
  }

  /** The catalogue's objective; 404 for an unknown course or objective code. */
  private async objectiveOf(courseId: string, code: string): Promise<Objective> {
    const course = (await this.courses.all()).find((c) => c.id === courseId);
    // The code comes from the request: an own key only ('constructor' is no objective).
    const objective = ownValue(course?.objectives, code);
    if (!objective) throw ServiceError.notFound(M.noTopics);
    return objective;
  }

  /**
   * The identity service counts generations per user from JetStream facts. Counts are summed
   * per user and sent once a second (a fact per request would cost a JetStream disk write per
   * batch); shutdown flushes what is pending. Failures are only logged.
   */
  private countGenerations(uid: string, count: number): void {
    this.pendingCounts.set(uid, (this.pendingCounts.get(uid) ?? 0) + count);
    this.flushTimer ??= setTimeout(() => void this.flushCounts(), COUNT_FLUSH_MS).unref();
  }

  async flushCounts(): Promise<void> {
    this.flushTimer = undefined;
    const counts = [...this.pendingCounts];
    this.pendingCounts.clear();
    await Promise.all(
      counts.map(([uid, count]) => {
        const event: QbankGeneratedEvent = {
          uid,
          count,
          batchId: randomUUID(),
          at: new Date().toISOString(),
        };
        return this.bus
          .publish(Events.qbankGenerated, event, `qbank-generated:${event.batchId}`)
          .catch((err: unknown) =>
            rootLogger().error({ err, uid, count }, 'qbank.generated not published'),
          );
      }),
    );
  }

  async onModuleDestroy(): Promise<void> {
    if (this.flushTimer) clearTimeout(this.flushTimer);
    await this.flushCounts();
  }
}

/** Admins (admin view): every topic with a generator. Everyone else: open topics only. */
function topicFilter(mode: ViewMode | null): (t: Topic) => boolean {
  return mode === 'admin' ? (t) => t.hasGenerator : isTopicOpen;
}

/**
 * A pump item (issue 14): the answer strings in PUMP_ANSWER_ORDER, each as the pump face takes
 * it (keypad: 1 to 4 digits; time inputs: 1 or 2 digits), compared exactly by the pump checker
 * (an idle pump reads 0, minutes are two digits). Wrong shape: 400 naming the field.
 */
function checkPumpItem(item: PumpItem, answer: readonly string[]): InfiniteCheckResult {
  const time = item.pump.calculate === 'time';
  const names = time ? PUMP_ANSWER_ORDER.time : PUMP_ANSWER_ORDER.channels;
  if (answer.length !== names.length)
    throw ServiceError.badRequest(PUMP_MESSAGES.answerShape, {
      answer: [PUMP_MESSAGES.answerShape],
    });
  const fields = new Map<string, string[]>();
  names.forEach((name, i) => {
    const problem = time ? pumpTimeInputProblem(answer[i]) : pumpKeypadProblem(answer[i]);
    if (problem) fields.set(`answer.${name}`, [problem]);
  });
  if (fields.size > 0) {
    const [first] = [...fields.values()];
    throw ServiceError.badRequest(first[0], Object.fromEntries(fields));
  }
  // the simulator's checker, with its hint (a slipped decimal point, the idle pump, the format)
  const problem = pumpProblemOf(item);
  const verdict = checkPump(problem, pumpAnswerInput(problem, answer));
  return {
    correct: verdict.correct,
    correctAnswer: item.correctAnswer,
    explanation: item.explanation,
    ...(verdict.hint ? { feedback: verdict.hint } : {}),
  };
}
