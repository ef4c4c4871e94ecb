// @ts-check
// Pure parts of the fault suite (tools/fault/run.mjs): the fault schedule, the classification of
// the requests sent around each fault, the time to recover, the exactly-once data checks and the
// report. No I/O here: tools/fault/fault-lib.spec.ts tests all of it.

/** The gateway's RPC time-out (apps/gateway RPC_TIMEOUT_MS default) and the margin allowed. */
export const RPC_TIMEOUT_MS = 10_000;
export const MARGIN_MS = 2_000;
/** The services the gateway calls over NATS (apps/* tagged scope:server, minus the gateway). */
export const SERVICES = Object.freeze([
  'announcements',
  'catalog',
  'identity',
  'media',
  'qbank',
  'schools',
  'testing',
]);

/**
 * One fault: `kill` = SIGKILL to the process group, then restart it at once the way
 * tools/system (apps) or tools/infra (servers) start it; `stop` = infra.sh stop, `downS`
 * seconds without it, then infra.sh start.
 * @typedef {object} Fault
 * @property {string} name       e.g. 'kill -9 testing'
 * @property {'kill' | 'stop'} kind
 * @property {string} target     app (tools/system) or server (tools/infra) name
 * @property {'app' | 'infra'} layer
 * @property {number} downS      stop: seconds it stays down (kill: 0, restarted at once)
 * @property {number} settleS    seconds of load after it is back, before the next fault
 * @property {boolean} [replicated]  cluster run: other replicas of the target keep serving
 * @property {boolean} [balanced]    cluster run: a gateway replica behind the balancer
 * @property {boolean} [streamLeader] cluster run: the NATS node to kill is the one leading the
 *   EVENTS stream when the fault begins (target: the node named if none can be read)
 */

/**
 * The faults in order: kill -9 of each service, the gateway, nats-server and FerretDB; then
 * Keycloak and the S3 server stopped for `stopS` seconds each.
 * @param {{ services?: readonly string[], stopS?: number, settleS?: number, only?: string[] | null }} [o]
 * @returns {Fault[]}
 */
export function faultSchedule(o = {}) {
  const stopS = o.stopS ?? 60;
  const settleS = o.settleS ?? 15;
  /** @type {Fault[]} */
  const all = [
    ...(o.services ?? SERVICES).map(
      (s) =>
        /** @type {Fault} */ ({
          name: `kill -9 ${s}`,
          kind: 'kill',
          target: s,
          layer: 'app',
          downS: 0,
          settleS,
        }),
    ),
    { name: 'kill -9 gateway', kind: 'kill', target: 'gateway', layer: 'app', downS: 0, settleS },
    {
      name: 'kill -9 nats-server',
      kind: 'kill',
      target: 'nats',
      layer: 'infra',
      downS: 0,
      settleS,
    },
    {
      name: 'kill -9 FerretDB',
      kind: 'kill',
      target: 'ferretdb',
      layer: 'infra',
      downS: 0,
      settleS,
    },
    {
      name: `stop Keycloak ${stopS} s`,
      kind: 'stop',
      target: 'keycloak',
      layer: 'infra',
      downS: stopS,
      settleS,
    },
    {
      name: `stop S3 ${stopS} s`,
      kind: 'stop',
      target: 's3',
      layer: 'infra',
      downS: stopS,
      settleS,
    },
  ];
  if (!o.only || o.only.length === 0) return all;
  const unknown = o.only.filter((t) => !all.some((f) => f.target === t));
  if (unknown.length) throw new Error(`unknown fault target(s): ${unknown.join(', ')}`);
  return all.filter((f) => /** @type {string[]} */ (o.only).includes(f.target));
}

/**
 * The cluster run's faults (ADR 0029, profile `cluster`: 3 NATS nodes, 2 replicas of every app,
 * the gateway's behind the balancer), one after another under the load: kill -9 of the NATS node
 * that leads the EVENTS stream (restarted with infra.sh start), of one replica of each service
 * that takes the load's writes (testing: answers; catalog: the webhook's grants) and of one
 * gateway replica (each restarted with system.cjs start --only <replica>). Every other process
 * keeps serving, so the fault is one replica's.
 * @param {{ settleS?: number, only?: string[] | null }} [o]
 * @returns {Fault[]}
 */
export function clusterFaultSchedule(o = {}) {
  const settleS = o.settleS ?? 15;
  /** @type {Fault[]} */
  const all = [
    {
      name: 'kill -9 NATS node (EVENTS leader)',
      kind: 'kill',
      target: 'nats-2',
      layer: 'infra',
      downS: 0,
      settleS,
      replicated: true,
      streamLeader: true,
    },
    ...['testing', 'catalog'].map(
      (s) =>
        /** @type {Fault} */ ({
          name: `kill -9 ${s}-2 (1 of 2)`,
          kind: 'kill',
          target: `${s}-2`,
          layer: 'app',
          downS: 0,
          settleS,
          replicated: true,
        }),
    ),
    {
      name: 'kill -9 gateway-2 (1 of 2, behind the balancer)',
      kind: 'kill',
      target: 'gateway-2',
      layer: 'app',
      downS: 0,
      settleS,
      replicated: true,
      balanced: true,
    },
  ];
  if (!o.only || o.only.length === 0) return all;
  const unknown = o.only.filter((t) => !all.some((f) => f.target === t));
  if (unknown.length) throw new Error(`unknown fault target(s): ${unknown.join(', ')}`);
  return all.filter((f) => /** @type {string[]} */ (o.only).includes(f.target));
}

/**
 * The infra.sh server name (nats, nats-2, ...) of the NATS node that leads a stream, from a
 * node's monitor answer to GET /jsz?streams=true, or null when it names none. Server names are
 * `examprep-<profile>-<n>` (infra.sh).
 * @param {any} jsz
 * @param {string} stream
 */
export function streamLeaderServer(jsz, stream) {
  for (const account of jsz?.account_details ?? [])
    for (const s of account?.stream_detail ?? [])
      if (s?.name === stream && typeof s?.cluster?.leader === 'string') {
        const m = /-(\d+)$/.exec(s.cluster.leader);
        if (!m) return null;
        return m[1] === '1' ? 'nats' : `nats-${m[1]}`;
      }
  return null;
}

/**
 * The JetStream streams the services create (libs/contracts `Streams`, ADR 0033): a cluster run
 * checks every one of them for its replicas. The spec ties this list to the contracts.
 */
export const EVENT_STREAMS = Object.freeze(['EVENTS', 'EVENT_HINTS']);

/**
 * A stream's replicas as its leader reports them (only the leader knows whether its followers
 * are current): the leader and each follower with whether it is current. `jszs`: each node's
 * GET /jsz?streams=true&config=true, node n at index n - 1 (null for a node that did not
 * answer). null when no node lists the stream or its leader did not answer.
 * @param {any[]} jszs
 * @param {string} stream
 */
export function streamReplicaState(jszs, stream) {
  /** @param {any} jsz */
  const detail = (jsz) =>
    (jsz?.account_details ?? [])
      .flatMap((/** @type {any} */ a) => a?.stream_detail ?? [])
      .find((/** @type {any} */ s) => s?.name === stream) ?? null;
  const any = jszs.map(detail).find((d) => d?.cluster?.leader);
  const m = /-(\d+)$/.exec(any?.cluster?.leader ?? '');
  const s = m ? detail(jszs[Number(m[1]) - 1]) : null;
  if (!s) return null;
  const followers = (s.cluster?.replicas ?? []).map((/** @type {any} */ r) => ({
    name: String(r.name),
    current: r.current === true,
  }));
  return {
    replicas: s.config?.num_replicas ?? 1 + followers.length,
    leader: String(s.cluster.leader),
    followers,
    allCurrent: followers.every((/** @type {{ current: boolean }} */ f) => f.current),
    messages: s.state?.messages ?? 0,
  };
}

/**
 * Seconds the schedule is planned to take: warm-up, each fault's time down, an estimate of its
 * restart (`restartS` per layer/target) and its settle time. Bounds the suite before it starts.
 * @param {Fault[]} schedule
 * @param {{ warmupS?: number, restartS?: Record<string, number> }} [o]
 */
export function plannedSeconds(schedule, o = {}) {
  /** @type {Record<string, number>} */
  const restart = { app: 6, infra: 4, keycloak: 40, ...(o.restartS ?? {}) };
  return schedule.reduce(
    (t, f) => t + f.downS + f.settleS + (restart[f.target] ?? restart[f.layer] ?? restart.infra),
    o.warmupS ?? 15,
  );
}

/**
 * One request of the load, as vegeta recorded it, with what the suite planned for it.
 * @typedef {object} Hit
 * @property {number} at     ms epoch the request was sent
 * @property {number} code   HTTP status; 0 = no answer (refused, reset, client time-out)
 * @property {number} ms     latency
 * @property {string} kind   'answer' | 'read' | 'purchase' | 'announcement' | 'unknown'
 * @property {boolean} learner  sent with a learner's token
 * @property {string} [error]  vegeta's error when there was no answer
 */

/**
 * When a fault happened, as the runner observed it (ms epoch).
 * @typedef {object} FaultTimes
 * @property {number} startAt     the fault was applied (kill or stop)
 * @property {number} restartAt   the restart began (kill: right after; stop: after downS)
 * @property {number} readyAt     the restarted process answered its health check
 * @property {number} endAt       the next fault's startAt (or the end of the load)
 */

/** @param {number} code */
export const isOk = (code) => code >= 200 && code < 400;

/**
 * What a request that got no 2xx/3xx in a fault's window means. `expected`: 503/504 (the
 * gateway's answers when a service, NATS or a dependency is away), and no answer at all while
 * the gateway itself is down (connection refused). Everything else is a defect: a 500 (or any
 * other 5xx), and a 4xx such as 401 (a learner turned away while Keycloak is down) or 429.
 * @param {number} code
 * @param {Fault} fault
 * @returns {'ok' | 'expected' | 'server-error' | 'refused' | 'no-answer' | 'client-error'}
 */
export function classifyCode(code, fault) {
  if (isOk(code)) return 'ok';
  if (code === 503 || code === 504) return 'expected';
  // behind the balancer a request the killed gateway replica had taken (the round trip broke) is
  // answered 502, unless it was a GET or HEAD, which the balancer tries on the other replica;
  // no answer at all means the balancer failed
  if (fault.balanced && code === 502) return 'expected';
  if (code === 0) return fault.target === 'gateway' ? 'expected' : 'no-answer';
  if (code >= 500) return 'server-error';
  if (code === 401 || code === 403) return 'refused';
  return 'client-error';
}

/**
 * Figures of one fault over the hits sent in its window [startAt, endAt).
 * gap: the hits sent between the fault and the first fully good second once the restarted
 * process answers its health check (readyAt).
 * recoverS: from the fault to that second (null: no fully good second before endAt).
 * @param {Hit[]} hits   every hit of the run (any order)
 * @param {Fault} fault
 * @param {FaultTimes} t
 * @param {{ hangMs?: number, isLast?: boolean }} [o]  isLast: no fault follows (nothing is cut)
 */
export function faultFigures(hits, fault, t, o = {}) {
  const hangMs = o.hangMs ?? RPC_TIMEOUT_MS + MARGIN_MS;
  const all = hits.filter((h) => h.at >= t.startAt && h.at < t.endAt);
  // failed requests still in flight when the next fault began belong to that fault, whose kill
  // may be what ended them (a connection cut by the gateway's kill, a write the killed gateway
  // replica had taken answered 502 by the balancer); the last fault has no next one
  const cut = o.isLast ? [] : all.filter((h) => !isOk(h.code) && h.at + h.ms >= t.endAt);
  // ... so this fault takes those of the previous window (or the warm-up) in flight at its start
  const carried = hits.filter((h) => h.at < t.startAt && h.at + h.ms >= t.startAt && !isOk(h.code));
  const inWindow = [...all.filter((h) => !cut.includes(h)), ...carried];
  const recoveredAt = firstGoodSecond(inWindow, t.readyAt, t.endAt);
  const gapEnd = recoveredAt ?? t.endAt;
  const gap = inWindow.filter((h) => h.at < gapEnd);
  /** @type {Record<string, number>} */
  const gapCodes = {};
  /** @type {Record<string, number>} */
  const classes = {};
  for (const h of gap) {
    gapCodes[h.code] = (gapCodes[h.code] ?? 0) + 1;
    const c = classifyCode(h.code, fault);
    classes[c] = (classes[c] ?? 0) + 1;
  }
  // the requests of the window not answered 2xx/3xx, by what they were (answer, read, ...) and status
  /** @type {Record<string, Record<string, number>>} */
  const errorsByKind = {};
  for (const h of inWindow) {
    if (isOk(h.code)) continue;
    const k = (errorsByKind[h.kind] ??= {});
    k[h.code] = (k[h.code] ?? 0) + 1;
  }
  const slowestMs = inWindow.reduce((m, h) => Math.max(m, h.ms), 0);
  // defects over the whole window (also after the recovery)
  const serverErrors = inWindow.filter((h) => classifyCode(h.code, fault) === 'server-error');
  const hangs = all.filter((h) => h.ms > hangMs);
  const unexpected = inWindow.filter((h) => {
    const c = classifyCode(h.code, fault);
    return c !== 'ok' && c !== 'expected';
  });
  // while Keycloak is down, signed-in learners keep working (tokens verified with cached keys)
  const learnerWhileDown =
    fault.target === 'keycloak'
      ? inWindow.filter((h) => h.learner && h.at >= t.startAt && h.at < t.restartAt)
      : [];
  const learnerFailed = learnerWhileDown.filter((h) => !isOk(h.code)).length;
  // errors again after the recovery (the fault's effects came back, e.g. a backlog timing out)
  // (not those answered after the next fault began: that fault's effect)
  const relapses =
    recoveredAt === null
      ? 0
      : inWindow.filter((h) => h.at >= recoveredAt && !isOk(h.code) && h.at + h.ms < t.endAt)
          .length;
  const slowest = gap.reduce((m, h) => Math.max(m, h.ms), 0);
  const failures = [];
  if (recoveredAt === null) failures.push('no fully good second after the restart');
  if (serverErrors.length) failures.push(`${serverErrors.length} server error(s)`);
  if (hangs.length) failures.push(`${hangs.length} answer(s) slower than ${hangMs} ms`);
  /** @type {Record<string, number>} */
  const unexpectedCodes = {};
  for (const h of unexpected) unexpectedCodes[h.code] = (unexpectedCodes[h.code] ?? 0) + 1;
  const other = unexpected.length - serverErrors.length;
  if (other)
    failures.push(`${other} answer(s) neither 2xx nor 503/504 (${formatCodes(unexpectedCodes)})`);
  if (relapses) failures.push(`${relapses} request(s) failed again after the recovery`);
  if (learnerFailed)
    failures.push(`${learnerFailed} learner call(s) failed while Keycloak was down`);
  return {
    fault: fault.name,
    target: fault.target,
    requests: all.length,
    cutByNextFault: cut.length,
    carriedFromBefore: carried.length,
    gapRequests: gap.length,
    gapCodes,
    classes,
    serverErrors: serverErrors.length,
    hangs: hangs.length,
    unexpected: unexpected.length,
    unexpectedCodes,
    slowestGapMs: Math.round(slowest),
    slowestMs: Math.round(slowestMs),
    errorsByKind,
    relapses,
    downS: round1((t.readyAt - t.startAt) / 1000),
    recoverS: recoveredAt === null ? null : round1((recoveredAt - t.startAt) / 1000),
    learnerCallsWhileDown: learnerWhileDown.length,
    learnerFailedWhileDown: learnerFailed,
    pass: failures.length === 0,
    failures,
  };
}

/** @typedef {ReturnType<typeof faultFigures>} FaultFigures */

/**
 * The warm-up: requests sent before the first fault. With nothing broken every one must succeed;
 * one still in flight when the first fault began (answered after it) is that fault's.
 * @param {Hit[]} hits
 * @param {number} firstFaultAt  ms epoch (Infinity: no fault ran)
 */
export function warmupCheck(hits, firstFaultAt) {
  const before = hits.filter((h) => h.at < firstFaultAt);
  const settled = before.filter((h) => h.at + h.ms < firstFaultAt);
  const failed = settled.filter((h) => !isOk(h.code));
  /** @type {Record<string, Record<string, number>>} */
  const byKind = {};
  for (const h of failed) {
    const k = (byKind[h.kind] ??= {});
    k[h.code] = (k[h.code] ?? 0) + 1;
  }
  return {
    requests: before.length,
    inFlightAtFirstFault: before.length - settled.length,
    notOk: failed.length,
    samples: Object.entries(byKind).map(([kind, codes]) => `${kind} ${formatCodes(codes)}`),
    pass: failed.length === 0,
  };
}

const round1 = (/** @type {number} */ x) => Math.round(x * 10) / 10;

/**
 * The start (ms epoch) of the first whole second at or after `from` in which every hit sent got
 * a 2xx/3xx (and there was at least one), or null before `until`. Seconds are counted from
 * `from`, so the restart itself starts the first candidate second.
 * @param {Hit[]} hits
 * @param {number} from
 * @param {number} until
 */
export function firstGoodSecond(hits, from, until) {
  /** @type {Map<number, { n: number, bad: number }>} */
  const buckets = new Map();
  for (const h of hits) {
    if (h.at < from || h.at >= until) continue;
    const k = Math.floor((h.at - from) / 1000);
    const b = buckets.get(k) ?? { n: 0, bad: 0 };
    b.n++;
    if (!isOk(h.code)) b.bad++;
    buckets.set(k, b);
  }
  const keys = [...buckets.keys()].sort((a, b) => a - b);
  for (const k of keys) {
    const b = /** @type {{ n: number, bad: number }} */ (buckets.get(k));
    // a second that ends after `until` is not whole
    if (from + (k + 1) * 1000 > until) break;
    if (b.n > 0 && b.bad === 0) return from + k * 1000;
  }
  return null;
}

/**
 * The purchases data check (issue 24: a product is paid for once). Every delivered order's
 * products are decided exactly once in the ledger, granted or (held already: another order of
 * the learner paid for them first, or its checkout was closed) recorded as a refund; no learner
 * holds a product by two live grants of these orders; and every order that found products held
 * has its automatic refund made.
 * @param {{ orderId: string, uid: string, productIds: string[] }[]} delivered
 * @param {{ uid: string, entries: { orderId?: string | null, productId: string, action: string }[] }[]} ledgers
 *        the newest snapshot of each learner
 * @param {Map<string, { alreadyOwned?: string[], refund?: string, refundId?: string | null }>} stored
 *        the stored orders by id
 */
export function purchaseCheck(delivered, ledgers, stored) {
  const ours = new Set(delivered.map((o) => o.orderId));
  /** @type {Map<string, number>} */
  const decided = new Map();
  /** @type {Map<string, number>} */
  const live = new Map();
  for (const { uid, entries } of ledgers)
    for (const e of entries) {
      if (!e.orderId || !ours.has(e.orderId)) continue;
      const k = `${e.orderId}:${e.productId}`;
      if (e.action === 'grant' || e.action === 'refund') decided.set(k, (decided.get(k) ?? 0) + 1);
      const held = `${uid}:${e.productId}`;
      if (e.action === 'grant') live.set(held, (live.get(held) ?? 0) + 1);
      if (e.action === 'revoke') live.set(held, (live.get(held) ?? 0) - 1);
    }
  const base = onceCheck(
    delivered.flatMap((o) => o.productIds.map((p) => `${o.orderId}:${p}`)),
    [],
    decided,
  );
  const samples = [...base.samples];
  const grantedTwice = [...live].filter(([, n]) => n > 1);
  for (const [k, n] of grantedTwice.slice(0, 5 - samples.length))
    samples.push(`granted ${n} times: ${k}`);
  let refunded = 0;
  let refundsOpen = 0;
  for (const o of delivered) {
    const doc = stored.get(o.orderId);
    if (!doc?.alreadyOwned?.length) continue;
    if (doc.refund === 'done' && doc.refundId) refunded++;
    else {
      refundsOpen++;
      if (samples.length < 5) samples.push(`refund not made: ${o.orderId}`);
    }
  }
  return {
    ...base,
    grantedTwice: grantedTwice.length,
    alreadyOwnedRefunded: refunded,
    refundsOpen,
    samples,
    pass: base.pass && grantedTwice.length === 0 && refundsOpen === 0,
  };
}

/**
 * Exactly-once check of writes identified by a key (an announcement's text, an order's
 * product grant): every acknowledged key stored once; an unacknowledged one (503/504, no
 * answer: its outcome is unknown) stored at most once.
 * @param {Iterable<string>} acked
 * @param {Iterable<string>} unacked  keys sent but never acknowledged
 * @param {Map<string, number>} stored  key -> times stored
 */
export function onceCheck(acked, unacked, stored) {
  const ackedSet = new Set(acked);
  const unackedSet = new Set([...unacked].filter((k) => !ackedSet.has(k)));
  let lost = 0;
  let doubled = 0;
  let unackedStored = 0;
  let foreign = 0;
  /** @type {string[]} */
  const samples = [];
  for (const k of ackedSet) {
    const n = stored.get(k) ?? 0;
    if (n === 0) {
      lost++;
      if (samples.length < 5) samples.push(`lost: ${k}`);
    } else if (n > 1) {
      doubled++;
      if (samples.length < 5) samples.push(`stored ${n} times: ${k}`);
    }
  }
  for (const k of unackedSet) {
    const n = stored.get(k) ?? 0;
    if (n >= 1) unackedStored++;
    if (n > 1) {
      doubled++;
      if (samples.length < 5) samples.push(`stored ${n} times (unacknowledged): ${k}`);
    }
  }
  for (const [k, n] of stored) if (n > 0 && !ackedSet.has(k) && !unackedSet.has(k)) foreign++;
  return {
    acknowledged: ackedSet.size,
    unacknowledged: unackedSet.size,
    lost,
    doubled,
    unackedStored,
    foreign,
    samples,
    pass: lost === 0 && doubled === 0 && foreign === 0,
  };
}

/**
 * Answers (practice saves overwrite the question's answer): for each question, the stored
 * answer is the last acknowledged one, or one whose save was never acknowledged (its outcome
 * unknown, it may have landed later); with no acknowledged save, nothing or such an answer.
 * @param {{ question: string, key: string, seq: number, acked: boolean }[]} sends
 * @param {Map<string, string | null>} stored  question -> stored answer key (null: none)
 */
export function answerCheck(sends, stored) {
  /** @type {Map<string, { last: { key: string, seq: number } | null, unacked: Set<string> }>} */
  const per = new Map();
  for (const s of sends) {
    const slot = per.get(s.question) ?? { last: null, unacked: new Set() };
    per.set(s.question, slot);
    if (s.acked) {
      if (!slot.last || s.seq > slot.last.seq) slot.last = { key: s.key, seq: s.seq };
    } else slot.unacked.add(s.key);
  }
  let acknowledged = 0;
  let lost = 0;
  let unackedStored = 0;
  let unexpected = 0;
  /** @type {string[]} */
  const samples = [];
  for (const [q, slot] of per) {
    const got = stored.get(q) ?? null;
    if (slot.last) {
      acknowledged++;
      if (got === slot.last.key) continue;
      if (got !== null && slot.unacked.has(got)) unackedStored++;
      else {
        lost++;
        if (samples.length < 5)
          samples.push(`${q}: acknowledged ${slot.last.key}, stored ${got ?? 'nothing'}`);
      }
    } else if (got !== null) {
      if (slot.unacked.has(got)) unackedStored++;
      else unexpected++;
    }
  }
  return {
    questions: per.size,
    acknowledged,
    lost,
    unackedStored,
    unexpected,
    samples,
    pass: lost === 0 && unexpected === 0,
  };
}

/**
 * Pads a table of strings into aligned columns (first row: the header).
 * @param {string[][]} rows
 */
export function textTable(rows) {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((r) => String(r[c] ?? '').length)));
  return rows
    .map((r, i) => {
      const line = r
        .map((v, c) => String(v ?? '').padEnd(widths[c]))
        .join('  ')
        .trimEnd();
      return i === 0 ? `${line}\n${widths.map((w) => '-'.repeat(w)).join('  ')}` : line;
    })
    .join('\n');
}

/** @param {Record<string, number>} codes e.g. { '200': 40, '503': 3, '0': 1 } */
export const formatCodes = (codes) =>
  Object.entries(codes)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([c, n]) => `${c === '0' ? 'none' : c}:${n}`)
    .join(' ') || '-';

/** @param {FaultFigures[]} rows */
export function faultRows(rows) {
  return [
    ['fault', 'requests', 'in the gap (status:count)', 'slowest', 'down', 'recovered', 'verdict'],
    ...rows.map((r) => [
      r.fault,
      String(r.requests),
      `${r.gapRequests}: ${formatCodes(r.gapCodes)}`,
      `${r.slowestGapMs} ms`,
      `${r.downS} s`,
      r.recoverS === null ? 'never' : `${r.recoverS} s`,
      r.pass ? 'ok' : `FAIL (${r.failures.join('; ')})`,
    ]),
  ];
}

/**
 * Per fault: the slowest answer of its whole window and its requests not answered 2xx/3xx, by
 * what they were and status (e.g. `answer 504:2, read 502:1`).
 * @param {FaultFigures[]} rows
 */
export function errorRows(rows) {
  return [
    ['fault', 'slowest answer', 'not 2xx/3xx by kind (status:count)'],
    ...rows.map((r) => [
      r.fault,
      `${r.slowestMs} ms`,
      Object.entries(r.errorsByKind)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([kind, codes]) => `${kind} ${formatCodes(codes)}`)
        .join(', ') || 'none',
    ]),
  ];
}

/**
 * The whole report as Markdown.
 * @param {{ profile: string, startedAt: string, rate: number, seconds: number, totals: Record<string, number>, warmup?: ReturnType<typeof warmupCheck>, faults: FaultFigures[], data: Record<string, { pass: boolean } & Record<string, unknown>>, pass: boolean }} r
 */
export function renderMarkdown(r) {
  const esc = (/** @type {string} */ s) => s.replace(/\|/g, '\\|');
  const table = faultRows(r.faults);
  const md = [
    `# Fault suite — ${r.pass ? 'passed' : 'FAILED'}`,
    '',
    `Profile \`${r.profile}\`, started ${r.startedAt}; steady mixed load at ${r.rate} requests/s (vegeta, open model) for ${r.seconds} s; ${formatCodes(r.totals)} over the run.`,
    `Gap: requests sent from the fault to the first second in which every request succeeded; expected 503/504 answered within ${RPC_TIMEOUT_MS + MARGIN_MS} ms (no answer only while the gateway itself is down). "down": from the fault until the process answered its health check again; "recovered": from the fault to the first fully good second.`,
    '',
    `| ${table[0].map(esc).join(' | ')} |`,
    `| ${table[0].map(() => '---').join(' | ')} |`,
    ...table.slice(1).map((row) => `| ${row.map(esc).join(' | ')} |`),
    '',
    ...errorRows(r.faults).map(
      (row, i) =>
        `| ${row.map(esc).join(' | ')} |${i === 0 ? `\n| ${row.map(() => '---').join(' | ')} |` : ''}`,
    ),
    '',
    ...(r.warmup
      ? [
          `Warm-up (before the first fault): ${r.warmup.requests} requests, ${r.warmup.notOk} failed${r.warmup.samples.length ? ` (${esc(r.warmup.samples.join(', '))})` : ''}: ${r.warmup.pass ? 'ok' : 'FAIL'}.`,
          '',
        ]
      : []),
    '## Data check after the run',
    '',
    '| writes | figures | verdict |',
    '| --- | --- | --- |',
    ...Object.entries(r.data).map(([name, d]) => {
      const { pass, samples, ...figs } = d;
      const text = Object.entries(figs)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
      const s = Array.isArray(samples) && samples.length ? ` (${samples.join('; ')})` : '';
      return `| ${name} | ${esc(text)} | ${pass ? 'ok' : esc(`FAIL${s}`)} |`;
    }),
    '',
  ];
  return md.join('\n');
}
