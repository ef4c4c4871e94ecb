// The scale data set's documents (issue 26 part 4), pure and deterministic: the same options
// (seed, tag, sizes) give the same ids and documents, whatever order the learners are built in.
// Each learner's documents come from a PRNG seeded by (seed, learner index), so the writer
// (seed-scale.cjs) builds and writes one batch of learners at a time and never holds the set.
//
// Shapes are those the services write (checked against their mongoose schemas and pure
// functions in generate.spec.ts):
//   identity  users, purchase_views           (apps/identity/src/users/*.schema.ts)
//   testing   tests, test_contents, test_answers (apps/testing/src/exams/test.schema.ts)
//   qbank     questions                       (apps/qbank/src/questions/question.schema.ts)
//   catalog   orders, ledger_snapshots, holdings (apps/catalog/src/{checkout,entitlements})
//   Keycloak  user representations for partialImport
//
// Every record carries the run's tag (4 hex digits) in a recognisable place, so `--remove`
// deletes exactly them: learner ids 5ca1e000-<tag>-..., emails ...@t<tag>.seed-scale.test, test ids
// SCALE<tag>..., order ids ord_SCALE<tag>..., questions in the courses '... (seed-scale <tag>)'.
'use strict';

const crypto = require('node:crypto');
const { generate, Rng } = require('@examprep/generators');
const { checkAnswer } = require('@examprep/validation');
const {
  ANSWER_RULES_VERSION,
  DEFAULT_DASHBOARD,
  PREMIUM_PRODUCT_IDS,
  QID_SPACE,
  TEST_LIMITS,
  effectivePurchases,
  qidAt,
  quote,
} = require('@examprep/contracts/types');
const { PRODUCTS } = require('../seed/catalog-content.cjs');
const { SETS } = require('../seed/qbank-content.cjs');

/** The learners' one password (Keycloak): sign in as any seeded learner with it. */
const LEARNER_PASSWORD = 'scale-pass-1';
const EMAIL_DOMAIN = 'seed-scale.test';
const DEFAULT_TAG = '0000';
const TAG_PATTERN = /^[0-9a-f]{4}$/;
/** The school year the dates are spread over (fixed: dates do not depend on the day it runs). */
const YEAR_START = Date.UTC(2025, 8, 1);
const YEAR_END = Date.UTC(2026, 5, 30);
const DAY = 86_400_000;
/** Orders per learner at most (each paid order buys at least one product not held yet). */
const MAX_ORDERS_PER_LEARNER = 4;
/** Who the ledger names for payment and refund entries (catalog's STRIPE_ACTOR). */
const STRIPE_ACTOR = 'stripe';
/** What the testing service writes as the grader of a checked full-test answer. */
const GRADED_BY_SYSTEM = 'system';
const BUNDLE_DISCOUNT_LABEL = 'Bundle discount';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

// ---------------------------------------------------------------- PRNG and ids

/** FNV-1a: a stable 32-bit number from a string. */
function hash32(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** A seeded PRNG (the generators' mulberry32, seeded by the parts), floats in [0, 1). */
function prng(...parts) {
  const rng = new Rng(hash32(parts.join('|')));
  const next = () => rng.next();
  return {
    next,
    /** An integer in [0, n). */
    int: (n) => Math.floor(next() * n),
    /** True with probability p. */
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    token: (length) => {
      let s = '';
      for (let i = 0; i < length; i++) s += ALNUM[Math.floor(next() * ALNUM.length)];
      return s;
    },
  };
}

function base62(n, width) {
  let s = '';
  let v = n;
  do {
    s = BASE62[v % 62] + s;
    v = Math.floor(v / 62);
  } while (v > 0);
  if (s.length > width) throw new RangeError(`${n} does not fit ${width} base-62 digits`);
  return s.padStart(width, '0');
}

/** Prefixes that make every record of a tag recognisable (and removable). */
function prefixes(tag) {
  return {
    uid: `5ca1e000-${tag}-`,
    emailSuffix: `@t${tag}.${EMAIL_DOMAIN}`,
    testId: `SCALE${tag}`,
    orderId: `ord_SCALE${tag}`,
    courseSuffix: ` (seed-scale ${tag})`,
  };
}

/** Learner i's Keycloak id (= identity user _id): a v4-shaped UUID carrying the tag. */
function learnerId(tag, i) {
  return `${prefixes(tag).uid}4000-8000-${i.toString(16).padStart(12, '0')}`;
}
const learnerEmail = (tag, i) => `learner${String(i).padStart(6, '0')}${prefixes(tag).emailSuffix}`;
/** The k-th test of learner i: 20 letters and digits (TEST_ID_PATTERN). */
const testId = (tag, i, k) => `${prefixes(tag).testId}${base62(i * 16 + k, 11)}`;
/** The k-th order of learner i: ord_ + 24 letters and digits, as newOrderId. */
const orderId = (tag, i, k) => `${prefixes(tag).orderId}${base62(i * 8 + k, 15)}`;

// ---------------------------------------------------------------- options and plan

/**
 * Checked options with defaults. learners/tests/questions/orders: counts; seed: any string;
 * tag: 4 lowercase hex digits (one tag per concurrent user of a system: the CLI's default,
 * the integration spec's, the CI_FULL smoke's).
 */
function normaliseOptions(o = {}) {
  const learners = o.learners ?? 1000;
  const tests = o.tests ?? learners * 5;
  const questions = o.questions ?? Math.max(minQuestions(), Math.min(10_000, learners));
  const orders = o.orders ?? learners;
  const seed = String(o.seed ?? 'examprep-scale');
  const tag = o.tag ?? DEFAULT_TAG;
  const int = (name, v, min) => {
    if (!Number.isInteger(v) || v < min) throw new Error(`--${name} must be an integer >= ${min}`);
  };
  int('learners', learners, 1);
  int('tests', tests, 0);
  int('questions', questions, minQuestions());
  int('orders', orders, 0);
  if (!TAG_PATTERN.test(tag)) throw new Error('--tag must be 4 lowercase hex digits (e.g. 0000)');
  if (learners > 0xffffffff) throw new Error('--learners is too large');
  const retention = TEST_LIMITS.gradebookRetention;
  if (tests > learners * retention)
    throw new Error(
      `--tests ${tests} > ${retention} x --learners: a learner keeps ${retention} graded tests ` +
        `(gradebook retention, learner spec §4); seed more learners`,
    );
  if (orders > learners * MAX_ORDERS_PER_LEARNER)
    throw new Error(`--orders must be at most ${MAX_ORDERS_PER_LEARNER} x --learners`);
  if (questions > QID_SPACE) throw new Error(`--questions must be at most ${QID_SPACE}`);
  return { learners, tests, questions, orders, seed, tag };
}

/**
 * `total` spread over `n` slots, each at most `cap`, with a heavy tail (Pareto weights, shape
 * `alpha`): many learners with few, some with many (up to the cap), some with none.
 * Deterministic; a Uint8Array (bounded memory: one byte per learner).
 */
function spread(total, n, cap, rng, alpha = 1.1) {
  if (total > n * cap) throw new RangeError(`${total} > ${n} x ${cap}`);
  const counts = new Uint8Array(n);
  if (total === 0) return counts;
  const w = new Float64Array(n);
  for (let i = 0; i < n; i++) w[i] = Math.pow(1 - rng.next(), -1 / alpha);
  let left = total;
  for (let round = 0; round < 64 && left > 0; round++) {
    let sum = 0;
    for (let i = 0; i < n; i++) if (counts[i] < cap) sum += w[i];
    let added = 0;
    const share = left;
    for (let i = 0; i < n && left > 0; i++) {
      if (counts[i] >= cap) continue;
      const add = Math.min(cap - counts[i], Math.floor((share * w[i]) / sum), left);
      counts[i] += add;
      left -= add;
      added += add;
    }
    if (added === 0) break;
  }
  if (left > 0) {
    // what the floors left: one more each, heaviest first
    const order = Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => w[b] - w[a] || a - b);
    while (left > 0)
      for (let j = 0; j < n && left > 0; j++) {
        const i = order[j];
        if (counts[i] < cap) {
          counts[i]++;
          left--;
        }
      }
  }
  return counts;
}

/** Test includes of the catalogue: product, include, pool (the tests a learner can take). */
function testIncludes() {
  const out = [];
  for (const p of PRODUCTS) {
    const inc = p.includes;
    inc.id.forEach((id, j) => {
      if (inc.kind[j] !== 'test' || !inc.pool[j]) return;
      out.push({
        product: p,
        includeId: id,
        mode: inc.mode[j],
        pool: inc.pool[j],
        instructions: inc.instructions[j] || p.instructions || '',
        free: !(p.price > 0),
      });
    });
  }
  return out;
}

/** How often learners start each include (weights): sample tests most, the 204-question bank least. */
const INCLUDE_WEIGHT = {
  teas_math_sample_qbank: 30,
  med_dosage_sample_qbank: 20,
  med_dosage_conversions: 15,
  teas_math_qbank_practice: 20,
  med_dosage_qbank: 10,
  teas_math_qbank_full: 5,
};

/** Paid products (what orders buy), catalogue order. */
const paidProducts = () => PRODUCTS.filter((p) => p.price > 0);

/** The least --questions: every seeded course holds its include's pool count. */
function minQuestions() {
  return testIncludes().reduce((n, inc) => n + inc.pool.questionCount, 0);
}

/**
 * The seeded question courses, one per test include (named after the include's pool course
 * plus the tag), sized in proportion to the pool counts and never below them.
 */
function seededCourses(opts) {
  const incs = testIncludes();
  const poolTotal = minQuestions();
  const courses = incs.map((inc) => {
    const set = Object.values(SETS).find((s) => s.course === inc.pool.course);
    if (!set) throw new Error(`no question set for the pool course ${inc.pool.course}`);
    return {
      includeId: inc.includeId,
      name: `${inc.pool.course}${prefixes(opts.tag).courseSuffix}`,
      set,
      size: Math.max(
        inc.pool.questionCount,
        Math.floor((opts.questions * inc.pool.questionCount) / poolTotal),
      ),
    };
  });
  const biggest = courses.reduce((a, b) => (b.size > a.size ? b : a));
  biggest.size += opts.questions - courses.reduce((n, c) => n + c.size, 0);
  let start = 0;
  for (const c of courses) {
    c.start = start;
    start += c.size;
  }
  return courses;
}

/**
 * Everything decided once for a run (small: one byte per learner for each count array).
 * `takenQids`: the QIDs the bank holds already (the seeded questions take others).
 */
function plan(options, takenQids = new Set()) {
  const opts = normaliseOptions(options);
  const testCounts = spread(
    opts.tests,
    opts.learners,
    TEST_LIMITS.gradebookRetention,
    prng(opts.seed, 'test-counts'),
  );
  const orderCounts = spread(
    opts.orders,
    opts.learners,
    MAX_ORDERS_PER_LEARNER,
    prng(opts.seed, 'order-counts'),
    1.6,
  );
  return {
    ...opts,
    prefixes: prefixes(opts.tag),
    testCounts,
    orderCounts,
    courses: seededCourses(opts),
    includes: testIncludes(),
    qids: qidsFor(opts, takenQids),
    password: passwordCredential(opts.seed),
  };
}

/** QIDs for the seeded questions: a seeded order of the QID space, minus those taken. */
function qidsFor(opts, taken) {
  const rng = prng(opts.seed, 'qids');
  const order = Uint32Array.from({ length: QID_SPACE }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = order[i];
    order[i] = order[j];
    order[j] = t;
  }
  const out = [];
  for (let i = 0; i < order.length && out.length < opts.questions; i++) {
    const qid = qidAt(order[i]);
    if (!taken.has(qid)) out.push(qid);
  }
  if (out.length < opts.questions)
    throw new Error(`the bank has room for ${out.length} more questions, not ${opts.questions}`);
  return out;
}

// ---------------------------------------------------------------- questions (qbank)

const normalise = (text) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** Generator topics of a question set (as tools/seed/qbank-content.cjs picks them). */
function topicsOf(set) {
  const { COURSE_DEFINITIONS } = require('@examprep/generators');
  const def = COURSE_DEFINITIONS.find((c) => c.id === set.from);
  const out = [];
  for (const o of def.objectives)
    for (const t of o.topics)
      if (t.generate && t.answeredOn !== 'pump' && (!set.topicFilter || set.topicFilter(t.key)))
        out.push({ key: t.key, objective: `${o.section} - ${o.name}` });
  return out;
}

/**
 * Question n of the run (0 <= n < questions): its stored document (qbank `questions`), the
 * snapshot a test takes of it (PoolQuestion, as qbank's pool answers it) and a wrong answer.
 */
function questionAt(p, n) {
  const course = p.courses.find((c) => n >= c.start && n < c.start + c.size);
  const topics = (course.topics ??= topicsOf(course.set));
  const topic = topics[(n - course.start) % topics.length];
  const seed = hash32(`${p.seed}|question|${n}`) % 1_000_000_000;
  const item = generate(topic.key, seed);
  const at = new Date(YEAR_START - 30 * DAY + (n % 1440) * 60_000);
  const doc = {
    _id: p.qids[n],
    question: item.question,
    type: item.type,
    choices: item.choices,
    correctAnswer: item.correctAnswer,
    explanation: item.explanation,
    course: course.name,
    objective: topic.objective,
    media: { questionImage: null, explanationImage: null, video: null },
    rounding: item.rounding ?? null,
    generatedFrom: item.id,
    createdAt: at,
    updatedAt: at,
  };
  const pool = {
    qid: doc._id,
    type: doc.type,
    question: doc.question,
    choices: doc.type === 'blank' ? [] : [...doc.choices],
    correctAnswer: [...doc.correctAnswer],
    explanation: doc.explanation,
    course: doc.course,
    objective: doc.objective,
    rounding: doc.rounding ? { places: doc.rounding.places } : null,
    media: { ...doc.media },
    misconceptions: namedMisconceptions(doc, item.distractors ?? []),
    // as qbank's pool names it (from generatedFrom): the item statistics' error rates by topic
    topic: topic.key,
  };
  return { doc, pool, wrong: wrongAnswer(pool, item) };
}

/** qbank's namedMisconceptions for a question built from this generator item. */
function namedMisconceptions(q, distractors) {
  const choiceByKey = new Map(q.choices.map((c) => [normalise(c), c]));
  const out = [];
  const seen = new Set();
  for (const d of distractors) {
    const value = q.type === 'blank' ? d.value : choiceByKey.get(normalise(d.value));
    if (value === undefined || !d.misconception.trim()) continue;
    const key = normalise(value);
    if (seen.has(key) || isCorrectValue(q, value)) continue;
    seen.add(key);
    out.push({ value, misconception: d.misconception });
  }
  return out;
}

function isCorrectValue(q, value) {
  const type = q.type === 'blank' ? 'blank' : 'single';
  return q.correctAnswer.some((correct) =>
    checkAnswer({ type, correctAnswer: [correct], rounding: q.rounding }, [value]),
  );
}

/** An answer the one answer check grades incorrect: a named misconception, another choice. */
function wrongAnswer(q) {
  const candidates = [
    ...q.misconceptions.map((m) => m.value),
    ...q.choices.filter((c) => !q.correctAnswer.includes(c)),
  ];
  for (const value of candidates) if (!checkAnswer(q, [value])) return [value];
  if (q.type === 'blank') {
    const n = Number(q.correctAnswer[0]);
    for (const v of [n * 10 + 1, n + 7, -n - 3])
      if (Number.isFinite(v) && !checkAnswer(q, [String(v)])) return [String(v)];
  }
  throw new Error(`question ${q.qid}: no wrong answer found`);
}

/** Every question of the run, in order, built in batches (bounded: `size` at a time). */
function* questionBatches(p, size) {
  for (let start = 0; start < p.questions; start += size) {
    const batch = [];
    for (let n = start; n < Math.min(p.questions, start + size); n++) batch.push(questionAt(p, n));
    yield batch;
  }
}

// ---------------------------------------------------------------- learners

const FIRST = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Femi', 'Grace', 'Hiro', 'Isla', 'Jon'];
const LAST = ['Adams', 'Baker', 'Chen', 'Diaz', 'Evans', 'Fox', 'Garcia', 'Hughes', 'Ito', 'Khan'];

/**
 * The learners' password as Keycloak stores it (pbkdf2-sha512, 210,000 iterations, Keycloak's
 * default for the realm's policy): hashed once here, so an import of 100,000 users does not ask
 * Keycloak for 100,000 hashes. One salt for all (test data).
 */
function passwordCredential(seed, password = LEARNER_PASSWORD) {
  const salt = crypto.createHash('sha256').update(`salt|${seed}`).digest().subarray(0, 16);
  const iterations = 210_000;
  const value = crypto.pbkdf2Sync(password, salt, iterations, 64, 'sha512');
  return {
    type: 'password',
    createdDate: YEAR_START,
    secretData: JSON.stringify({
      value: value.toString('base64'),
      salt: salt.toString('base64'),
      additionalParameters: {},
    }),
    credentialData: JSON.stringify({
      hashIterations: iterations,
      algorithm: 'pbkdf2-sha512',
      additionalParameters: {},
    }),
  };
}

/** A time in [from, to), on the rng. */
const between = (rng, from, to) => Math.floor(from + rng.next() * Math.max(0, to - from));

/**
 * Learner i's documents: Keycloak user, identity user (and purchase view), catalog orders,
 * ledger snapshots and holdings, and their graded tests (tests, test_contents, test_answers).
 * `questionPool(courseIndex)` answers the PoolQuestions and wrong answers of a course.
 */
function learnerAt(p, i, questionPool, realm) {
  const rng = prng(p.seed, 'learner', i);
  const uid = learnerId(p.tag, i);
  const email = learnerEmail(p.tag, i);
  const signup = between(rng, YEAR_START, YEAR_START + (YEAR_END - YEAR_START) * 0.6);
  const firstName = rng.pick(FIRST);
  const lastName = rng.pick(LAST);
  const keycloak = {
    id: uid,
    username: email,
    email,
    emailVerified: true,
    enabled: true,
    firstName,
    lastName,
    createdTimestamp: signup,
    requiredActions: [],
    realmRoles: [`default-roles-${realm}`],
    credentials: [p.password],
  };
  // as identity's users.create stores it: mongoose leaves the empty `purchases: {}` out
  const user = {
    _id: uid,
    email,
    defaultDashboard: DEFAULT_DASHBOARD,
    infiniteQbankGenerations: rng.chance(0.3) ? rng.int(40) : 0,
    createdAt: new Date(signup),
    updatedAt: new Date(signup),
  };
  const commerce = ordersOf(p, i, rng, uid, email, signup);
  const tests = testsOf(p, i, rng, uid, signup, commerce.grantedAt, questionPool);
  const testCount = testCountOf(uid, tests);
  const directory = directoryEntryOf(user, commerce.purchaseView, testCount);
  return { uid, email, keycloak, user, ...commerce, tests, testCount, directory };
}

/**
 * The learner's entry in the identity service's user directory (ADR 0030) as its rebuild makes
 * it from the Keycloak account (verified, no admin), the user document, the purchase view and
 * the test count (identity's withAccount / withStored / withTests; generate.spec.ts holds them
 * equal): written with the rest, the rebuild asked for at the end finds nothing to write.
 */
function directoryEntryOf(user, purchaseView, testCount) {
  const purchases = effectivePurchases(user.purchases, purchaseView?.purchases);
  const qbankGenerations = user.infiniteQbankGenerations ?? 0;
  const tests = testCount?.n ?? 0;
  return {
    _id: user._id,
    email: user.email,
    emailDomain: user.email.slice(user.email.lastIndexOf('@') + 1),
    adminRank: 1,
    isAdmin: false,
    emailVerified: true,
    inAuth: true,
    inDatabase: true,
    authEmail: user.email,
    docEmail: user.email,
    // as identity stores it: mongoose leaves an empty `purchases: {}` out (minimize)
    ...(Object.keys(purchases).length > 0 ? { purchases } : {}),
    premium: PREMIUM_PRODUCT_IDS.some((id) => purchases[id] === true),
    qbankGenerations,
    hasQbank: qbankGenerations > 0,
    tests,
    hasTests: tests > 0,
    testsVersion: testCount?.version ?? 0,
    duplicate: false,
  };
}

/**
 * The learner's test_counts document as the testing service keeps it (issue 26): how many
 * tests they have, at version 1, changed when the newest was written; none without tests.
 */
function testCountOf(uid, tests) {
  if (tests.length === 0) return null;
  const at = Math.max(...tests.map((t) => t.test.lastUpdated.getTime()));
  return { _id: uid, n: tests.length, version: 1, at: new Date(at) };
}

/** Learner i's orders, the ledger they wrote and what the user holds after them. */
function ordersOf(p, i, rng, uid, email, signup) {
  const count = p.orderCounts[i];
  const paid = paidProducts();
  const held = new Set();
  const grantedAt = new Map();
  const orders = [];
  const snapshots = [];
  let entries = [];
  let t = signup;
  const record = (orderIdValue, changes, source, at) => {
    entries = [
      ...entries,
      ...changes.map((c, j) => ({
        key: `${orderIdValue}:${c.productId}:${c.action}`,
        seq: entries.length + j + 1,
        productId: c.productId,
        action: c.action,
        source,
        by: STRIPE_ACTOR,
        at: new Date(at),
        orderId: orderIdValue,
      })),
    ];
    const n = snapshots.length + 1;
    snapshots.push({
      _id: `${uid}#${n}`,
      uid,
      n,
      version: entries.length,
      entries,
      at: new Date(at),
    });
  };
  for (let k = 0; k < count; k++) {
    const id = orderId(p.tag, i, k);
    const free = paid.filter((pr) => !held.has(pr.id));
    // a learner holding everything buys nothing more: the order was canceled
    const roll = rng.next();
    const status = free.length === 0 || roll < 0.07 ? 'canceled' : roll < 0.1 ? 'refunded' : 'paid';
    const pool = free.length > 0 ? free : paid;
    const products = [rng.pick(pool)];
    if (pool.length > 1 && rng.chance(0.25)) {
      const second = rng.pick(pool.filter((pr) => pr.id !== products[0].id));
      products.push(second);
    }
    products.sort((a, b) => paid.indexOf(a) - paid.indexOf(b));
    t = between(rng, t, Math.min(YEAR_END, t + 60 * DAY));
    const created = t;
    const lines = products.map((pr) => ({
      productId: pr.id,
      name: pr.name,
      amountCents: Math.round(pr.price * 100),
    }));
    const q = quote(
      lines.map((l) => l.amountCents),
      false,
    );
    const sessionId = `cs_test_local_${rng.token(32)}`;
    const paidAt = status === 'canceled' ? null : created + 30_000 + rng.int(600_000);
    const refundedAt = status === 'refunded' ? between(rng, paidAt + DAY, paidAt + 14 * DAY) : null;
    const order = {
      _id: id,
      uid,
      email,
      productIds: products.map((pr) => pr.id),
      lines,
      subtotalCents: q.subtotalCents,
      discountCents: q.bundleDiscountCents,
      totalCents: q.totalCents,
      discountLabel: q.bundleDiscountCents > 0 ? BUNDLE_DISCOUNT_LABEL : null,
      couponCode: null,
      intendedProductType:
        products.length > 0 && products.every((pr) => pr.type === 'design') ? 'design' : 'math',
      currency: 'usd',
      status,
      sessionId,
      checkoutUrl: `http://localhost/dev-checkout/${sessionId}`,
      paymentIntentId: paidAt === null ? null : `pi_local_${rng.token(24)}`,
      fulfilment: paidAt === null ? 'none' : 'done',
      revocation: refundedAt === null ? 'none' : 'done',
      failureReason: null,
      paidAt: paidAt === null ? null : new Date(paidAt),
      refundedAt: refundedAt === null ? null : new Date(refundedAt),
      alreadyOwned: [],
      refund: 'none',
      refundCents: null,
      refundId: null,
      erasedAt: null,
      createdAt: new Date(created),
      updatedAt: new Date(refundedAt ?? paidAt ?? created + 1_800_000),
    };
    orders.push(order);
    if (paidAt !== null) {
      record(
        id,
        order.productIds.map((productId) => ({ productId, action: 'grant' })),
        'payment',
        paidAt,
      );
      for (const pid of order.productIds) {
        held.add(pid);
        grantedAt.set(pid, paidAt);
      }
    }
    if (refundedAt !== null) {
      record(
        id,
        order.productIds.map((productId) => ({ productId, action: 'revoke' })),
        'refund',
        refundedAt,
      );
      for (const pid of order.productIds) {
        held.delete(pid);
        grantedAt.delete(pid);
      }
      t = refundedAt;
    }
  }
  const last = snapshots[snapshots.length - 1];
  const heldIds = [...held].sort();
  return {
    orders,
    snapshots,
    holdings: last ? { _id: uid, held: heldIds, version: last.version, snapshot: last.n } : null,
    purchaseView: last
      ? {
          _id: uid,
          purchases: Object.fromEntries(heldIds.map((id) => [id, true])),
          version: last.version,
          at: last.at,
        }
      : null,
    grantedAt,
  };
}

/** Learner i's graded tests: include, snapshot, answers, grade. */
function testsOf(p, i, rng, uid, signup, grantedAt, questionPool) {
  const count = p.testCounts[i];
  const open = p.includes.filter((inc) => inc.free || grantedAt.has(inc.product.id));
  const out = [];
  if (count === 0) return out;
  // a learner's ability: most between 55 and 90 %
  const ability = 0.45 + 0.5 * Math.sqrt(rng.next());
  for (let k = 0; k < count; k++) {
    const inc = weightedPick(rng, open);
    const from = inc.free ? signup : grantedAt.get(inc.product.id);
    const start = between(rng, from, YEAR_END - 6 * 3_600_000);
    const courseIndex = p.courses.findIndex((c) => c.includeId === inc.includeId);
    const { questions, wrong } = questionPool(courseIndex);
    const size = Math.min(inc.pool.questionCount, questions.length, TEST_LIMITS.maxQuestions);
    const snapshot = sample(rng, questions.length, size)
      .sort((a, b) => (questions[a].qid < questions[b].qid ? -1 : 1))
      .map((j) => ({ q: questions[j], wrong: wrong[j] }));
    out.push(gradedTest(p, inc, rng, uid, testId(p.tag, i, k), start, snapshot, ability));
  }
  return out;
}

function weightedPick(rng, includes) {
  const total = includes.reduce((n, inc) => n + (INCLUDE_WEIGHT[inc.includeId] ?? 1), 0);
  let r = rng.next() * total;
  for (const inc of includes) {
    r -= INCLUDE_WEIGHT[inc.includeId] ?? 1;
    if (r < 0) return inc;
  }
  return includes[includes.length - 1];
}

/** `k` distinct indices of [0, n) (Floyd's algorithm: O(k)). */
function sample(rng, n, k) {
  const chosen = new Set();
  for (let j = n - k; j < n; j++) {
    const t = rng.int(j + 1);
    chosen.add(chosen.has(t) ? j : t);
  }
  return [...chosen];
}

/** One completed test: the tests document, its snapshot and its answer sheet. */
function gradedTest(p, inc, rng, uid, id, start, snapshot, ability) {
  const full = inc.mode === 'full';
  const answers = {};
  const byObjective = new Map();
  let correct = 0;
  let incorrect = 0;
  let t = start;
  for (const { q, wrong } of snapshot) {
    t += 20_000 + rng.int(100_000);
    const answered = rng.chance(full ? 0.97 : 0.93);
    const flagged = rng.chance(0.03);
    let status = 'unanswered';
    if (answered) {
      const right = rng.chance(ability);
      const given = right ? [...q.correctAnswer] : [...wrong];
      status = checkAnswer(q, given) ? 'correct' : 'incorrect';
      const at = new Date(t);
      answers[q.qid] = full
        ? {
            submittedAnswer: given,
            isSubmitted: true,
            status,
            gradedAt: at,
            gradedBy: GRADED_BY_SYSTEM,
            savedAt: at,
          }
        : { submittedAnswer: given, savedAt: at };
      if (flagged) answers[q.qid].flagged = true;
    } else if (flagged) answers[q.qid] = { flagged: true };
    const objective = q.objective || 'Other';
    let row = byObjective.get(objective);
    if (!row) {
      row = { objective, correct: 0, incorrect: 0, unanswered: 0, total: 0 };
      byObjective.set(objective, row);
    }
    row[status]++;
    row.total++;
    if (status === 'correct') correct++;
    if (status === 'incorrect') incorrect++;
  }
  const total = snapshot.length;
  const submitted = new Date(t + 5_000 + rng.int(60_000));
  const test = {
    _id: id,
    userId: uid,
    productId: inc.product.id,
    testProductId: inc.includeId,
    includeId: inc.includeId,
    productName: inc.product.name,
    instructions: inc.instructions,
    mode: inc.mode,
    completed: true,
    createdAt: new Date(start),
    lastUpdated: submitted,
    submittedAt: submitted,
    totalQuestions: total,
    finalScore: total === 0 ? 0 : Math.round((100 * correct) / total),
    correctCount: correct,
    incorrectCount: incorrect,
    unansweredCount: total - correct - incorrect,
    answeredCount: correct + incorrect,
    objectives: [...byObjective.values()],
    timer: null,
    timerEndsAt: null,
    // graded above by checkAnswer's current rules, as the testing service records (ADR 0036)
    answerRules: ANSWER_RULES_VERSION,
  };
  return {
    test,
    // as testing writes it: the snapshot as one JSON text (test.schema.ts TestContentRecord)
    content: { _id: id, userId: uid, questionsJson: JSON.stringify(snapshot.map((s) => s.q)) },
    sheet: { _id: id, userId: uid, answers },
  };
}

module.exports = {
  LEARNER_PASSWORD,
  EMAIL_DOMAIN,
  DEFAULT_TAG,
  TAG_PATTERN,
  YEAR_START,
  YEAR_END,
  MAX_ORDERS_PER_LEARNER,
  hash32,
  prng,
  prefixes,
  learnerId,
  learnerEmail,
  testId,
  orderId,
  normaliseOptions,
  minQuestions,
  spread,
  plan,
  questionAt,
  questionBatches,
  learnerAt,
  passwordCredential,
};
