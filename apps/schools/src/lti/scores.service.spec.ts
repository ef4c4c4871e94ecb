import type { TestSubmittedEvent } from '@examprep/contracts';
import { rootLogger } from '@examprep/nest-kit';
import type { Clock } from '../clock';
import { GIVE_UP_AFTER_MS, nextTry, RETRY_FIRST_MS } from './ags';
import { SCORE_MAXIMUM } from './deep-links';
import type { LtiRepository } from './lti.repository';
import type { LinkRecord, PlatformRecord, ScoreRecord } from './lti.schema';
import { PlatformCallError, type PlatformServices } from './platform-services';
import { Scopes } from './protocol/claims';
import { SCORE_LEASE_MS, ScoresService } from './scores.service';

const P1 = '0b7c1d2e-0000-4000-8000-000000000001';
const GRADED = `${P1}:link-graded`;
const UNGRADED = `${P1}:link-practice`;
const LINE_ITEM = 'https://lms.example/api/lti/contexts/nur-101/line_items/7';
const T0 = Date.parse('2026-11-28T10:00:00.000Z');
const SECOND = 1000;

/** The repository's part the scores use, in memory, with the Mongo one's conditions (int spec). */
class MemoryRepo {
  platforms = new Map<string, PlatformRecord>();
  links = new Map<string, LinkRecord>();
  /** LMS user ids by `${uid}|${platformId}`. */
  lmsUsers = new Map<string, string>();
  scores = new Map<string, ScoreRecord>();

  async findPlatform(id: string) {
    return this.platforms.get(id) ?? null;
  }
  async findLink(key: string) {
    return this.links.get(key) ?? null;
  }
  async lmsUserOf(uid: string, platformId: string) {
    return this.lmsUsers.get(`${uid}|${platformId}`) ?? null;
  }
  async insertScore(record: ScoreRecord) {
    if (this.scores.has(record._id)) return false;
    this.scores.set(record._id, { ...record });
    return true;
  }
  async claimDueScore(now: Date, leaseUntil: Date, id?: string) {
    const due = [...this.scores.values()]
      .filter((s) => (!id || s._id === id) && s.status === 'pending' && s.nextAt <= now)
      .sort((a, b) => a.nextAt.getTime() - b.nextAt.getTime())[0];
    if (!due) return null;
    due.nextAt = leaseUntil;
    return { ...due };
  }
  async scoreSent(id: string, at: Date) {
    const s = this.scores.get(id)!;
    Object.assign(s, { status: 'sent', sentAt: at, lastError: null, attempts: s.attempts + 1 });
  }
  async scoreFailed(id: string, error: string, nextAt: Date | null) {
    const s = this.scores.get(id)!;
    Object.assign(
      s,
      nextAt ? { lastError: error, nextAt } : { lastError: error, status: 'failed' },
    );
    s.attempts++;
  }
}

const platform = (status: PlatformRecord['status'] = 'active'): PlatformRecord => ({
  _id: P1,
  name: 'Nightingale Canvas',
  issuer: 'https://lms.example',
  clientId: 'client-1',
  deploymentIds: ['deploy-1'],
  authUrl: 'https://lms.example/auth',
  tokenUrl: 'https://lms.example/token',
  jwksUrl: 'https://lms.example/jwks',
  status,
  registeredBy: 'admin',
  createdAt: new Date(T0),
  updatedAt: new Date(T0),
});

const link = (key: string, lineItemUrl: string | null): LinkRecord => ({
  _id: key,
  platformId: P1,
  contextKey: `${P1}:nur-101`,
  title: 'Dosage quiz',
  custom: {},
  lineItemUrl,
  updatedAt: new Date(T0),
});

const submitted = (over: Partial<TestSubmittedEvent> = {}): TestSubmittedEvent => ({
  testId: 't1',
  uid: 'u1',
  mode: 'practice',
  submittedAt: new Date(T0).toISOString(),
  total: 50,
  correct: 41,
  finalScore: 82,
  items: [],
  ltiLink: GRADED,
  ...over,
});

function setup() {
  const repo = new MemoryRepo();
  repo.platforms.set(P1, platform());
  repo.links.set(GRADED, link(GRADED, LINE_ITEM));
  repo.links.set(UNGRADED, link(UNGRADED, null));
  repo.lmsUsers.set(`u1|${P1}`, 'lms-user-1');
  /** What the line item answers next (a status, or an error thrown). */
  const answers: (number | Error)[] = [];
  const services = {
    postScore: jest.fn(async (..._args: Parameters<PlatformServices['postScore']>) => {
      const next = answers.shift() ?? 200;
      if (next instanceof Error) throw next;
      return next;
    }),
  };
  const clock = { t: T0, now: () => clock.t };
  const service = new ScoresService(
    repo as unknown as LtiRepository,
    services as unknown as PlatformServices,
    clock as Clock,
  );
  return { service, repo, services, answers, clock };
}

describe('ScoresService', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
    jest.spyOn(rootLogger(), 'info').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('a test not started from an LMS link, or from an ungraded one, records nothing', async () => {
    const { service, repo, services } = setup();
    const { ltiLink: _none, ...plain } = submitted();
    await service.onSubmitted(plain);
    await service.onSubmitted(submitted({ testId: 't2', ltiLink: UNGRADED }));
    await service.onSubmitted(submitted({ testId: 't3', ltiLink: `${P1}:link-gone` }));
    expect(repo.scores.size).toBe(0);
    expect(services.postScore).not.toHaveBeenCalled();
  });

  it('a learner without an account on the link’s platform: nothing recorded, a warning', async () => {
    const { service, repo, services } = setup();
    await service.onSubmitted(submitted({ uid: 'u-elsewhere' }));
    expect(repo.scores.size).toBe(0);
    expect(services.postScore).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      { testId: 't1', linkKey: GRADED },
      'LTI score: the learner has no account on the platform; not sent',
    );
  });

  it('a graded submission: one score recorded and posted to the line item; a redelivered fact adds nothing', async () => {
    const { service, repo, services, clock } = setup();
    clock.t += 2 * SECOND;
    await service.onSubmitted(submitted());
    expect(services.postScore).toHaveBeenCalledTimes(1);
    expect(services.postScore).toHaveBeenCalledWith(
      platform(),
      LINE_ITEM,
      {
        lmsUserId: 'lms-user-1',
        scoreGiven: 82,
        scoreMaximum: SCORE_MAXIMUM,
        submittedAt: new Date(T0),
      },
      Scopes.score,
    );
    expect([...repo.scores.values()]).toEqual([
      {
        _id: 't1',
        uid: 'u1',
        linkKey: GRADED,
        platformId: P1,
        lineItemUrl: LINE_ITEM,
        lmsUserId: 'lms-user-1',
        scoreGiven: 82,
        scoreMaximum: SCORE_MAXIMUM,
        submittedAt: new Date(T0),
        status: 'sent',
        attempts: 1,
        nextAt: new Date(T0 + 2 * SECOND + SCORE_LEASE_MS),
        lastError: null,
        sentAt: new Date(T0 + 2 * SECOND),
      },
    ]);
    // JetStream delivers the fact again: no second record, no second post
    await service.onSubmitted(submitted());
    expect(repo.scores.size).toBe(1);
    expect(services.postScore).toHaveBeenCalledTimes(1);
    // nor does a sweep post it again
    clock.t += 10 * SCORE_LEASE_MS;
    expect(await service.sweep()).toBe(0);
    expect(services.postScore).toHaveBeenCalledTimes(1);
  });

  it('200, 204 and 409 (a score of that time is there already) mean sent', async () => {
    const { service, repo, answers } = setup();
    answers.push(200, 204, 409);
    for (const testId of ['t200', 't204', 't409']) {
      await service.onSubmitted(submitted({ testId }));
      expect(repo.scores.get(testId)).toMatchObject({ status: 'sent', attempts: 1 });
    }
  });

  it('a score outside 0..100 is posted within it', async () => {
    const { service, repo } = setup();
    await service.onSubmitted(submitted({ testId: 'high', finalScore: 130 }));
    await service.onSubmitted(submitted({ testId: 'low', finalScore: -5 }));
    expect(repo.scores.get('high')!.scoreGiven).toBe(SCORE_MAXIMUM);
    expect(repo.scores.get('low')!.scoreGiven).toBe(0);
  });

  it('a 500 or a platform call error: failed, tried again at ags.nextTry by the sweep', async () => {
    const { service, repo, services, answers, clock } = setup();
    answers.push(500);
    await service.onSubmitted(submitted());
    const firstRetry = nextTry(1, new Date(T0), T0)!;
    expect(firstRetry).toEqual(new Date(T0 + RETRY_FIRST_MS));
    expect(repo.scores.get('t1')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'the line item answered 500',
      nextAt: firstRetry,
      sentAt: null,
    });

    // not before its time
    clock.t = firstRetry.getTime() - 1;
    expect(await service.sweep()).toBe(0);
    expect(services.postScore).toHaveBeenCalledTimes(1);

    // its time: the token endpoint is down
    clock.t = firstRetry.getTime();
    answers.push(new PlatformCallError('token endpoint unreachable: ECONNREFUSED', null));
    expect(await service.sweep()).toBe(0);
    expect(services.postScore).toHaveBeenCalledTimes(2);
    const secondRetry = nextTry(2, new Date(T0), clock.t)!;
    expect(secondRetry).toEqual(new Date(clock.t + 2 * RETRY_FIRST_MS));
    expect(repo.scores.get('t1')).toMatchObject({
      status: 'pending',
      attempts: 2,
      lastError: 'token endpoint unreachable: ECONNREFUSED',
      nextAt: secondRetry,
    });

    // then the platform takes it
    clock.t = secondRetry.getTime();
    expect(await service.sweep()).toBe(1);
    expect(repo.scores.get('t1')).toMatchObject({
      status: 'sent',
      attempts: 3,
      lastError: null,
      sentAt: secondRetry,
    });
    expect(services.postScore).toHaveBeenCalledTimes(3);
  });

  it('an error that is not the platform’s is thrown; the lease keeps the score for a later sweep', async () => {
    const { service, repo, answers, clock } = setup();
    answers.push(new TypeError('a bug'));
    await expect(service.onSubmitted(submitted())).rejects.toThrow('a bug');
    expect(repo.scores.get('t1')).toMatchObject({
      status: 'pending',
      attempts: 0,
      nextAt: new Date(T0 + SCORE_LEASE_MS),
    });
    clock.t = T0 + SCORE_LEASE_MS;
    expect(await service.sweep()).toBe(1);
  });

  it('past three days after the submission a failed post gives up: failed, no next try', async () => {
    const { service, repo, services, answers, clock } = setup();
    answers.push(503);
    await service.onSubmitted(submitted());
    const retryAt = repo.scores.get('t1')!.nextAt;
    // the platform refused until three days had passed
    clock.t = T0 + GIVE_UP_AFTER_MS + 1;
    answers.push(502);
    expect(await service.sweep()).toBe(0);
    expect(repo.scores.get('t1')).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'the line item answered 502',
    });
    expect(retryAt).toEqual(new Date(T0 + RETRY_FIRST_MS));
    expect(warn).toHaveBeenLastCalledWith(
      expect.objectContaining({ testId: 't1', retryAt: null }),
      'LTI score given up',
    );
    clock.t += GIVE_UP_AFTER_MS;
    expect(await service.sweep()).toBe(0);
    expect(services.postScore).toHaveBeenCalledTimes(2);
  });

  it('a disabled or deleted platform: not posted, tried again later', async () => {
    const { service, repo, services, clock } = setup();
    repo.platforms.set(P1, platform('disabled'));
    await service.onSubmitted(submitted());
    expect(services.postScore).not.toHaveBeenCalled();
    expect(repo.scores.get('t1')).toMatchObject({
      status: 'pending',
      attempts: 1,
      lastError: 'the platform registration is gone or disabled',
      nextAt: new Date(T0 + RETRY_FIRST_MS),
    });
    clock.t = T0 + RETRY_FIRST_MS;
    repo.platforms.delete(P1);
    expect(await service.sweep()).toBe(0);
    expect(services.postScore).not.toHaveBeenCalled();
    expect(repo.scores.get('t1')!.attempts).toBe(2);
    // enabled again: the next try posts it
    repo.platforms.set(P1, platform('active'));
    clock.t = repo.scores.get('t1')!.nextAt.getTime();
    expect(await service.sweep()).toBe(1);
    expect(services.postScore).toHaveBeenCalledTimes(1);
  });

  it('a sweep posts every due score, earliest first, and stops when none is due', async () => {
    const { service, repo, services, answers, clock } = setup();
    repo.lmsUsers.set(`u2|${P1}`, 'lms-user-2');
    answers.push(500, 500);
    await service.onSubmitted(submitted({ testId: 'a' }));
    clock.t += SECOND;
    await service.onSubmitted(submitted({ testId: 'b', uid: 'u2' }));
    clock.t += 10 * RETRY_FIRST_MS;
    expect(await service.sweep()).toBe(2);
    expect(services.postScore.mock.calls.slice(2).map((c) => c[2].lmsUserId)).toEqual([
      'lms-user-1',
      'lms-user-2',
    ]);
  });
});
