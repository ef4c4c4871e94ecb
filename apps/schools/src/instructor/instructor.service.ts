import { Inject, Injectable } from '@nestjs/common';
import {
  type Actor,
  type ClassGradebook,
  type ClassItemsAnswer,
  type ClassLearner,
  type ClassReportLearner,
  type InstructorClass,
  type InstructorClassesAnswer,
  INSTRUCTOR_MESSAGES as M,
  type TestSubmittedEvent,
  Events,
} from '@examprep/contracts';
import { JetStreamConsumer, requireVerified, rootLogger, ServiceError } from '@examprep/nest-kit';
import { LtiRepository } from '../lti/lti.repository';
import type { ContextRecord, MemberRecord, PlatformRecord } from '../lti/lti.schema';
import { PlatformCallError, PlatformServices, type RosterMember } from '../lti/platform-services';
import { contextRole, Scopes } from '../lti/protocol/claims';
import { SCHOOLS_CALLS, type SchoolsCalls } from '../lti/peers';
import { ClassItemsRepository } from './class-items.repository';

const CONTEXT_KEY = /^[a-f0-9-]{36}:[^\s]{1,255}$/;

/** Whether a roster entry learns in the class (a Learner context role, or no context role). */
function learns(roles: readonly string[]): boolean {
  const context = roles.map(contextRole).filter((r): r is string => r !== null);
  return context.length === 0 || context.includes('Learner');
}

const EMPTY_REPORT = (uid: string): ClassReportLearner => ({
  uid,
  testsSubmitted: 0,
  averageScore: null,
  lastScore: null,
  lastSubmittedAt: null,
  teas: null,
});

/**
 * The instructor's view of their classes (issue 30, ADR 0040): only the classes their launches
 * made them an instructor of (another class is not found, site admin rights give none); the
 * roster from the LMS (NRPS) when it offers one, else who launched; each learner's tests and
 * TEAS readiness (testing); the class's item analysis, folded from its learners' submitted tests.
 */
@Injectable()
export class InstructorService {
  constructor(
    private readonly repo: LtiRepository,
    private readonly items: ClassItemsRepository,
    private readonly services: PlatformServices,
    @Inject(SCHOOLS_CALLS) private readonly calls: SchoolsCalls,
  ) {}

  async classes(actor: Actor | null): Promise<InstructorClassesAnswer> {
    const uid = this.instructor(actor);
    const taught = await this.repo.taughtBy(uid);
    const contexts = await this.repo.contextsByKeys(taught.map((m) => m.contextKey));
    const classes: InstructorClass[] = [];
    for (const context of contexts) {
      classes.push(
        await this.classOf(
          context,
          taught.find((m) => m.contextKey === context._id)!,
        ),
      );
    }
    classes.sort((a, b) => (a.lastLaunchAt < b.lastLaunchAt ? 1 : -1));
    return { classes };
  }

  async gradebook(actor: Actor | null, contextKey: string): Promise<ClassGradebook> {
    const uid = this.instructor(actor);
    const { context, member, platform } = await this.own(uid, contextKey);
    const launched = (await this.repo.membersOf(context._id)).filter((m) => !m.instructor);
    const { roster, note } = await this.rosterOf(platform, context);
    // the roster's users with an account here (by the account key: platform and LMS user id)
    const accounts = await this.repo.accountsByKeys(
      (roster ?? []).map((r) => `${platform?._id ?? context.platformId}:${r.userId}`),
    );
    const uidOfLms = new Map(
      accounts.map((a) => [a._id.slice(context.platformId.length + 1), a.uid] as const),
    );
    const launchedBy = new Map(launched.map((m) => [m.uid, m] as const));
    const byUid = new Map(
      (await this.repo.accountsOfUids(launched.map((m) => m.uid))).map((a) => [a.uid, a] as const),
    );
    const learners: Omit<ClassLearner, keyof ReportPart>[] = [];
    const seen = new Set<string>();
    for (const r of roster ?? []) {
      if (!learns(r.roles)) continue;
      const who = uidOfLms.get(r.userId) ?? null;
      if (who) seen.add(who);
      learners.push({
        lmsUserId: r.userId,
        name: r.name,
        email: r.email,
        uid: who,
        status: r.status,
        lastLaunchAt: who ? (launchedBy.get(who)?.lastLaunchAt.toISOString() ?? null) : null,
      });
    }
    for (const m of launched) {
      if (seen.has(m.uid)) continue;
      const account = byUid.get(m.uid);
      learners.push({
        lmsUserId: account ? account._id.slice(context.platformId.length + 1) : null,
        name: account?.name ?? null,
        email: account?.email ?? null,
        uid: m.uid,
        status: 'active',
        lastLaunchAt: m.lastLaunchAt.toISOString(),
      });
    }
    const uids = learners.map((l) => l.uid).filter((u): u is string => u !== null);
    const reports = new Map(
      (await this.calls.classReport(actor!, uids)).map((r) => [r.uid, r] as const),
    );
    const full: ClassLearner[] = learners.map((l) => {
      const r = l.uid ? (reports.get(l.uid) ?? EMPTY_REPORT(l.uid)) : null;
      return {
        ...l,
        testsSubmitted: r?.testsSubmitted ?? 0,
        averageScore: r?.averageScore ?? null,
        lastScore: r?.lastScore ?? null,
        lastSubmittedAt: r?.lastSubmittedAt ?? null,
        teas: r?.teas ?? null,
      };
    });
    full.sort((a, b) => (a.name ?? a.email ?? '').localeCompare(b.name ?? b.email ?? ''));
    return {
      class: await this.classOf(context, member),
      roster: roster ? 'lms' : 'launches',
      rosterNote: note,
      learners: full,
    };
  }

  async classItems(actor: Actor | null, contextKey: string): Promise<ClassItemsAnswer> {
    const uid = this.instructor(actor);
    const { context } = await this.own(uid, contextKey);
    const [records, tests] = await Promise.all([
      this.items.itemsOf(context._id),
      this.items.testsOf(context._id),
    ]);
    const items = records
      .filter((r) => r.n > 0)
      .map((r) => ({
        qid: r.qid,
        stem: r.stem,
        course: r.course,
        objective: r.objective,
        n: r.n,
        correct: r.correct,
        facility: Math.round((r.correct / r.n) * 1000) / 1000,
      }))
      .sort((a, b) => a.facility - b.facility || b.n - a.n || a.qid.localeCompare(b.qid));
    return { tests, items };
  }

  /** Folds every submitted test of a class's learner into the class's item analysis. */
  @JetStreamConsumer({ durable: 'schools-class-items', subject: Events.testSubmitted })
  async onSubmitted(event: TestSubmittedEvent): Promise<void> {
    if (typeof event?.uid !== 'string' || !Array.isArray(event.items)) return;
    const classes = await this.repo.learnerOf(event.uid);
    for (const m of classes) {
      await this.items.fold(m.contextKey, event.testId, event.items, new Date(event.submittedAt));
    }
  }

  /** The actor's uid, if they are an instructor (the token's role; the classes are ours). */
  private instructor(actor: Actor | null): string {
    requireVerified(actor);
    if (actor.isInstructor !== true) {
      throw ServiceError.forbidden(
        'Instructors only: open ExamPrep from a course you teach in your LMS.',
      );
    }
    return actor.uid;
  }

  /** The class, if the user teaches it; another class is not found (it tells nothing). */
  private async own(uid: string, contextKey: string) {
    if (typeof contextKey !== 'string' || !CONTEXT_KEY.test(contextKey)) {
      throw ServiceError.notFound(M.notYourClass);
    }
    const member = await this.repo.findMember(contextKey, uid);
    if (!member?.instructor) throw ServiceError.notFound(M.notYourClass);
    const context = await this.repo.findContext(contextKey);
    if (!context) throw ServiceError.notFound(M.notYourClass);
    const platform = await this.repo.findPlatform(context.platformId);
    return { context, member, platform };
  }

  private async classOf(context: ContextRecord, member: MemberRecord): Promise<InstructorClass> {
    const [platform, members] = await Promise.all([
      this.repo.findPlatform(context.platformId),
      this.repo.membersOf(context._id),
    ]);
    return {
      contextKey: context._id,
      label: context.label,
      title: context.title,
      platformName: platform?.name ?? '',
      learners: members.filter((m) => !m.instructor).length,
      lastLaunchAt: member.lastLaunchAt.toISOString(),
    };
  }

  /** The LMS's roster, or why there is none (the view falls back on who launched). */
  private async rosterOf(
    platform: PlatformRecord | null,
    context: ContextRecord,
  ): Promise<{ roster: RosterMember[] | null; note: string | null }> {
    if (!platform || platform.status !== 'active' || !context.membershipsUrl) {
      return { roster: null, note: M.rosterNotOffered };
    }
    try {
      return {
        roster: await this.services.roster(platform, context.membershipsUrl, Scopes.memberships),
        note: null,
      };
    } catch (err) {
      if (!(err instanceof PlatformCallError)) throw err;
      rootLogger().warn(
        { platformId: platform._id, contextKey: context._id, reason: err.message },
        'NRPS roster not read',
      );
      return { roster: null, note: M.rosterUnavailable };
    }
  }
}

type ReportPart = Pick<
  ClassLearner,
  'testsSubmitted' | 'averageScore' | 'lastScore' | 'lastSubmittedAt' | 'teas'
>;
