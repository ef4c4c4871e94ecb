import { randomBytes, randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  CLASS_REPORT_MAX,
  type ClassReportAnswer,
  type ClassReportLearner,
  type CourseMastery,
  type FamilyReadinessView,
  LEARNING_LIMITS,
  LEARNING_MESSAGES as M,
  type LearningExport,
  type LearningSummary,
  type ObjectiveView,
  type Readiness,
  type SkillView,
  type StudyPlanSettings,
  StudyPlanSettingsDto,
  type StudyPlanView,
  type TrendPoint,
  UnsubscribeDto,
  type UserLearning,
  UserTestsQuery,
  validExamDate,
  type WeakSpotsBatch,
  WeakSpotsQueryDto,
} from '@examprep/contracts';
import {
  COURSE_DEFINITIONS,
  type CourseDefinition,
  isPumpTopic,
  itemId,
  MAX_SEED,
} from '@examprep/generators';
import {
  buildPlan,
  familyReadiness,
  masteryOf,
  NEW_SKILL,
  pickTopics,
  serveFor,
  type SkillState,
  teasPrediction,
} from '@examprep/learning';
import {
  requireActor,
  requireAdmin,
  requireVerified,
  ServiceError,
  validatePayload,
} from '@examprep/nest-kit';
import { Clock } from '../exams/clock';
import { LEARNING_CALLS, type LearningCalls } from './learning-peers';
import { type LearnerSkills, LearningRepository, type StoredCard } from './learning.repository';
import { MED_DOSAGE_COURSE_ID } from './skills-update';
import { TopicDifficulty } from './topic-difficulty';

/** Weak spots listed on the dashboard at most. */
export const WEAK_SPOTS_LISTED = 5;

/** Due cards a weak-spots batch looks through for the reviews it serves (4 batches' worth). */
export const REVIEW_CANDIDATES = 4 * LEARNING_LIMITS.weakSpotsBatch;

const day = (d: Date) => d.toISOString().slice(0, 10);

/** Learners whose skills are read at once for a class report. */
const CLASS_REPORT_CONCURRENCY = 8;

/** One learner of an instructor's class report, from their skills documents. */
export function classLearner(
  uid: string,
  skills: readonly LearnerSkills[],
  now: string,
): ClassReportLearner {
  const byTest = new Map<string, { at: string; percent: number }>();
  for (const s of skills) for (const t of s.tests) byTest.set(t.testId, t);
  const tests = [...byTest.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  const last = tests.at(-1) ?? null;
  const teasSkills = skills.find((s) => s.course === 'teas_math');
  const teas = teasSkills ? teasPrediction(teasSkills.objectives, now) : null;
  return {
    uid,
    testsSubmitted: tests.length,
    averageScore:
      tests.length > 0
        ? Math.round(tests.reduce((sum, t) => sum + t.percent, 0) / tests.length)
        : null,
    lastScore: last?.percent ?? null,
    lastSubmittedAt: last?.at ?? null,
    teas: teas
      ? {
          enough: teas.enough,
          percent: teas.percent,
          percentLow: teas.percentLow,
          percentHigh: teas.percentHigh,
        }
      : null,
  };
}

/** A skill as the screens show it. */
function skillView(key: string, name: string, s: SkillState | null, now: string): SkillView {
  const m = masteryOf(s, now);
  return {
    key,
    name,
    level: m.level,
    p: m.p,
    low: m.low,
    high: m.high,
    answers: s?.n ?? 0,
    correct: s?.correct ?? 0,
    lastAt: s?.lastAt ?? null,
  };
}

/** A course's mastery per objective and topic (topics with a generator), in course order. */
export function courseMastery(
  def: CourseDefinition,
  skills: LearnerSkills,
  now: string,
): CourseMastery {
  const objectives: ObjectiveView[] = def.objectives.map((o) => ({
    ...skillView(o.code, o.name, skills.objectives[o.code] ?? null, now),
    section: o.section,
    topics: o.topics
      .filter((t) => t.generate)
      .map((t) => skillView(t.key, t.name, skills.topics[t.key] ?? null, now)),
  }));
  return { course: def.id, name: def.name, objectives };
}

/**
 * The learning engine's calls (issue 29, ADR 0039): the learner's mastery, readiness, the
 * weak-spots batch with the review queue, the study plan, and the learner's export and delete.
 * Every call reads or writes the caller's own data only (the admin's per-user view reads).
 */
@Injectable()
export class LearningService {
  constructor(
    private readonly repo: LearningRepository,
    private readonly difficulty: TopicDifficulty,
    private readonly clock: Clock,
    @Inject(LEARNING_CALLS) private readonly peers: LearningCalls,
  ) {}

  async summary(actor: Actor | null): Promise<LearningSummary> {
    requireVerified(actor);
    return this.summaryOf(actor.uid);
  }

  async readiness(actor: Actor | null): Promise<Readiness> {
    requireVerified(actor);
    return this.readinessOf(actor.uid);
  }

  async userLearning(actor: Actor | null, uid: string): Promise<UserLearning> {
    requireAdmin(actor);
    // the gateway's own query DTO (GET /api/admin/user-learning), checked again here
    validatePayload(UserTestsQuery, { uid });
    const [summary, readiness] = await Promise.all([this.summaryOf(uid), this.readinessOf(uid)]);
    return { summary, readiness };
  }

  private async summaryOf(uid: string): Promise<LearningSummary> {
    const now = this.clock.now();
    const at = now.toISOString();
    const [all, ...due] = await Promise.all([
      this.repo.skillsOf(uid),
      ...COURSE_DEFINITIONS.map((def) => this.repo.countDue(uid, now, def.id)),
    ]);
    const dueByCourse = Object.fromEntries(COURSE_DEFINITIONS.map((def, i) => [def.id, due[i]!]));
    const courses: CourseMastery[] = [];
    const weak: (LearningSummary['weakSpots'][number] & { p: number })[] = [];
    let answers = 0;
    for (const def of COURSE_DEFINITIONS) {
      const skills = all.find((s) => s.course === def.id);
      if (!skills) continue;
      const view = courseMastery(def, skills, at);
      courses.push(view);
      for (const o of view.objectives) {
        answers += o.answers;
        for (const t of o.topics)
          if (t.level === 'needs-work' || t.level === 'developing')
            weak.push({ course: def.id, topicKey: t.key, name: t.name, level: t.level, p: t.p });
      }
    }
    weak.sort((a, b) => a.p - b.p);
    return {
      courses,
      dueReviews: due.reduce((a, b) => a + b, 0),
      dueByCourse,
      answers,
      weakSpots: weak.slice(0, WEAK_SPOTS_LISTED).map(({ p: _p, ...w }) => w),
    };
  }

  /**
   * Service to service (schools, issue 30): what an instructor's class view shows of each learner
   * — the graded tests' count and scores, and the TEAS Math prediction — from each learner's
   * skills documents (one indexed read per learner). The schools service has checked that the
   * actor teaches these learners' class.
   */
  async classReport(actor: Actor | null, uids: readonly string[]): Promise<ClassReportAnswer> {
    requireVerified(actor);
    if (actor.isInstructor !== true) throw ServiceError.forbidden();
    const wanted = [...new Set(Array.isArray(uids) ? uids : [])]
      .filter((u): u is string => typeof u === 'string' && u.length > 0 && u.length <= 64)
      .slice(0, CLASS_REPORT_MAX);
    const now = this.clock.now().toISOString();
    const learners: ClassReportLearner[] = [];
    for (let i = 0; i < wanted.length; i += CLASS_REPORT_CONCURRENCY) {
      const batch = wanted.slice(i, i + CLASS_REPORT_CONCURRENCY);
      learners.push(
        ...(await Promise.all(
          batch.map(async (uid) => classLearner(uid, await this.repo.skillsOf(uid), now)),
        )),
      );
    }
    return { learners };
  }

  private async readinessOf(uid: string): Promise<Readiness> {
    const now = this.clock.now().toISOString();
    const all = await this.repo.skillsOf(uid);
    const teas = all.find((s) => s.course === 'teas_math');
    const med = all.find((s) => s.course === MED_DOSAGE_COURSE_ID);
    const medDosage: FamilyReadinessView[] = familyReadiness(
      MED_DOSAGE_COURSE_ID,
      med?.objectives ?? {},
      now,
    ).map((f) => ({
      section: f.section,
      level: f.mastery.level,
      p: f.mastery.p,
      low: f.mastery.low,
      high: f.mastery.high,
      answers: f.mastery.answers,
      lastAt: f.mastery.lastAt,
      summary: f.summary,
    }));
    const trend: TrendPoint[] = [];
    for (const s of all) {
      for (const t of s.tests)
        trend.push({
          at: t.at,
          course: s.course,
          kind: 'test',
          percent: t.percent,
          low: null,
          high: null,
        });
      for (const e of s.estimates)
        trend.push({
          at: e.at,
          course: s.course,
          kind: 'estimate',
          percent: e.percent,
          low: e.low,
          high: e.high,
        });
    }
    trend.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    return { teas: teasPrediction(teas?.objectives ?? {}, now), medDosage, trend };
  }

  /**
   * A weak-spots batch of the course (issue 29): the learner's due reviews first (the missed
   * item itself on its first return, a sibling with the same misconception after), then items of
   * the topics with the most to gain (pickTopics), drawn among the topics the learner may
   * practise in the Infinite QBank. Pump topics are reviewed but not drawn: they are practised
   * on the pump face, whose simulator has its own screen.
   */
  async weakSpots(actor: Actor | null, raw: { course: string }): Promise<WeakSpotsBatch> {
    requireVerified(actor);
    const { course } = validatePayload(WeakSpotsQueryDto, raw);
    if (!COURSE_DEFINITIONS.some((c) => c.id === course))
      throw ServiceError.badRequest(M.course, { course: [M.course] });
    const now = this.clock.now();
    const size = LEARNING_LIMITS.weakSpotsBatch;
    const open = await this.peers.courses(actor);
    const topics = Object.values(open.courses.find((c) => c.id === course)?.objectives ?? {})
      .flatMap((o) => o.topics)
      .filter((t) => t.hasGenerator);
    // what the qbank serves this learner now: a card of another topic (closed since, or a
    // hand-made question with no generated form) waits, and does not take a review's place
    const servable = new Set(topics.map((t) => t.key));
    const keys = topics.filter((t) => !isPumpTopic(t.key)).map((t) => t.key);
    const served = new Map<string, StoredCard>();
    for (const card of await this.repo.dueCards(actor.uid, now, REVIEW_CANDIDATES, course)) {
      if (served.size >= size) break;
      if (card.topicKey === null || !servable.has(card.topicKey)) continue;
      const serve = serveFor(card);
      const id = serve.kind === 'same' ? serve.itemId : itemId(serve.topicKey, serve.seed);
      if (id.includes('~') && !served.has(id)) served.set(id, card);
    }
    const ids = [...served.keys()];
    if (ids.length === 0 && keys.length === 0) throw ServiceError.notFound(M.noTopics);
    if (ids.length < size && keys.length > 0) {
      const skills = (await this.repo.skills(actor.uid, course))?.topics ?? {};
      const picks = pickTopics(
        keys.map((k) => ({
          topicKey: k,
          state: skills[k] ?? NEW_SKILL,
          difficulty: this.difficulty.of(k),
        })),
        size - ids.length,
        randomInt(2 ** 31),
        now.toISOString(),
      );
      for (const k of picks) ids.push(itemId(k, randomInt(MAX_SEED + 1)));
    }
    const { questions } = await this.peers.items(actor, ids);
    const reviewIds = questions.filter((q) => served.has(q.id)).map((q) => q.id);
    for (const id of reviewIds) {
      const card = served.get(id)!;
      if (card.served !== id) await this.repo.setServed(actor.uid, card.itemId, id);
    }
    // a sibling is a review served under another id than the missed item's
    const siblingIds = reviewIds.filter((id) => served.get(id)!.itemId !== id);
    return { questions, reviewIds, siblingIds };
  }

  async getPlan(actor: Actor | null): Promise<StudyPlanView> {
    requireVerified(actor);
    const plan = await this.repo.plan(actor.uid);
    if (!plan) return { settings: null, plan: null };
    const settings = {
      examDate: plan.examDate,
      minutesPerDay: plan.minutesPerDay,
      reminders: plan.reminders,
    };
    return { settings, plan: await this.planFor(actor.uid, settings) };
  }

  async setPlan(actor: Actor | null, raw: StudyPlanSettings): Promise<StudyPlanView> {
    requireVerified(actor);
    const input = validatePayload(StudyPlanSettingsDto, raw);
    if (!validExamDate(input.examDate, day(this.clock.now())))
      throw ServiceError.badRequest(M.examDate, { examDate: [M.examDate] });
    const before = await this.repo.plan(actor.uid);
    await this.repo.putPlan({
      uid: actor.uid,
      examDate: input.examDate,
      minutesPerDay: input.minutesPerDay,
      reminders: input.reminders,
      email: actor.email,
      unsubscribe: before?.unsubscribe ?? randomBytes(32).toString('base64url'),
      remindedOn: before?.remindedOn ?? '',
    });
    const settings = {
      examDate: input.examDate,
      minutesPerDay: input.minutesPerDay,
      reminders: input.reminders,
    };
    return { settings, plan: await this.planFor(actor.uid, settings) };
  }

  /** The plan from the learner's mastery now (buildPlan is pure: it adapts as mastery changes). */
  async planFor(uid: string, settings: StudyPlanSettings) {
    const now = this.clock.now();
    const [all, dueReviews] = await Promise.all([
      this.repo.skillsOf(uid),
      this.repo.countDue(uid, now),
    ]);
    const objectives = COURSE_DEFINITIONS.filter((def) =>
      all.some((s) => s.course === def.id),
    ).flatMap((def) => {
      const skills = all.find((s) => s.course === def.id)!;
      return def.objectives
        .filter((o) => o.topics.some((t) => t.generate))
        .map((o) => ({
          course: def.id,
          objective: o.code,
          name: `${def.name}: ${o.name}`,
          section: o.section,
          state: skills.objectives[o.code] ?? null,
        }));
    });
    return buildPlan({
      examDate: settings.examDate,
      minutesPerDay: settings.minutesPerDay,
      today: day(now),
      objectives,
      dueReviews,
    });
  }

  async unsubscribe(raw: { token: string }): Promise<{ unsubscribed: true }> {
    const { token } = validatePayload(UnsubscribeDto, raw);
    const plan = await this.repo.planByToken(token);
    if (!plan) throw ServiceError.notFound(M.unsubscribe);
    await this.repo.setReminders(plan.uid, false);
    return { unsubscribed: true };
  }

  async export(actor: Actor | null): Promise<LearningExport> {
    requireActor(actor);
    const [skills, cards, plan, readiness] = await Promise.all([
      this.repo.skillsOf(actor.uid),
      this.repo.cardsOf(actor.uid),
      this.repo.plan(actor.uid),
      this.readinessOf(actor.uid),
    ]);
    return {
      exportedAt: this.clock.now().toISOString(),
      uid: actor.uid,
      skills: skills.map(({ rev: _rev, seen: _seen, ...s }) => s),
      reviewCards: cards.map(({ served: _served, uid: _uid, ...c }) => c),
      plan: plan
        ? { examDate: plan.examDate, minutesPerDay: plan.minutesPerDay, reminders: plan.reminders }
        : null,
      trend: readiness.trend,
    };
  }

  async remove(actor: Actor | null): Promise<{ deleted: true }> {
    requireActor(actor);
    await this.repo.removeUser(actor.uid);
    return { deleted: true };
  }
}
