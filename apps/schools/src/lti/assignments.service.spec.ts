import {
  type Actor,
  ASSIGNMENT_MESSAGES as M,
  type LinkedTest,
  type Product,
} from '@examprep/contracts';
import { AssignmentsService } from './assignments.service';
import type { LtiRepository } from './lti.repository';
import type { ContextRecord, LinkRecord, MemberRecord, ScoreRecord } from './lti.schema';
import type { SchoolsCalls } from './peers';
import { customOf } from './protocol/resources';

const P1 = '0b7c1d2e-0000-4000-8000-000000000001';
const CONTEXT = `${P1}:nur-101`;
const QUIZ = `${P1}:link-quiz`;
const PUMP = `${P1}:link-pump`;
const T0 = '2026-11-28T10:00:00.000Z';

const actor = (uid: string): Actor => ({
  uid,
  email: `${uid}@school.test`,
  isAdmin: false,
  emailVerified: true,
});
const LEARNER = actor('learner-1');
const TEACHER = actor('teacher-1');
const STRANGER = actor('stranger-1');
const OTHER_COURSE = actor('other-course-1');

/** The repository's part the assignments use, in memory. */
class MemoryRepo {
  links = new Map<string, LinkRecord>();
  members = new Map<string, MemberRecord>();
  contexts = new Map<string, ContextRecord>();
  /** LMS user ids by `${uid}|${platformId}`. */
  lmsUsers = new Map<string, string>();
  scores: ScoreRecord[] = [];

  async findLink(key: string) {
    return this.links.get(key) ?? null;
  }
  async findMember(contextKey: string, uid: string) {
    return this.members.get(`${contextKey}|${uid}`) ?? null;
  }
  async lmsUserOf(uid: string, platformId: string) {
    return this.lmsUsers.get(`${uid}|${platformId}`) ?? null;
  }
  async findContext(key: string) {
    return this.contexts.get(key) ?? null;
  }
  async scoresOf(ids: string[]) {
    return this.scores.filter((s) => ids.includes(s._id));
  }
}

const member = (uid: string, instructor: boolean): MemberRecord => ({
  _id: `${CONTEXT}|${uid}`,
  contextKey: CONTEXT,
  uid,
  instructor,
  roles: [
    `http://purl.imsglobal.org/vocab/lis/v2/membership#${instructor ? 'Instructor' : 'Learner'}`,
  ],
  lastLaunchAt: new Date(T0),
});

function setup() {
  const repo = new MemoryRepo();
  repo.links.set(QUIZ, {
    _id: QUIZ,
    platformId: P1,
    contextKey: CONTEXT,
    title: 'Week 3 quiz',
    custom: customOf({
      kind: 'test',
      productId: 'teas_math_qbank',
      includeId: 'teas_math_qbank',
      mode: 'practice',
    }),
    lineItemUrl: 'https://lms.example/api/lti/contexts/nur-101/lineitems/1',
    updatedAt: new Date(T0),
  });
  repo.links.set(PUMP, {
    _id: PUMP,
    platformId: P1,
    contextKey: CONTEXT,
    title: 'Pump practice',
    custom: customOf({ kind: 'pump' }),
    lineItemUrl: null,
    updatedAt: new Date(T0),
  });
  repo.contexts.set(CONTEXT, {
    _id: CONTEXT,
    platformId: P1,
    contextId: 'nur-101',
    label: 'NUR 101',
    title: 'Pharmacology Math (Fall)',
  } as ContextRecord);
  repo.members.set(`${CONTEXT}|${LEARNER.uid}`, member(LEARNER.uid, false));
  repo.members.set(`${CONTEXT}|${TEACHER.uid}`, member(TEACHER.uid, true));
  repo.lmsUsers.set(`${LEARNER.uid}|${P1}`, 'lms-learner-1');
  repo.lmsUsers.set(`${TEACHER.uid}|${P1}`, 'lms-teacher-1');
  // launched from the same LMS, but from another course
  repo.lmsUsers.set(`${OTHER_COURSE.uid}|${P1}`, 'lms-other-1');

  const tests = new Map<string, LinkedTest[]>();
  const peers = {
    products: jest.fn(async () => [{ id: 'teas_math_qbank', name: 'TEAS Math QBank' } as Product]),
    linkedTests: jest.fn(async (who: Actor) => tests.get(who.uid) ?? []),
    createLinkedTest: jest.fn(async () => ({ testId: 'new-test-1' })),
  };
  const service = new AssignmentsService(
    repo as unknown as LtiRepository,
    peers as unknown as SchoolsCalls,
  );
  return { service, repo, peers, tests };
}

describe('AssignmentsService', () => {
  it('shows a learner of the course the assignment, their attempts and where each grade is', async () => {
    const { service, repo, tests } = setup();
    tests.set(LEARNER.uid, [
      {
        testId: 't2',
        mode: 'practice',
        completed: false,
        finalScore: null,
        createdAt: '2026-11-28T11:00:00.000Z',
        submittedAt: null,
      },
      {
        testId: 't1',
        mode: 'practice',
        completed: true,
        finalScore: 82,
        createdAt: T0,
        submittedAt: '2026-11-28T10:30:00.000Z',
      },
    ]);
    repo.scores.push({ _id: 't1', status: 'sent', lastError: null } as ScoreRecord);

    expect(await service.get(LEARNER, QUIZ)).toEqual({
      linkKey: QUIZ,
      title: 'Week 3 quiz',
      context: { label: 'NUR 101', title: 'Pharmacology Math (Fall)' },
      productId: 'teas_math_qbank',
      includeId: 'teas_math_qbank',
      productName: 'TEAS Math QBank',
      mode: 'practice',
      graded: true,
      attempts: [
        {
          testId: 't2',
          status: 'in-progress',
          score: null,
          gradeSync: 'none',
          startedAt: '2026-11-28T11:00:00.000Z',
        },
        { testId: 't1', status: 'submitted', score: 82, gradeSync: 'sent', startedAt: T0 },
      ],
      teaching: null,
    });
  });

  it("leads the course's instructor to their class", async () => {
    const { service } = setup();
    const view = await service.get(TEACHER, QUIZ);
    expect(view.teaching).toEqual({ contextKey: CONTEXT });
    expect(view.attempts).toEqual([]);
  });

  it('tells someone who never launched from this LMS as little as about a missing link', async () => {
    const { service } = setup();
    await expect(service.get(STRANGER, QUIZ)).rejects.toMatchObject({
      payload: { status: 404, message: M.notFound },
    });
    await expect(service.get(LEARNER, `${P1}:no-such-link`)).rejects.toMatchObject({
      payload: { status: 404, message: M.notFound },
    });
    await expect(service.get(LEARNER, 'not a key')).rejects.toMatchObject({
      payload: { status: 404 },
    });
  });

  it('sends a user of the LMS who is not in the course to launch it from the course first', async () => {
    const { service } = setup();
    await expect(service.get(OTHER_COURSE, QUIZ)).rejects.toMatchObject({
      payload: { status: 403, message: M.notMember },
    });
  });

  it('refuses a link that does not open a test', async () => {
    const { service } = setup();
    await expect(service.get(LEARNER, PUMP)).rejects.toMatchObject({
      payload: { status: 400, message: M.notATest },
    });
  });

  it('starts a test carrying the link, or resumes the open one', async () => {
    const { service, peers, tests } = setup();
    expect(await service.start(LEARNER, QUIZ)).toEqual({
      testId: 'new-test-1',
      mode: 'practice',
      created: true,
    });
    expect(peers.createLinkedTest).toHaveBeenCalledWith(
      LEARNER,
      { productId: 'teas_math_qbank', includeId: 'teas_math_qbank', mode: 'practice' },
      QUIZ,
    );
    tests.set(LEARNER.uid, [
      {
        testId: 'open-1',
        mode: 'practice',
        completed: false,
        finalScore: null,
        createdAt: T0,
        submittedAt: null,
      },
    ]);
    expect(await service.start(LEARNER, QUIZ)).toEqual({
      testId: 'open-1',
      mode: 'practice',
      created: false,
    });
    expect(peers.createLinkedTest).toHaveBeenCalledTimes(1);
  });

  it('refuses an account whose email is not verified, and no account', async () => {
    const { service } = setup();
    await expect(service.get({ ...LEARNER, emailVerified: false }, QUIZ)).rejects.toMatchObject({
      payload: { status: 403 },
    });
    await expect(service.get(null, QUIZ)).rejects.toMatchObject({ payload: { status: 401 } });
  });
});
