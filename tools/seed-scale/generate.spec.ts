// The scale data set's generator: deterministic, the shapes each service's mongoose schema
// stores (no field missing, none extra), and consistent with the services' own pure rules
// (grading, pool snapshots and named misconceptions, pricing, the entitlement ledger).
import { isDeepStrictEqual } from 'node:util';
import mongoose, { type Schema } from 'mongoose';
import {
  answerRulesOf,
  CHECKOUT_SESSION_ID_PATTERN,
  QID_PATTERN,
  TEST_ID_PATTERN,
  TEST_LIMITS,
} from '@examprep/contracts';
import { UserSchema } from '../../apps/identity/src/users/user.schema';
import { PurchaseViewSchema } from '../../apps/identity/src/users/purchase-view.schema';
import { DirectorySchema } from '../../apps/identity/src/directory/directory.schema';
import {
  emptyEntry,
  withAccount,
  withStored,
  withTests,
} from '../../apps/identity/src/directory/directory-entry';
import {
  TestAnswerSheetSchema,
  TestContentSchema,
  snapshotOf,
  TestSchema,
} from '../../apps/testing/src/exams/test.schema';
import { gradeTest } from '../../apps/testing/src/exams/grading';
import { TestCountSchema } from '../../apps/testing/src/exams/test-count.schema';
import { QuestionSchema } from '../../apps/qbank/src/questions/question.schema';
import { toPoolQuestion } from '../../apps/qbank/src/pool/pool.service';
import { namedMisconceptions } from '../../apps/qbank/src/pool/misconceptions.util';
import { OrderSchema } from '../../apps/catalog/src/checkout/order.schema';
import { priceOrder } from '../../apps/catalog/src/checkout/order-pricing';
import {
  HoldingsSchema,
  LedgerSnapshotSchema,
} from '../../apps/catalog/src/entitlements/entitlement.schema';
import {
  foldEntries,
  paymentChanges,
  refundChanges,
} from '../../apps/catalog/src/entitlements/ledger';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const gen = require('./generate.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const writer = require('./seed-scale.cjs');
const { removalFilters, tagMatches, parseArgs, COLLECTIONS, INDEXES, REMOVE_ORDER } = writer;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { toSjson } = require('./ferretdb-pg.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { PRODUCTS } = require('../seed/catalog-content.cjs');

type Doc = Record<string, unknown> & { _id: string };
const SIZE = { learners: 300, tests: 1200, questions: 800, orders: 300, seed: 'spec', tag: 'abcd' };

/** Learner bundles of a plan, with the question pools the writer builds. */
function build(options = SIZE, taken = new Set<string>()) {
  const p = gen.plan(options, taken);
  const questions: { doc: Doc; pool: Doc; wrong: string[] }[] = [];
  for (const batch of gen.questionBatches(p, 250)) questions.push(...batch);
  const byCourse = p.courses.map((c: { start: number; size: number }) => ({
    questions: questions.slice(c.start, c.start + c.size).map((q) => q.pool),
    wrong: questions.slice(c.start, c.start + c.size).map((q) => q.wrong),
  }));
  const learner = (i: number) => gen.learnerAt(p, i, (c: number) => byCourse[c], 'examprep');
  return { p, questions, learner };
}

const a = build();
const learners = Array.from({ length: SIZE.learners }, (_, i) => a.learner(i));
const all = <T>(pick: (l: (typeof learners)[number]) => T | T[] | null) =>
  learners.flatMap((l) => pick(l) ?? []) as T[];

/**
 * The document as the service's model holds it: valid, nothing dropped (strict schemas drop
 * unknown fields) and nothing added (a default the generator forgot).
 */
function expectStoredShape(schema: Schema, name: string, doc: Doc) {
  const Model =
    mongoose.models[name] ?? mongoose.model(name, schema.clone(), `spec_${name.toLowerCase()}`);
  const m = new Model(doc);
  expect(m.validateSync()).toBeUndefined();
  const stored = m.toObject({ depopulate: true, flattenMaps: false });
  expect(JSON.parse(JSON.stringify(stored))).toEqual(JSON.parse(JSON.stringify(doc)));
}

describe('seed-scale generator', () => {
  it('is deterministic: the same seed gives the same ids and documents', () => {
    const b = build();
    for (const i of [0, 1, 17, 150, 299]) expect(b.learner(i)).toEqual(learners[i]);
    expect(b.questions.map((q) => q.doc)).toEqual(a.questions.map((q) => q.doc));
    const other = build({ ...SIZE, seed: 'another' });
    expect(other.learner(3).tests).not.toEqual(learners[3].tests);
  });

  it('spreads tests and orders with a heavy tail, exactly the counts asked, retention respected', () => {
    const tests = Array.from(a.p.testCounts as Uint8Array);
    expect(tests.reduce((x, y) => x + y, 0)).toBe(SIZE.tests);
    expect(Math.max(...tests)).toBe(TEST_LIMITS.gradebookRetention);
    const none = tests.filter((c) => c === 0).length;
    const many = tests.filter((c) => c >= 8).length;
    expect(none).toBeGreaterThan(SIZE.learners * 0.1);
    expect(many).toBeGreaterThan(SIZE.learners * 0.05);
    expect(all((l) => l.tests)).toHaveLength(SIZE.tests);
    const orders = Array.from(a.p.orderCounts as Uint8Array);
    expect(orders.reduce((x, y) => x + y, 0)).toBe(SIZE.orders);
    expect(all((l) => l.orders)).toHaveLength(SIZE.orders);
    expect(() => gen.normaliseOptions({ learners: 10, tests: 101 })).toThrow(/retention/);
  });

  it('spreads dates over the school year', () => {
    const dates = all((l) => l.tests).map((t: { test: Doc }) =>
      (t.test.createdAt as Date).getTime(),
    );
    expect(Math.min(...dates)).toBeGreaterThanOrEqual(gen.YEAR_START);
    expect(Math.max(...dates)).toBeLessThanOrEqual(gen.YEAR_END);
    const months = new Set(dates.map((d) => new Date(d).getUTCMonth()));
    expect(months.size).toBeGreaterThanOrEqual(9);
  });

  it('writes the shapes of the identity, testing, qbank and catalog schemas', () => {
    for (const q of a.questions.slice(0, 50)) expectStoredShape(QuestionSchema, 'Question', q.doc);
    for (const l of learners.slice(0, 60)) {
      expectStoredShape(UserSchema, 'User', l.user);
      if (l.purchaseView) expectStoredShape(PurchaseViewSchema, 'PurchaseView', l.purchaseView);
      expectStoredShape(DirectorySchema, 'Directory', l.directory);
      if (l.holdings) expectStoredShape(HoldingsSchema, 'Holdings', l.holdings);
      for (const s of l.snapshots) expectStoredShape(LedgerSnapshotSchema, 'Snapshot', s);
      for (const o of l.orders) expectStoredShape(OrderSchema, 'Order', o);
      for (const t of l.tests) {
        expectStoredShape(TestSchema, 'Test', t.test);
        expectStoredShape(TestContentSchema, 'TestContent', t.content);
        expectStoredShape(TestAnswerSheetSchema, 'TestAnswerSheet', t.sheet);
      }
    }
  });

  it("writes each directory entry as identity's rebuild makes it (ADR 0030), field order included", () => {
    let premium = 0;
    let withTestsToo = 0;
    for (const l of learners) {
      // the account as Keycloak has it (verified, not an admin), the document and the view,
      // then the testing service's count, as the rebuild and the testsCounted fact apply them
      let entry = withStored(
        withAccount(emptyEntry(l.uid), { email: l.email, emailVerified: true, isAdmin: false }),
        { doc: l.user, view: l.purchaseView },
      );
      if (l.testCount) entry = withTests(entry, l.testCount.n, l.testCount.version);
      // stored through mongoose, which leaves an empty `purchases` out (minimize)
      const { purchases, ...rest } = entry;
      const stored = Object.keys(purchases).length > 0 ? entry : rest;
      expect(l.directory).toEqual(stored);
      expect(Object.keys(l.directory)).toEqual(Object.keys(stored));
      if (entry.premium) premium++;
      if (entry.hasTests) withTestsToo++;
    }
    // both kinds are in the sample
    expect(premium).toBeGreaterThan(0);
    expect(premium).toBeLessThan(learners.length);
    expect(withTestsToo).toBeGreaterThan(0);
  });

  it('gives ids the services accept, each recognisable by the tag', () => {
    const pre = gen.prefixes(SIZE.tag);
    for (const l of learners.slice(0, 50)) {
      expect(l.uid).toMatch(/^[a-z0-9-]{1,64}$/);
      expect(l.uid.startsWith(pre.uid)).toBe(true);
      expect(l.email.endsWith(pre.emailSuffix)).toBe(true);
      expect(l.keycloak).toMatchObject({ id: l.uid, username: l.email, emailVerified: true });
      for (const t of l.tests) {
        expect(t.test._id).toMatch(TEST_ID_PATTERN);
        expect(t.test._id.startsWith(pre.testId)).toBe(true);
      }
      for (const o of l.orders) {
        expect(o._id).toMatch(/^ord_[A-Za-z0-9]{24}$/);
        expect(o._id.startsWith(pre.orderId)).toBe(true);
        expect(o.sessionId).toMatch(CHECKOUT_SESSION_ID_PATTERN);
      }
    }
    for (const q of a.questions) {
      expect(q.doc._id).toMatch(QID_PATTERN);
      expect((q.doc.course as string).endsWith(pre.courseSuffix)).toBe(true);
    }
    expect(new Set(a.questions.map((q) => q.doc._id)).size).toBe(SIZE.questions);
    expect(new Set(all((l) => l.tests).map((t: { test: Doc }) => t.test._id)).size).toBe(
      SIZE.tests,
    );
  });

  it('leaves the QIDs the bank holds already alone', () => {
    const taken = new Set(a.questions.slice(0, 100).map((q) => q.doc._id));
    const b = gen.plan(SIZE, taken);
    expect(b.qids.filter((q: string) => taken.has(q))).toEqual([]);
    expect(new Set(b.qids).size).toBe(SIZE.questions);
  });

  it("snapshots questions as qbank's pool does and grades them as the testing service does", () => {
    for (const q of a.questions.slice(0, 200)) {
      const doc = q.doc as never as Parameters<typeof toPoolQuestion>[0];
      const expected = toPoolQuestion(
        doc,
        namedMisconceptions({
          type: doc.type,
          choices: doc.choices,
          correctAnswer: doc.correctAnswer,
          rounding: doc.rounding,
          generatedFrom: doc.generatedFrom,
        }),
      );
      expect(q.pool).toEqual(expected);
    }
    let correct = 0;
    let answered = 0;
    for (const { test, content, sheet } of all((l) => l.tests).slice(0, 400) as {
      test: Doc & { mode: 'full' | 'practice'; answerRules?: 1 | 2 };
      content: { questionsJson: string };
      sheet: { answers: Record<string, Record<string, unknown>> };
    }[]) {
      const questions = snapshotOf(content);
      const answers = new Map(
        Object.entries(sheet.answers).map(([qid, e]) => [
          qid,
          {
            submittedAnswer: (e.submittedAnswer as string[]) ?? [],
            isSubmitted: (e.isSubmitted as boolean) ?? false,
            status: (e.status as 'correct') ?? 'unanswered',
          },
        ]),
      );
      const grade = gradeTest(test.mode, questions, answers, answerRulesOf(test));
      expect(test).toMatchObject(grade);
      expect(test.totalQuestions).toBe(questions.length);
      const qids = questions.map((q) => q.qid);
      expect(qids).toEqual([...qids].sort());
      expect(new Set(qids).size).toBe(qids.length);
      correct += grade.correctCount;
      answered += grade.answeredCount;
    }
    // learners get most but not all answers right
    expect(correct / answered).toBeGreaterThan(0.5);
    expect(correct / answered).toBeLessThan(0.95);
  });

  it('takes paid tests only with the product held, after it was granted', () => {
    for (const l of learners) {
      for (const t of l.tests) {
        const product = PRODUCTS.find((p: { id: string }) => p.id === t.test.productId);
        if (!(product.price > 0)) continue;
        expect(l.holdings?.held).toContain(product.id);
        const grant = l.snapshots
          .flatMap((s: { entries: Doc[] }) => s.entries)
          .find((e: Doc) => e.productId === product.id && e.action === 'grant');
        expect((t.test.createdAt as Date).getTime()).toBeGreaterThanOrEqual(
          (grant.at as Date).getTime(),
        );
      }
    }
  });

  it('prices orders and records the ledger as the catalog does', () => {
    let paid = 0;
    let refunded = 0;
    for (const l of learners) {
      let entries: { key: string; seq: number; productId: string; action: string }[] = [];
      const snapshots = [...l.snapshots];
      for (const o of l.orders) {
        const products = o.productIds.map((id: string) => PRODUCTS.find((p: Doc) => p.id === id));
        const priced = priceOrder(products, null);
        expect(o).toMatchObject({
          lines: priced.lines,
          subtotalCents: priced.subtotalCents,
          discountCents: priced.discountCents,
          totalCents: priced.totalCents,
          discountLabel: priced.discountLabel,
        });
        if (o.status === 'canceled') continue;
        paid++;
        const grants = paymentChanges(entries as never, o._id, o.productIds);
        expect(grants.every((c) => c.action === 'grant')).toBe(true);
        const snap = snapshots.shift();
        expect(snap.entries.slice(entries.length).map((e: Doc) => [e.productId, e.action])).toEqual(
          grants.map((c) => [c.productId, c.action]),
        );
        entries = snap.entries;
        if (o.status === 'refunded') {
          refunded++;
          const revokes = refundChanges(entries as never, o._id, o.productIds);
          const next = snapshots.shift();
          expect(
            next.entries.slice(entries.length).map((e: Doc) => [e.productId, e.action]),
          ).toEqual(revokes.map((c) => [c.productId, c.action]));
          entries = next.entries;
        }
      }
      expect(snapshots).toEqual([]);
      expect(entries.map((e) => e.seq)).toEqual(entries.map((_, k) => k + 1));
      if (l.holdings) {
        expect(foldEntries(entries as never)).toEqual(l.purchaseView.purchases);
        expect(Object.keys(foldEntries(entries as never))).toEqual(l.holdings.held);
        expect(l.holdings.version).toBe(entries.length);
        expect(l.purchaseView.version).toBe(entries.length);
      } else expect(entries).toEqual([]);
    }
    expect(paid).toBeGreaterThan(0);
    expect(refunded).toBeGreaterThan(0);
  });

  it("writes each learner's test_counts document as the testing service keeps it (issue 26)", () => {
    let sum = 0;
    for (const l of learners) {
      if (l.tests.length === 0) {
        expect(l.testCount).toBeNull();
        continue;
      }
      expectStoredShape(TestCountSchema, 'TestCount', l.testCount!);
      expect(l.testCount).toMatchObject({ _id: l.uid, n: l.tests.length, version: 1 });
      sum += l.testCount!.n as number;
    }
    expect(sum).toBe(SIZE.tests);
  });

  /** What a removal filter matches ($regex, or a string range $gte/$lt), as the store would. */
  const matchesFilter = (
    filter: Record<string, { $regex?: string; $gte?: string; $lt?: string }>,
    doc: Doc,
  ) =>
    Object.entries(filter).every(([field, cond]) => {
      const v = doc[field];
      if (cond.$regex !== undefined) return new RegExp(cond.$regex).test(String(v));
      return typeof v === 'string' && v >= cond.$gte! && v < cond.$lt!;
    });

  it("--remove's filters match the tag's records only", () => {
    const f = removalFilters(SIZE.tag);
    // every collection written has a filter and a place in the removal
    expect(Object.keys(f).sort()).toEqual(Object.keys(COLLECTIONS).sort());
    expect([...REMOVE_ORDER].sort()).toEqual(Object.keys(COLLECTIONS).sort());
    const matches = matchesFilter;
    const l = learners.find((x) => x.orders.length > 0 && x.tests.length > 0)!;
    expect(matches(f.users, l.user)).toBe(true);
    expect(matches(f.tests, l.tests[0].test)).toBe(true);
    expect(matches(f.orders, l.orders[0])).toBe(true);
    expect(matches(f.snapshots, l.snapshots[0])).toBe(true);
    expect(matches(f.testCounts, l.testCount!)).toBe(true);
    expect(matches(f.questions, a.questions[0].doc)).toBe(true);
    // another tag, the demo seed's users and questions, ids the services make
    const other = removalFilters('abce');
    expect(matches(other.users, l.user)).toBe(false);
    expect(matches(other.tests, l.tests[0].test)).toBe(false);
    expect(matches(other.questions, a.questions[0].doc)).toBe(false);
    expect(matches(f.users, { _id: '5eed0001-0000-4000-8000-00000000a002' })).toBe(false);
    expect(matches(f.questions, { _id: 'AB12', course: 'TEAS Math QBank' })).toBe(false);
    expect(matches(f.tests, { _id: 'Xq3k9ZZp0aQw1LmN8rTy' })).toBe(false);
    expect(matches(f.orders, { _id: 'ord_Xq3k9ZZp0aQw1LmN8rTyabcd' })).toBe(false);
  });

  it('--remove and --count on PostgreSQL match what the filters match (the fast path)', () => {
    type Match = { idPrefix?: string; field?: string; suffix?: string };
    const test = (m: Match, doc: Doc) =>
      m.idPrefix ? doc._id.startsWith(m.idPrefix) : String(doc[m.field!]).endsWith(m.suffix!);
    const asRegex = matchesFilter;
    const docs: Record<string, Doc[]> = {
      questions: [a.questions[0].doc, { _id: 'AB12', course: 'TEAS Math QBank' }],
      users: all((l) => l.user),
      purchaseViews: all((l) => l.purchaseView),
      directory: all((l) => l.user),
      orders: all((l) => l.orders),
      snapshots: all((l) => l.snapshots),
      holdings: all((l) => l.holdings),
      contents: all((l) => l.tests.map((t: { content: Doc }) => t.content)),
      sheets: all((l) => l.tests.map((t: { sheet: Doc }) => t.sheet)),
      tests: all((l) => l.tests.map((t: { test: Doc }) => t.test)),
      testCounts: all((l) => l.testCount),
    };
    for (const tag of [SIZE.tag, 'abce']) {
      const m = tagMatches(tag);
      const f = removalFilters(tag);
      expect(Object.keys(m).sort()).toEqual(Object.keys(COLLECTIONS).sort());
      for (const [kind, list] of Object.entries(docs))
        for (const d of list.slice(0, 20))
          expect([kind, d._id, test(m[kind], d)]).toEqual([kind, d._id, asRegex(f[kind], d)]);
    }
  });

  it("makes the indexes each service's schema declares on the collections it seeds", () => {
    const schemas: Record<string, Schema> = {
      questions: QuestionSchema,
      users: UserSchema,
      purchaseViews: PurchaseViewSchema,
      directory: DirectorySchema,
      orders: OrderSchema,
      snapshots: LedgerSnapshotSchema,
      holdings: HoldingsSchema,
      contents: TestContentSchema,
      sheets: TestAnswerSheetSchema,
      tests: TestSchema,
      testCounts: TestCountSchema,
    };
    expect(Object.keys(INDEXES).sort()).toEqual(Object.keys(COLLECTIONS).sort());
    for (const [kind, schema] of Object.entries(schemas))
      expect([kind, INDEXES[kind]]).toEqual([kind, schema.indexes()]);
  });

  it("encodes every document for the COPY path (FerretDB's form on PostgreSQL)", () => {
    const docs: object[] = [
      ...a.questions.map((q) => q.doc),
      ...learners.flatMap((l) => [
        l.user,
        ...(l.purchaseView ? [l.purchaseView] : []),
        ...(l.holdings ? [l.holdings] : []),
        ...(l.testCount ? [l.testCount] : []),
        ...l.orders,
        ...l.snapshots,
        ...l.tests.flatMap((t: { test: Doc; content: Doc; sheet: Doc }) => [
          t.test,
          t.content,
          t.sheet,
        ]),
      ]),
    ];
    for (const d of docs) expect(() => JSON.parse(toSjson(d))).not.toThrow();
  });

  it('parses the command line', () => {
    expect(parseArgs(['--learners', '100_000', '--tests=1000000', '--remove'])).toEqual({
      profile: 'dev',
      learners: 100_000,
      tests: 1_000_000,
      remove: true,
    });
    expect(parseArgs(['--no-copy'])).toEqual({ profile: 'dev', copy: false });
    expect(() => parseArgs(['--profile', 'prod'])).toThrow(/dev or test/);
    expect(() => parseArgs(['--learners', 'many'])).toThrow(/whole number/);
    expect(() => parseArgs(['--bogus', '1'])).toThrow(/unknown option/);
    expect(isDeepStrictEqual(gen.normaliseOptions({ learners: 5 }).learners, 5)).toBe(true);
  });
});
