// The schools service's repositories (issue 30, ADR 0040) against the REAL store of the test
// profile, in a scratch database: the LTI registrations, keys, one-time records, accounts,
// courses, links and the AGS outbox (LtiRepository), and the seat licences (LicencesRepository):
// the unique keys that refuse a second registration, nonce or seat, the one-time take, the
// outbox's claim and lease, the last seat taken once under a race. At the end every query the
// repositories sent is explained and must be served by an index (ADR 0028).
import { expectEveryQueryIndexed, recordQueries, scratchDatabase } from '@examprep/test-kit';
import {
  LicenceRecord,
  LicenceSchema,
  SeatRecord,
  SeatSchema,
} from '../src/licences/licence.schema';
import { LicencesRepository } from '../src/licences/licences.repository';
import { LtiRepository, onceId } from '../src/lti/lti.repository';
import {
  AccountRecord,
  AccountSchema,
  ContextRecord,
  ContextSchema,
  LinkRecord,
  LinkSchema,
  MemberRecord,
  MemberSchema,
  OnceRecord,
  OnceSchema,
  PlatformRecord,
  PlatformSchema,
  ScoreRecord,
  ScoreSchema,
  ToolKeyRecord,
  ToolKeySchema,
} from '../src/lti/lti.schema';

const db = scratchDatabase('schools_repositories_it', [
  [PlatformRecord.name, PlatformSchema],
  [ToolKeyRecord.name, ToolKeySchema],
  [OnceRecord.name, OnceSchema],
  [AccountRecord.name, AccountSchema],
  [ContextRecord.name, ContextSchema],
  [MemberRecord.name, MemberSchema],
  [LinkRecord.name, LinkSchema],
  [ScoreRecord.name, ScoreSchema],
  [LicenceRecord.name, LicenceSchema],
  [SeatRecord.name, SeatSchema],
]);
let recorded: ReturnType<typeof recordQueries>;
beforeAll(async () => {
  await db.open();
  recorded = recordQueries(db.conn);
}, 60_000);
afterAll(() => db.close());

async function ltiRepository(): Promise<LtiRepository> {
  const repo = new LtiRepository(
    await db.empty<PlatformRecord>(PlatformRecord.name),
    await db.empty<ToolKeyRecord>(ToolKeyRecord.name),
    await db.empty<OnceRecord>(OnceRecord.name),
    await db.empty<AccountRecord>(AccountRecord.name),
    await db.empty<ContextRecord>(ContextRecord.name),
    await db.empty<MemberRecord>(MemberRecord.name),
    await db.empty<LinkRecord>(LinkRecord.name),
    await db.empty<ScoreRecord>(ScoreRecord.name),
  );
  // what onModuleInit starts in the background: the index of the lazy sweep (FerretDB has no TTL)
  await repo.ensureExpiryIndex();
  return repo;
}

async function licencesRepository(): Promise<LicencesRepository> {
  return new LicencesRepository(
    await db.empty<LicenceRecord>(LicenceRecord.name),
    await db.empty<SeatRecord>(SeatRecord.name),
  );
}

// After the real clock: the one-time records' lazy sweep removes what expired before Date.now(),
// so records of these cases expire (or not) by the times the cases pass, never behind their backs.
const NOW = new Date('2030-03-02T10:00:00.000Z');
const MINUTE = 60_000;
const at = (minutes: number) => new Date(NOW.getTime() + minutes * MINUTE);

const P1 = '0b7c1d2e-0000-4000-8000-000000000001';
const P2 = '0b7c1d2e-0000-4000-8000-000000000002';

const platform = (id: string, over: Partial<PlatformRecord> = {}): PlatformRecord => ({
  _id: id,
  name: `LMS ${id.slice(-1)}`,
  issuer: 'https://canvas.example',
  clientId: `client-${id.slice(-1)}`,
  deploymentIds: ['deploy-1'],
  authUrl: 'https://canvas.example/auth',
  tokenUrl: 'https://canvas.example/token',
  jwksUrl: 'https://canvas.example/jwks',
  status: 'active',
  registeredBy: 'admin',
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

const score = (testId: string, over: Partial<ScoreRecord> = {}): ScoreRecord => ({
  _id: testId,
  uid: 'u1',
  linkKey: `${P1}:link-1`,
  platformId: P1,
  lineItemUrl: 'https://canvas.example/lineitems/7',
  lmsUserId: 'lms-user-1',
  scoreGiven: 82,
  scoreMaximum: 100,
  submittedAt: at(-1),
  status: 'pending',
  attempts: 0,
  nextAt: NOW,
  lastError: null,
  sentAt: null,
  ...over,
});

describe('LtiRepository (MongoDB)', () => {
  it('platforms: insert, read, by issuer, update, delete; an issuer and client id once', async () => {
    const repo = await ltiRepository();
    expect(await repo.insertPlatform(platform(P1, { name: 'Nightingale Canvas' }))).toBe(true);
    expect(await repo.insertPlatform(platform(P2, { name: 'Avalon Canvas' }))).toBe(true);
    // the same issuer and client id under another id: refused by the unique key
    expect(
      await repo.insertPlatform(
        platform('0b7c1d2e-0000-4000-8000-000000000003', { clientId: 'client-1' }),
      ),
    ).toBe(false);
    expect(await repo.findPlatform(P1)).toEqual(platform(P1, { name: 'Nightingale Canvas' }));
    expect(await repo.findPlatform('0b7c1d2e-0000-4000-8000-000000000009')).toBeNull();
    // by name
    expect((await repo.listPlatforms()).map((p) => p.name)).toEqual([
      'Avalon Canvas',
      'Nightingale Canvas',
    ]);
    expect(
      (await repo.platformsOfIssuer('https://canvas.example')).map((p) => p._id).sort(),
    ).toEqual([P1, P2]);
    expect(await repo.platformsOfIssuer('https://moodle.example')).toEqual([]);

    const { _id, createdAt, registeredBy, ...fields } = platform(P2);
    const changed = await repo.updatePlatform(P2, {
      ...fields,
      name: 'Avalon Canvas (prod)',
      deploymentIds: ['deploy-1', 'deploy-2'],
      status: 'disabled',
      updatedAt: at(5),
    });
    expect(changed).toEqual({
      ...platform(P2),
      name: 'Avalon Canvas (prod)',
      deploymentIds: ['deploy-1', 'deploy-2'],
      status: 'disabled',
      updatedAt: at(5),
    });
    expect([_id, createdAt, registeredBy]).toEqual([P2, NOW, 'admin']);
    // moving onto another registration's issuer and client id
    expect(await repo.updatePlatform(P2, { ...fields, clientId: 'client-1' })).toBe('duplicate');
    expect((await repo.findPlatform(P2))!.clientId).toBe('client-2');
    expect(await repo.updatePlatform('0b7c1d2e-0000-4000-8000-000000000009', fields)).toBeNull();

    expect(await repo.deletePlatform(P1)).toBe(true);
    expect(await repo.deletePlatform(P1)).toBe(false);
    expect(await repo.findPlatform(P1)).toBeNull();
    // its issuer and client id are free again
    expect(await repo.insertPlatform(platform(P1))).toBe(true);
  });

  it('tool keys: newest first; a kid once (two replicas making the first key)', async () => {
    const repo = await ltiRepository();
    expect(await repo.toolKeys()).toEqual([]);
    const key = (kid: string, minutes: number): ToolKeyRecord => ({
      _id: kid,
      privateJwk: { kty: 'RSA', kid, d: 'private' },
      publicJwk: { kty: 'RSA', kid, n: 'public', e: 'AQAB' },
      createdAt: at(minutes),
    });
    expect(await repo.insertToolKey(key('kid-1', 0))).toBe(true);
    expect(await repo.insertToolKey(key('kid-1', 1))).toBe(false);
    expect(await repo.insertToolKey(key('kid-2', 60))).toBe(true);
    expect(await repo.toolKeys()).toEqual([key('kid-2', 60), key('kid-1', 0)]);
  });

  it('one-time records: inserted once, taken once, not after expiry; read without taking', async () => {
    const repo = await ltiRepository();
    const login = onceId('login', 'state-abc');
    // the key holds the secret's hash, never the secret
    expect(login).toMatch(/^login:[A-Za-z0-9_-]{43}$/);
    expect(login).not.toContain('state-abc');
    expect(await repo.insertOnce(login, 'login', { nonce: 'n-1', platformId: P1 }, at(10))).toBe(
      true,
    );
    // a nonce seen before (a replayed launch)
    const nonce = `nonce:${P1}:n-1`;
    expect(await repo.insertOnce(nonce, 'nonce', {}, at(5))).toBe(true);
    expect(await repo.insertOnce(nonce, 'nonce', {}, at(5))).toBe(false);

    // read without taking: still there after
    expect(await repo.findOnce(login, NOW)).toEqual({
      _id: login,
      kind: 'login',
      data: { nonce: 'n-1', platformId: P1 },
      expiresAt: at(10),
    });
    expect(await repo.findOnce(login, NOW)).not.toBeNull();
    expect(await repo.findOnce(login, at(10))).toBeNull(); // expired
    expect(await repo.findOnce(onceId('login', 'other'), NOW)).toBeNull();

    // four uses at once (a replayed form, a double click): one takes it
    const takes = await Promise.all([1, 2, 3, 4].map(() => repo.takeOnce(login, NOW)));
    expect(takes.filter(Boolean)).toHaveLength(1);
    expect(takes.find(Boolean)!.data).toEqual({ nonce: 'n-1', platformId: P1 });
    expect(await repo.takeOnce(login, NOW)).toBeNull();
    expect(await repo.findOnce(login, NOW)).toBeNull();

    // an expired ticket is not taken (and is gone after)
    const ticket = onceId('ticket', 'ticket-1');
    expect(await repo.insertOnce(ticket, 'ticket', { uid: 'u1' }, at(2))).toBe(true);
    expect(await repo.takeOnce(ticket, at(2))).toBeNull();
    expect(await repo.findOnce(ticket, NOW)).toBeNull();
    // an empty data object is kept as such
    const code = onceId('code', 'code-1');
    await repo.insertOnce(code, 'code', {}, at(1));
    expect((await repo.takeOnce(code, NOW))!.data).toEqual({});
  });

  it('accounts: the link and every launch; instructor stays true once true; by uid', async () => {
    const repo = await ltiRepository();
    const key = `${P1}:lms-user-1`;
    expect(await repo.findAccount(key)).toBeNull();
    await repo.saveAccount(
      key,
      {
        uid: 'u1',
        platformId: P1,
        instructor: false,
        name: 'Lee Learner',
        email: 'lee@school.edu',
      },
      NOW,
    );
    expect(await repo.findAccount(key)).toEqual({
      _id: key,
      uid: 'u1',
      platformId: P1,
      name: 'Lee Learner',
      email: 'lee@school.edu',
      instructor: false,
      createdAt: NOW,
      lastLaunchAt: NOW,
    });
    // made instructor by a launch, then a learner launch: the role stays
    await repo.saveAccount(
      key,
      { uid: 'u1', platformId: P1, instructor: true, name: 'Lee Learner', email: 'lee@school.edu' },
      at(1),
    );
    await repo.saveAccount(
      key,
      {
        uid: 'u1',
        platformId: P1,
        instructor: false,
        name: 'Lee Learner',
        email: 'lee@school.edu',
      },
      at(2),
    );
    expect(await repo.findAccount(key)).toMatchObject({
      instructor: true,
      name: 'Lee Learner',
      email: 'lee@school.edu',
      createdAt: NOW,
      lastLaunchAt: at(2),
    });
    // an instructor's first launch
    await repo.saveAccount(
      `${P2}:lms-teacher`,
      { uid: 'u2', platformId: P2, instructor: true, name: 'Tess Teacher', email: null },
      NOW,
    );
    expect(await repo.findAccount(`${P2}:lms-teacher`)).toMatchObject({
      instructor: true,
      email: null,
      name: 'Tess Teacher',
    });
    // the same user on a second platform, and one with neither name nor email
    await repo.saveAccount(
      `${P2}:lms-user-9`,
      { uid: 'u1', platformId: P2, instructor: false, name: null, email: null },
      NOW,
    );
    await repo.saveAccount(
      `${P1}:lms-anon`,
      { uid: 'u3', platformId: P1, instructor: false, name: null, email: null },
      NOW,
    );

    expect(await repo.lmsUserOf('u1', P1)).toBe('lms-user-1');
    expect(await repo.lmsUserOf('u1', P2)).toBe('lms-user-9');
    expect(await repo.lmsUserOf('u2', P1)).toBeNull();
    expect(await repo.lmsUserOf('u9', P1)).toBeNull();

    const contacts = await repo.contactsOf(['u2', 'u3', 'u9']);
    expect(Object.fromEntries(contacts)).toEqual({ u2: 'Tess Teacher', u3: '' });
    // a user with accounts on two platforms: one of them answers
    expect(['lee@school.edu', '']).toContain((await repo.contactsOf(['u1', 'u1'])).get('u1'));
    expect(await repo.contactsOf([])).toEqual(new Map());
  });

  it('contexts, members and links: saved again in place, read by key', async () => {
    const repo = await ltiRepository();
    const contextKey = `${P1}:nur-101`;
    const context: ContextRecord = {
      _id: contextKey,
      platformId: P1,
      contextId: 'nur-101',
      label: 'NUR 101',
      title: 'Pharmacology Math',
      deploymentId: 'deploy-1',
      membershipsUrl: null,
      lineItemsUrl: 'https://canvas.example/lineitems',
      updatedAt: NOW,
    };
    expect(await repo.findContext(contextKey)).toBeNull();
    await repo.saveContext(context);
    await repo.saveContext({
      ...context,
      membershipsUrl: 'https://canvas.example/members',
      updatedAt: at(1),
    });
    expect(await repo.findContext(contextKey)).toEqual({
      ...context,
      membershipsUrl: 'https://canvas.example/members',
      updatedAt: at(1),
    });

    const member: MemberRecord = {
      _id: `${contextKey}|u1`,
      contextKey,
      uid: 'u1',
      instructor: false,
      roles: ['http://purl.imsglobal.org/vocab/lis/v2/membership#Learner'],
      lastLaunchAt: NOW,
    };
    await repo.saveMember(member);
    await repo.saveMember({ ...member, lastLaunchAt: at(3) });
    expect(await repo.findMember(contextKey, 'u1')).toEqual({ ...member, lastLaunchAt: at(3) });
    expect(await repo.findMember(contextKey, 'u2')).toBeNull();
    expect(await repo.findMember(`${P2}:nur-101`, 'u1')).toBeNull();

    const link: LinkRecord = {
      _id: `${P1}:link-1`,
      platformId: P1,
      contextKey,
      title: 'Pump practice',
      custom: {},
      lineItemUrl: null,
      updatedAt: NOW,
    };
    await repo.saveLink(link);
    expect(await repo.findLink(link._id)).toEqual(link);
    await repo.saveLink({
      ...link,
      custom: { examprep_kind: 'pump' },
      lineItemUrl: 'https://canvas.example/lineitems/7',
      updatedAt: at(1),
    });
    expect(await repo.findLink(link._id)).toEqual({
      ...link,
      custom: { examprep_kind: 'pump' },
      lineItemUrl: 'https://canvas.example/lineitems/7',
      updatedAt: at(1),
    });
    expect(await repo.findLink(`${P2}:link-1`)).toBeNull();
  });

  it('the AGS outbox: one score per test; a due score claimed once per lease; sent, failed, given up', async () => {
    const repo = await ltiRepository();
    expect(await repo.insertScore(score('t1'))).toBe(true);
    // a redelivered submission
    expect(await repo.insertScore(score('t1', { scoreGiven: 10 }))).toBe(false);
    expect(await repo.insertScore(score('t2', { nextAt: at(-5) }))).toBe(true);
    expect(await repo.insertScore(score('t3', { nextAt: at(30) }))).toBe(true);

    // the earliest due first; its nextAt moves to the lease's end
    const lease = at(1);
    expect(await repo.claimDueScore(NOW, lease)).toEqual(score('t2', { nextAt: lease }));
    // a claim of one score by id (the post right after recording it)
    expect(await repo.claimDueScore(NOW, lease, 't1')).toEqual(score('t1', { nextAt: lease }));
    // both leased, t3 not due: two replicas' sweeps find nothing
    expect(
      await Promise.all([repo.claimDueScore(NOW, lease), repo.claimDueScore(NOW, lease)]),
    ).toEqual([null, null]);
    expect(await repo.claimDueScore(NOW, lease, 't1')).toBeNull();
    expect(await repo.claimDueScore(NOW, lease, 't3')).toBeNull();
    // two replicas at the lease's end: one claims each score
    const after = at(2);
    const claims = await Promise.all([
      repo.claimDueScore(lease, after, 't1'),
      repo.claimDueScore(lease, after, 't1'),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);

    await repo.scoreSent('t1', at(1.5));
    expect((await repo.scoresOf(['t1']))[0]).toEqual(
      score('t1', { status: 'sent', sentAt: at(1.5), attempts: 1, nextAt: after }),
    );
    // a sent score is not claimed again
    expect(await repo.claimDueScore(at(60), at(61), 't1')).toBeNull();

    // failed, tried again at a time: pending, due then
    await repo.scoreFailed('t2', 'the line item answered 500', at(10));
    expect((await repo.scoresOf(['t2']))[0]).toEqual(
      score('t2', { attempts: 1, lastError: 'the line item answered 500', nextAt: at(10) }),
    );
    expect(await repo.claimDueScore(at(9), at(11), 't2')).toBeNull();
    expect((await repo.claimDueScore(at(10), at(11), 't2'))!.attempts).toBe(1);
    // given up: failed, never claimed again
    await repo.scoreFailed('t2', 'token endpoint unreachable', null);
    expect((await repo.scoresOf(['t2']))[0]).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'token endpoint unreachable',
    });
    expect(await repo.claimDueScore(at(600), at(601), 't2')).toBeNull();
    // what is left: t3, when due
    expect((await repo.claimDueScore(at(600), at(601)))!._id).toBe('t3');
    expect(await repo.claimDueScore(at(600), at(601))).toBeNull();

    expect((await repo.scoresOf(['t1', 't2', 't3', 't9'])).map((s) => s._id).sort()).toEqual([
      't1',
      't2',
      't3',
    ]);
    expect(await repo.scoresOf([])).toEqual([]);
  });
  it('removeUser: the erased user’s accounts, memberships and scores go; nobody else’s, nor the school’s courses and links', async () => {
    const repo = await ltiRepository();
    const contextKey = `${P1}:nur-101`;
    for (const uid of ['u1', 'u2']) {
      await repo.saveAccount(
        `${P1}:lms-${uid}`,
        { uid, platformId: P1, instructor: false, name: uid, email: null },
        NOW,
      );
      await repo.saveMember({
        _id: `${contextKey}|${uid}`,
        contextKey,
        uid,
        instructor: false,
        roles: [],
        lastLaunchAt: NOW,
      });
      await repo.insertScore(score(`t-${uid}`, { uid }));
    }
    await repo.saveAccount(
      `${P2}:lms-u1`,
      { uid: 'u1', platformId: P2, instructor: true, name: 'u1', email: null },
      NOW,
    );
    await repo.saveContext({
      _id: contextKey,
      platformId: P1,
      contextId: 'nur-101',
      label: null,
      title: null,
      deploymentId: 'deploy-1',
      membershipsUrl: null,
      lineItemsUrl: null,
      updatedAt: NOW,
    });
    await repo.saveLink({
      _id: `${P1}:link-1`,
      platformId: P1,
      contextKey,
      title: null,
      custom: {},
      lineItemUrl: null,
      updatedAt: NOW,
    });

    await repo.removeUser('u1');
    expect(await repo.findAccount(`${P1}:lms-u1`)).toBeNull();
    expect(await repo.findAccount(`${P2}:lms-u1`)).toBeNull();
    expect(await repo.lmsUserOf('u1', P1)).toBeNull();
    expect(await repo.findMember(contextKey, 'u1')).toBeNull();
    expect(await repo.scoresOf(['t-u1'])).toEqual([]);
    expect(await repo.lmsUserOf('u2', P1)).toBe('lms-u2');
    expect(await repo.findMember(contextKey, 'u2')).not.toBeNull();
    expect(await repo.scoresOf(['t-u2'])).toHaveLength(1);
    expect(await repo.findContext(contextKey)).not.toBeNull();
    expect(await repo.findLink(`${P1}:link-1`)).not.toBeNull();
    // again: nothing to do, no error
    await repo.removeUser('u1');
  });
});

const L1 = '1c8d2e3f-0000-4000-8000-000000000001';
const L2 = '1c8d2e3f-0000-4000-8000-000000000002';
const L3 = '1c8d2e3f-0000-4000-8000-000000000003';

const licence = (id: string, over: Partial<LicenceRecord> = {}): LicenceRecord => ({
  _id: id,
  platformId: P1,
  name: `Cohort ${id.slice(-1)}`,
  productIds: ['teas_math_qbank'],
  seats: 10,
  seatsLeft: 10,
  startsOn: '2030-01-10',
  endsOn: '2030-05-14',
  ended: false,
  createdAt: NOW,
  updatedAt: NOW,
  ...over,
});

const seat = (licenceId: string, uid: string, over: Partial<SeatRecord> = {}): SeatRecord => ({
  _id: `${licenceId}:${uid}`,
  licenceId,
  uid,
  seat: 1,
  active: true,
  productIds: ['teas_math_qbank'],
  takenAt: NOW,
  releasedAt: null,
  pending: 'taken',
  ...over,
});

describe('LicencesRepository (MongoDB)', () => {
  it('licences: insert, find, list (newest term first, of a platform), update never below the seats used', async () => {
    const repo = await licencesRepository();
    await repo.insert(licence(L1));
    await repo.insert(licence(L2, { startsOn: '2030-08-20', endsOn: '2030-12-18' }));
    await repo.insert(licence(L3, { platformId: P2 }));
    expect(await repo.find(L1)).toEqual(licence(L1));
    expect(await repo.find('1c8d2e3f-0000-4000-8000-000000000009')).toBeNull();
    expect((await repo.list()).map((l) => l._id)).toEqual([L2, L1, L3]);
    expect((await repo.list(P1)).map((l) => l._id)).toEqual([L2, L1]);
    expect((await repo.list(P2)).map((l) => l._id)).toEqual([L3]);
    expect((await repo.ofPlatform(P1)).map((l) => l._id).sort()).toEqual([L1, L2]);
    expect(await repo.ofPlatform('0b7c1d2e-0000-4000-8000-000000000009')).toEqual([]);

    // three of ten seats taken
    for (let i = 0; i < 3; i++) expect(await repo.reserve(L1)).toBe(true);
    const fields = {
      name: 'Cohort 1 (spring)',
      productIds: ['teas_math_qbank', 'med_dosage_qbank'],
      startsOn: '2030-01-11',
      endsOn: '2030-05-15',
      updatedAt: at(1),
    };
    expect(await repo.update(L1, fields, 2)).toBe('below-used');
    expect(await repo.find(L1)).toMatchObject({ seats: 10, seatsLeft: 7, name: 'Cohort 1' });
    expect(await repo.update(L1, fields, 3)).toEqual({
      ...licence(L1),
      ...fields,
      seats: 3,
      seatsLeft: 0,
    });
    expect(await repo.reserve(L1)).toBe(false);
    expect(await repo.update(L1, fields, 25)).toMatchObject({ seats: 25, seatsLeft: 22 });
    expect(await repo.update('1c8d2e3f-0000-4000-8000-000000000009', fields, 5)).toBeNull();
  });

  it('reserve: of 20 launches at once for the last seat, one gets it; given back, it is there again', async () => {
    const repo = await licencesRepository();
    await repo.insert(licence(L1, { seats: 30, seatsLeft: 1 }));
    const results = await Promise.all(Array.from({ length: 20 }, () => repo.reserve(L1)));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect((await repo.find(L1))!.seatsLeft).toBe(0);
    expect(await repo.reserve(L1)).toBe(false);
    await repo.giveBack(L1);
    expect((await repo.find(L1))!.seatsLeft).toBe(1);
    expect(await repo.reserve(L1)).toBe(true);
    expect(await repo.reserve('1c8d2e3f-0000-4000-8000-000000000009')).toBe(false);
  });

  it('term end: the licences whose last day is before today, claimed once; an ended one takes no seat', async () => {
    const repo = await licencesRepository();
    await repo.insert(licence(L1, { endsOn: '2030-03-01' }));
    await repo.insert(licence(L2, { endsOn: '2030-03-02' }));
    await repo.insert(licence(L3, { endsOn: '2030-02-01', ended: true }));
    // today is the 2nd: L2's last day is today, L3 has ended already
    expect((await repo.endedBefore('2030-03-02')).map((l) => l._id)).toEqual([L1]);
    expect((await repo.endedBefore('2030-03-03')).map((l) => l._id).sort()).toEqual([L1, L2]);
    const claims = await Promise.all([repo.claimEnd(L1), repo.claimEnd(L1)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await repo.claimEnd(L1)).toBe(false);
    expect(await repo.claimEnd(L3)).toBe(false);
    expect((await repo.endedBefore('2030-03-03')).map((l) => l._id)).toEqual([L2]);
    expect(await repo.reserve(L1)).toBe(false);
    expect(await repo.reserve(L2)).toBe(true);
  });

  it('seats: a first seat once; freed only when active, taken again only when free (the next seat number)', async () => {
    const repo = await licencesRepository();
    expect(await repo.findSeat(L1, 'u1')).toBeNull();
    expect(await repo.insertSeat(seat(L1, 'u1'))).toBe(true);
    // the same learner's launch at the same moment
    expect(await repo.insertSeat(seat(L1, 'u1', { takenAt: at(1) }))).toBe(false);
    expect(await repo.findSeat(L1, 'u1')).toEqual(seat(L1, 'u1'));
    // active: not taken again
    expect(await repo.retake(L1, 'u1', ['teas_math_qbank'], at(1))).toBeNull();

    const released = await repo.release(L1, 'u1', at(2));
    expect(released).toEqual(
      seat(L1, 'u1', { active: false, releasedAt: at(2), pending: 'released' }),
    );
    // freed once
    expect(await repo.release(L1, 'u1', at(3))).toBeNull();
    expect(await repo.release(L1, 'u9', at(3))).toBeNull();

    const products = ['teas_math_qbank', 'med_dosage_qbank'];
    const again = await Promise.all([
      repo.retake(L1, 'u1', products, at(4)),
      repo.retake(L1, 'u1', products, at(4)),
    ]);
    expect(again.filter(Boolean)).toHaveLength(1);
    expect(again.find(Boolean)).toEqual(
      seat(L1, 'u1', { seat: 2, takenAt: at(4), productIds: products }),
    );
    expect(await repo.retake(L1, 'u9', products, at(4))).toBeNull();
    expect(await repo.findSeat(L1, 'u9')).toBeNull();
  });

  it('seats: a licence’s active ones in taking order; the facts still to publish; published clears only that state', async () => {
    const repo = await licencesRepository();
    await repo.insertSeat(seat(L1, 'u2', { takenAt: at(2), pending: null }));
    await repo.insertSeat(seat(L1, 'u1', { takenAt: at(1) }));
    await repo.insertSeat(seat(L1, 'u3', { takenAt: at(3), pending: null }));
    await repo.insertSeat(seat(L2, 'u1', { takenAt: at(0) }));
    await repo.release(L1, 'u3', at(4));

    expect((await repo.activeSeats(L1)).map((s) => s.uid)).toEqual(['u1', 'u2']);
    expect((await repo.activeSeats(L1, 1)).map((s) => s.uid)).toEqual(['u1']);
    expect(await repo.activeSeats(L3)).toEqual([]);

    const pending = await repo.pendingSeats(10);
    expect(pending.map((s) => [s._id, s.pending]).sort()).toEqual([
      [`${L1}:u1`, 'taken'],
      [`${L1}:u3`, 'released'],
      [`${L2}:u1`, 'taken'],
    ]);
    expect(await repo.pendingSeats(2)).toHaveLength(2);

    // the taken fact of u3's first seat, read before the release: published late, changes nothing
    await repo.published(seat(L1, 'u3', { takenAt: at(3), pending: 'taken' }));
    expect((await repo.findSeat(L1, 'u3'))!.pending).toBe('released');
    // u1's seat freed and taken again meanwhile: the first seat's fact does not clear the second's
    const first = (await repo.findSeat(L1, 'u1'))!;
    await repo.release(L1, 'u1', at(5));
    await repo.retake(L1, 'u1', first.productIds, at(6));
    await repo.published(first);
    expect(await repo.findSeat(L1, 'u1')).toMatchObject({ seat: 2, pending: 'taken' });
    // the current state's fact published: cleared
    await repo.published((await repo.findSeat(L1, 'u1'))!);
    await repo.published((await repo.findSeat(L1, 'u3'))!);
    expect((await repo.findSeat(L1, 'u1'))!.pending).toBeNull();
    expect((await repo.pendingSeats(10)).map((s) => s._id)).toEqual([`${L2}:u1`]);
  });
  it('seatsOf and removeSeats: an erased learner’s seats of every licence, nobody else’s', async () => {
    const repo = await licencesRepository();
    await repo.insertSeat(seat(L1, 'u1'));
    await repo.insertSeat(seat(L2, 'u1', { active: false, pending: null }));
    await repo.insertSeat(seat(L1, 'u2'));
    expect((await repo.seatsOf('u1')).map((s) => s._id).sort()).toEqual([`${L1}:u1`, `${L2}:u1`]);
    expect(await repo.seatsOf('u9')).toEqual([]);
    await repo.removeSeats('u1');
    expect(await repo.seatsOf('u1')).toEqual([]);
    expect((await repo.activeSeats(L1)).map((s) => s.uid)).toEqual(['u2']);
  });
});

it('every query of the repositories is served by an index', async () => {
  // every query the repositories have was sent by the cases above (so each one is explained)
  const shapes = new Set(
    recorded.queries.map((q) => `${q.collection}.${q.method}(${Object.keys(q.filter).join(',')})`),
  );
  expect([...shapes].sort()).toEqual([
    'lti_accounts.deleteMany(uid)', // removeUser
    'lti_accounts.find($or)', // contactsOf
    'lti_accounts.find(uid)', // lmsUserOf
    'lti_accounts.findOne(_id)', // findAccount
    'lti_accounts.updateOne(_id)', // saveAccount
    'lti_contexts.findOne(_id)', // findContext
    'lti_contexts.updateOne(_id)', // saveContext
    'lti_keys.find()', // toolKeys (bounded, below)
    'lti_licences.find()', // list
    'lti_licences.find(ended,endsOn)', // endedBefore
    'lti_licences.find(platformId)', // list of a platform, ofPlatform
    'lti_licences.findOne(_id)', // find
    'lti_licences.findOneAndUpdate(_id,seatsLeft,seats)', // update
    'lti_licences.updateOne(_id)', // giveBack
    'lti_licences.updateOne(_id,ended)', // claimEnd
    'lti_licences.updateOne(_id,ended,seatsLeft)', // reserve
    'lti_links.findOne(_id)', // findLink
    'lti_links.updateOne(_id)', // saveLink
    'lti_members.deleteMany(uid)', // removeUser
    'lti_members.findOne(_id)', // findMember
    'lti_members.updateOne(_id)', // saveMember
    'lti_once.deleteMany(expiresAt)', // the lazy sweep of insertOnce
    'lti_once.deleteOne(_id)', // takeOnce
    'lti_once.findOne(_id)', // findOnce, takeOnce
    'lti_platforms.deleteOne(_id)', // deletePlatform (bounded)
    'lti_platforms.find()', // listPlatforms (bounded)
    'lti_platforms.find(issuer)', // platformsOfIssuer (bounded)
    'lti_platforms.findOne(_id)', // findPlatform (bounded)
    'lti_platforms.findOneAndUpdate(_id)', // updatePlatform (bounded)
    'lti_scores.deleteMany(uid)', // removeUser
    'lti_scores.find($or)', // scoresOf
    'lti_scores.findOneAndUpdate(_id,status,nextAt)', // claimDueScore of one score
    'lti_scores.findOneAndUpdate(status,nextAt)', // claimDueScore, the sweep
    'lti_scores.updateOne(_id)', // scoreSent, scoreFailed
    'lti_seats.deleteMany(uid)', // removeSeats
    'lti_seats.find($or)', // pendingSeats
    'lti_seats.find(licenceId,active)', // activeSeats
    'lti_seats.find(uid)', // seatsOf
    'lti_seats.findOne(_id)', // findSeat
    'lti_seats.findOneAndUpdate(_id,active)', // retake, release
    'lti_seats.updateOne(_id,seat,pending)', // published
  ]);
  const { explained } = await expectEveryQueryIndexed(db.conn.name, recorded.queries, {
    lti_platforms: 'a handful of LMS registrations per site (one per school or LMS instance)',
    lti_keys: 'the tool’s own key pairs: one, a few during a rotation (toolKeys reads at most 10)',
  });
  // every shape of an unbounded collection was explained (an `$or` of n branches is its own shape)
  const bounded = [...shapes].filter((s) => /^lti_(platforms|keys)\./.test(s));
  expect(explained).toBeGreaterThanOrEqual(shapes.size - bounded.length);
}, 60_000);
