import {
  answerCheck,
  classifyCode,
  clusterFaultSchedule,
  errorRows,
  EVENT_STREAMS,
  faultFigures,
  faultRows,
  faultSchedule,
  firstGoodSecond,
  formatCodes,
  onceCheck,
  plannedSeconds,
  purchaseCheck,
  renderMarkdown,
  SERVICES,
  streamLeaderServer,
  streamReplicaState,
  warmupCheck,
} from './fault-lib.mjs';
import { Streams } from '@examprep/contracts';

type Hit = { at: number; code: number; ms: number; kind: string; learner: boolean };
const hit = (at: number, code: number, ms = 5, learner = true): Hit => ({
  at,
  code,
  ms,
  kind: 'read',
  learner,
});

describe('faultSchedule', () => {
  it('kills every service, the gateway, NATS and FerretDB, then stops Keycloak and S3 for a minute', () => {
    const s = faultSchedule();
    expect(s.map((f) => f.target)).toEqual([
      ...SERVICES,
      'gateway',
      'nats',
      'ferretdb',
      'keycloak',
      's3',
    ]);
    expect(s.filter((f) => f.kind === 'kill').every((f) => f.downS === 0)).toBe(true);
    expect(s.filter((f) => f.kind === 'stop').map((f) => [f.target, f.downS])).toEqual([
      ['keycloak', 60],
      ['s3', 60],
    ]);
    expect(s.find((f) => f.target === 'gateway')?.layer).toBe('app');
    expect(s.find((f) => f.target === 'nats')?.layer).toBe('infra');
  });

  it('keeps only the named targets, in order, and refuses unknown ones', () => {
    expect(faultSchedule({ only: ['s3', 'testing'] }).map((f) => f.target)).toEqual([
      'testing',
      's3',
    ]);
    expect(() => faultSchedule({ only: ['postgres'] })).toThrow(/unknown fault target/);
  });

  it('plans the whole default run within the 15-minute bound', () => {
    const s = faultSchedule();
    const secs = plannedSeconds(s);
    // 10 kills x (restart + settle) + 2 x (60 s down + restart + settle) + warm-up
    expect(secs).toBe(15 + 7 * (6 + 15) + (6 + 15) + 2 * (4 + 15) + (60 + 40 + 15) + (60 + 4 + 15));
    expect(secs).toBeLessThan(10 * 60);
  });
});

describe('classifyCode', () => {
  const [testing] = faultSchedule({ only: ['testing'] });
  const [gateway] = faultSchedule({ only: ['gateway'] });
  it('503/504 are what a fault may cost; a 500 never', () => {
    expect(classifyCode(200, testing)).toBe('ok');
    expect(classifyCode(503, testing)).toBe('expected');
    expect(classifyCode(504, testing)).toBe('expected');
    expect(classifyCode(500, testing)).toBe('server-error');
    expect(classifyCode(502, testing)).toBe('server-error');
    expect(classifyCode(401, testing)).toBe('refused');
    expect(classifyCode(429, testing)).toBe('client-error');
  });
  it('no answer is expected only while the gateway itself is down', () => {
    expect(classifyCode(0, gateway)).toBe('expected');
    expect(classifyCode(0, testing)).toBe('no-answer');
  });
});

describe('firstGoodSecond', () => {
  it('is the first whole second after the restart in which every request succeeded', () => {
    const from = 10_000;
    const hits = [hit(10_100, 503), hit(10_900, 200), hit(11_200, 200), hit(11_800, 200)];
    expect(firstGoodSecond(hits, from, 20_000)).toBe(11_000);
  });
  it('is null when no whole good second comes before the end of the window', () => {
    expect(firstGoodSecond([hit(10_100, 503), hit(11_500, 200)], 10_000, 12_000)).toBe(11_000);
    expect(firstGoodSecond([hit(10_100, 503), hit(11_500, 200)], 10_000, 11_900)).toBeNull();
    expect(firstGoodSecond([], 10_000, 20_000)).toBeNull();
  });
});

describe('faultFigures', () => {
  const t = { startAt: 100_000, restartAt: 100_050, readyAt: 103_000, endAt: 120_000 };
  const [testing] = faultSchedule({ only: ['testing'] });

  it('counts the gap by status and passes with 503s answered in time', () => {
    const hits = [
      hit(99_000, 200), // before the window: not counted
      hit(100_200, 503, 3),
      hit(101_000, 504, 10_000),
      hit(102_500, 503),
      hit(103_100, 200),
      hit(104_200, 200),
      hit(105_200, 200),
    ];
    const f = faultFigures(hits, testing, t);
    expect(f.requests).toBe(6);
    expect(f.gapCodes).toEqual({ 503: 2, 504: 1 });
    expect(f.gapRequests).toBe(3);
    expect(f.recoverS).toBe(3); // 103_000 (ready): the first whole second with only 200s
    expect(f.downS).toBe(3);
    expect(f.slowestGapMs).toBe(10_000);
    expect(f.pass).toBe(true);
  });

  it('fails on a 500, on an answer slower than the time-out plus margin, and on no recovery', () => {
    const hits = [hit(100_200, 500), hit(101_000, 503, 12_500), hit(102_000, 200)];
    const f = faultFigures(hits, testing, { ...t, endAt: 102_500 });
    expect(f.serverErrors).toBe(1);
    expect(f.hangs).toBe(1);
    expect(f.recoverS).toBeNull();
    expect(f.pass).toBe(false);
    expect(f.failures).toEqual([
      'no fully good second after the restart',
      '1 server error(s)',
      '1 answer(s) slower than 12000 ms',
    ]);
  });

  it('names the statuses that are neither 2xx nor 503/504 (no answer while the gateway is up)', () => {
    const hits = [hit(100_200, 0, 13_000), hit(100_300, 429), hit(103_500, 200), hit(104_500, 200)];
    const f = faultFigures(hits, testing, t);
    expect(f.unexpectedCodes).toEqual({ 0: 1, 429: 1 });
    expect(f.failures).toContain('2 answer(s) neither 2xx nor 503/504 (none:1 429:1)');
    expect(f.failures).toContain('1 answer(s) slower than 12000 ms');
  });

  it('fails when requests fail again after the first fully good second', () => {
    const hits = [hit(100_200, 503), hit(103_500, 200), hit(106_500, 504, 10_000)];
    const f = faultFigures(hits, testing, t);
    expect(f.recoverS).toBe(3);
    expect(f.relapses).toBe(1);
    expect(f.failures).toEqual(['1 request(s) failed again after the recovery']);
    // a 503 answered after the next fault began is that fault's
    const next = faultFigures([...hits.slice(0, 2), hit(119_000, 503, 1_500)], testing, t);
    expect(next.relapses).toBe(0);
  });

  it('leaves failures still in flight when the next fault began to that fault', () => {
    // sent 2 s before the gateway was killed (endAt), waiting for the service, then cut
    const hits = [hit(100_200, 503), hit(103_500, 200), hit(118_000, 0, 2_100)];
    const f = faultFigures(hits, testing, t);
    expect(f.cutByNextFault).toBe(1);
    expect(f.requests).toBe(3);
    expect(f.pass).toBe(true);
  });

  it("counts a failure in flight when a fault began under that fault, and keeps the last fault's", () => {
    const [, , , gw] = clusterFaultSchedule();
    const before = { startAt: 100_000, restartAt: 100_050, readyAt: 101_000, endAt: 120_000 };
    const at = { startAt: 120_000, restartAt: 120_050, readyAt: 125_000, endAt: 140_000 };
    const good = [hit(102_000, 200), hit(126_500, 200), hit(127_500, 200)];
    // writes the killed gateway replica had taken, sent before its kill, answered 502
    const inFlight = [hit(119_990, 502, 30), hit(119_995, 502, 20)];
    const first = faultFigures([...good, ...inFlight], testing, before);
    expect(first).toMatchObject({ cutByNextFault: 2, serverErrors: 0, pass: true });
    const second = faultFigures([...good, ...inFlight], gw, at);
    expect(second).toMatchObject({ carriedFromBefore: 2, serverErrors: 0, pass: true });
    expect(second.gapCodes).toEqual({ 502: 2 });
    // a 500 carried over is a defect of the next fault's window all the same
    const crash = faultFigures([...good, hit(119_990, 500, 30)], gw, at);
    expect(crash).toMatchObject({ serverErrors: 1, pass: false });
    // the last fault has no next one: its failures answered after its end stay its own
    const last = faultFigures([...good, ...inFlight], testing, before, { isLast: true });
    expect(last).toMatchObject({ cutByNextFault: 0, serverErrors: 2, pass: false });
  });

  it('while Keycloak is down, every learner call must succeed', () => {
    const [keycloak] = faultSchedule({ only: ['keycloak'] });
    const kt = { startAt: 100_000, restartAt: 160_000, readyAt: 190_000, endAt: 205_000 };
    const ok = [hit(110_000, 200), hit(150_000, 200), hit(170_000, 200), hit(192_000, 200)];
    expect(faultFigures(ok, keycloak, kt)).toMatchObject({
      learnerCallsWhileDown: 2,
      learnerFailedWhileDown: 0,
      pass: true,
    });
    const refused = [...ok, hit(120_000, 401)];
    const f = faultFigures(refused, keycloak, kt);
    expect(f.learnerFailedWhileDown).toBe(1);
    expect(f.pass).toBe(false);
    expect(f.failures).toContain('1 learner call(s) failed while Keycloak was down');
  });
});

describe('onceCheck', () => {
  it('every acknowledged write stored once; an unacknowledged one at most once', () => {
    const stored = new Map([
      ['a', 1],
      ['b', 1],
      ['u1', 1],
    ]);
    expect(onceCheck(['a', 'b'], ['u1', 'u2'], stored)).toMatchObject({
      acknowledged: 2,
      unacknowledged: 2,
      lost: 0,
      doubled: 0,
      unackedStored: 1,
      pass: true,
    });
  });
  it('finds lost, doubled and foreign writes', () => {
    const stored = new Map([
      ['b', 2],
      ['u1', 2],
      ['x', 1],
    ]);
    const c = onceCheck(['a', 'b'], ['u1', 'b'], stored);
    expect(c).toMatchObject({ lost: 1, doubled: 2, foreign: 1, unacknowledged: 1, pass: false });
    expect(c.samples).toContain('lost: a');
  });
});

describe('answerCheck', () => {
  const send = (question: string, key: string, seq: number, acked: boolean) => ({
    question,
    key,
    seq,
    acked,
  });
  it('the last acknowledged answer is stored, or one whose save got no answer', () => {
    const sends = [
      send('t1/q1', 'A', 1, true),
      send('t1/q1', 'B', 2, true),
      send('t1/q2', 'C', 3, true),
      send('t1/q2', 'D', 4, false),
      send('t1/q3', 'E', 5, false),
    ];
    const stored = new Map<string, string | null>([
      ['t1/q1', 'B'],
      ['t1/q2', 'D'],
      ['t1/q3', null],
    ]);
    expect(answerCheck(sends, stored)).toMatchObject({
      questions: 3,
      acknowledged: 2,
      lost: 0,
      unackedStored: 1,
      pass: true,
    });
  });
  it('an older acknowledged answer or nothing is a lost write', () => {
    const sends = [send('q1', 'A', 1, true), send('q1', 'B', 2, true), send('q2', 'C', 3, true)];
    const c = answerCheck(
      sends,
      new Map([
        ['q1', 'A'],
        ['q2', null],
      ]),
    );
    expect(c.lost).toBe(2);
    expect(c.pass).toBe(false);
    expect(c.samples[0]).toBe('q1: acknowledged B, stored A');
  });
});

describe('report', () => {
  const [testing] = faultSchedule({ only: ['testing'] });
  const t = { startAt: 0, restartAt: 10, readyAt: 2_000, endAt: 10_000 };
  const figs = faultFigures([hit(100, 503), hit(1_500, 200), hit(2_500, 200)], testing, t);

  it('formats status codes with "none" for no answer', () => {
    expect(formatCodes({ 503: 2, 0: 1, 200: 5 })).toBe('none:1 200:5 503:2');
    expect(formatCodes({})).toBe('-');
  });

  it('one row per fault, and Markdown with the fault table and the data check', () => {
    const rows = faultRows([figs]);
    expect(rows[1]).toEqual(['kill -9 testing', '3', '2: 200:1 503:1', '5 ms', '2 s', '2 s', 'ok']);
    const md = renderMarkdown({
      profile: 'fault',
      startedAt: '2026-11-24T20:00:00Z',
      rate: 60,
      seconds: 300,
      totals: { 200: 3, 503: 1 },
      faults: [figs],
      data: {
        answers: { pass: true, acknowledged: 3, lost: 0, samples: [] },
        announcements: { pass: false, lost: 1, samples: ['lost: x|y'] },
      },
      pass: false,
    });
    expect(md).toContain('# Fault suite — FAILED');
    expect(md).toContain('| kill -9 testing | 3 | 2: 200:1 503:1 | 5 ms | 2 s | 2 s | ok |');
    expect(md).toContain('| answers | acknowledged 3, lost 0 | ok |');
    expect(md).toContain('| announcements | lost 1 | FAIL (lost: x\\|y) |');
  });
});

describe('purchaseCheck (issue 24: a product is paid for once)', () => {
  const order = (orderId: string, uid: string, productIds = ['p']) => ({
    orderId,
    uid,
    productIds,
  });
  const entry = (orderId: string, productId: string, action: string) => ({
    orderId,
    productId,
    action,
  });

  it('a learner’s two orders of one product: one granted, the other refunded; passes', () => {
    const r = purchaseCheck(
      [order('o1', 'u1'), order('o2', 'u1')],
      [{ uid: 'u1', entries: [entry('o1', 'p', 'grant'), entry('o2', 'p', 'refund')] }],
      new Map([
        ['o1', {}],
        ['o2', { alreadyOwned: ['p'], refund: 'done', refundId: 're_1' }],
      ]),
    );
    expect(r).toMatchObject({ lost: 0, doubled: 0, grantedTwice: 0, refundsOpen: 0, pass: true });
    expect(r.alreadyOwnedRefunded).toBe(1);
  });

  it('fails a product granted by two orders, a product never decided, and a refund not made', () => {
    expect(
      purchaseCheck(
        [order('o1', 'u1'), order('o2', 'u1')],
        [{ uid: 'u1', entries: [entry('o1', 'p', 'grant'), entry('o2', 'p', 'grant')] }],
        new Map(),
      ),
    ).toMatchObject({ grantedTwice: 1, pass: false });
    expect(
      purchaseCheck([order('o1', 'u1')], [{ uid: 'u1', entries: [] }], new Map()),
    ).toMatchObject({ lost: 1, pass: false });
    expect(
      purchaseCheck(
        [order('o1', 'u1')],
        [{ uid: 'u1', entries: [entry('o1', 'p', 'refund')] }],
        new Map([['o1', { alreadyOwned: ['p'], refund: 'pending', refundId: null }]]),
      ),
    ).toMatchObject({ refundsOpen: 1, pass: false });
  });

  it('a revoked grant (refunded order) leaves one live grant; others’ orders are not counted', () => {
    const r = purchaseCheck(
      [order('o1', 'u1'), order('o2', 'u1')],
      [
        {
          uid: 'u1',
          entries: [
            entry('o1', 'p', 'grant'),
            entry('o1', 'p', 'revoke'),
            entry('o2', 'p', 'grant'),
            entry('other', 'p', 'grant'),
          ],
        },
      ],
      new Map(),
    );
    expect(r).toMatchObject({ grantedTwice: 0, foreign: 0, pass: true });
  });
});

describe('the cluster run (ADR 0029)', () => {
  it('kills the NATS node leading EVENTS, a replica of testing and of catalog, and a gateway replica', () => {
    const s = clusterFaultSchedule();
    expect(s.map((f) => [f.target, f.layer, f.kind])).toEqual([
      ['nats-2', 'infra', 'kill'],
      ['testing-2', 'app', 'kill'],
      ['catalog-2', 'app', 'kill'],
      ['gateway-2', 'app', 'kill'],
    ]);
    expect(s.every((f) => f.replicated)).toBe(true);
    expect(s.filter((f) => f.balanced).map((f) => f.target)).toEqual(['gateway-2']);
    expect(s[0].streamLeader).toBe(true);
    expect(clusterFaultSchedule({ only: ['gateway-2'] }).map((f) => f.target)).toEqual([
      'gateway-2',
    ]);
    expect(() => clusterFaultSchedule({ only: ['keycloak'] })).toThrow(/unknown fault target/);
    expect(plannedSeconds(s)).toBe(15 + (4 + 15) + 3 * (6 + 15));
  });

  it('behind the balancer a 502 is what a killed gateway replica may cost; no answer never', () => {
    const [, , , gw] = clusterFaultSchedule();
    const [testing2] = clusterFaultSchedule({ only: ['testing-2'] });
    expect(classifyCode(502, gw)).toBe('expected');
    expect(classifyCode(0, gw)).toBe('no-answer');
    expect(classifyCode(504, testing2)).toBe('expected');
    expect(classifyCode(502, testing2)).toBe('server-error');
    expect(classifyCode(0, testing2)).toBe('no-answer');
  });

  it('counts the failed requests of a window by kind and status, and its slowest answer', () => {
    const [testing2] = clusterFaultSchedule({ only: ['testing-2'] });
    const hits = [
      { ...hit(1_000, 200, 30), kind: 'answer' },
      { ...hit(1_100, 504, 10_020), kind: 'answer' },
      { ...hit(1_200, 504, 10_010), kind: 'answer' },
      { ...hit(1_300, 503, 5), kind: 'read' },
      ...Array.from({ length: 10 }, (_, i) => hit(4_000 + i * 100, 200)),
    ];
    const f = faultFigures(hits, testing2, {
      startAt: 1_000,
      restartAt: 1_050,
      readyAt: 3_000,
      endAt: 20_000,
    });
    expect(f.errorsByKind).toEqual({ answer: { 504: 2 }, read: { 503: 1 } });
    expect(f.slowestMs).toBe(10_020);
    expect(f.pass).toBe(true);
    expect(errorRows([f])[1]).toEqual([testing2.name, '10020 ms', 'answer 504:2, read 503:1']);
  });

  const jsz = {
    account_details: [
      {
        stream_detail: [
          { name: 'OTHER', cluster: { leader: 'examprep-cluster-1' } },
          {
            name: 'EVENTS',
            config: { num_replicas: 3 },
            state: { messages: 42 },
            cluster: {
              leader: 'examprep-cluster-3',
              replicas: [
                { name: 'examprep-cluster-1', current: true },
                { name: 'examprep-cluster-2', current: false },
              ],
            },
          },
        ],
      },
    ],
  };

  it('finds the infra.sh server that leads a stream', () => {
    expect(streamLeaderServer(jsz, 'EVENTS')).toBe('nats-3');
    expect(streamLeaderServer(jsz, 'OTHER')).toBe('nats');
    expect(streamLeaderServer(jsz, 'NONE')).toBeNull();
    expect(streamLeaderServer({}, 'EVENTS')).toBeNull();
  });

  it("reads a stream's replicas and whether every follower is current from its leader", () => {
    // node 1 lists EVENTS too but is a follower: its view of the others is not current
    const follower = {
      account_details: [
        {
          stream_detail: [
            {
              name: 'EVENTS',
              cluster: {
                leader: 'examprep-cluster-3',
                replicas: [
                  { name: 'examprep-cluster-2', current: true },
                  { name: 'examprep-cluster-3', current: true },
                ],
              },
            },
          ],
        },
      ],
    };
    expect(streamReplicaState([follower, null, jsz], 'EVENTS')).toEqual({
      replicas: 3,
      leader: 'examprep-cluster-3',
      followers: [
        { name: 'examprep-cluster-1', current: true },
        { name: 'examprep-cluster-2', current: false },
      ],
      allCurrent: false,
      messages: 42,
    });
    expect(streamReplicaState([follower, null, jsz], 'NONE')).toBeNull();
    // the leader did not answer: nothing to say
    expect(streamReplicaState([follower, null, null], 'EVENTS')).toBeNull();
  });
});

describe('warmupCheck', () => {
  it('fails any request that failed before the first fault, not one still in flight then', () => {
    const hits = [
      hit(1_000, 200),
      { ...hit(1_100, 500, 100), kind: 'answer' },
      { ...hit(4_900, 504, 10_000), kind: 'read' }, // answered after the fault at 5 000: the fault's
      hit(6_000, 503), // after the fault began: not the warm-up's
    ];
    expect(warmupCheck(hits, 5_000)).toEqual({
      requests: 3,
      inFlightAtFirstFault: 1,
      notOk: 1,
      samples: ['answer 500:1'],
      pass: false,
    });
    expect(warmupCheck([hit(1_000, 200), hit(4_900, 504, 10_000)], 5_000).pass).toBe(true);
    expect(warmupCheck([hit(1_000, 201)], Infinity)).toMatchObject({ requests: 1, pass: true });
  });
});

describe('EVENT_STREAMS', () => {
  it('names every stream the services create (libs/contracts Streams, ADR 0033)', () => {
    expect([...EVENT_STREAMS].sort()).toEqual(
      Object.values(Streams)
        .map((s) => s.name)
        .sort(),
    );
  });
});
