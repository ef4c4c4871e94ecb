// CI_FULL=1 smoke (issue 26): the test system with 10x the demo seed's data of its own tag
// (f011): times a learner route (GET /api/gradebook of the learner with the most tests) and
// an admin list (GET /api/admin/users), checks both answer, and removes the data. Skipped
// unless CI_FULL=1 (npm test's integration tier runs it then). Figures are printed and
// written to .infra/test-results/seed-scale-smoke.json.
import * as fs from 'node:fs';
import * as path from 'node:path';
import { adminToken, databases, get, model, tokenOf } from './support';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { seedScale, removeScale, countScale } = require('../seed-scale.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const gen = require('../generate.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { seedQuestions } = require('../../seed/qbank-content.cjs');

const full = process.env.CI_FULL === '1';
const TAG = 'f011';
/**
 * 10x the demo seed: its question bank ten times over; the demo seed has no learners, tests or
 * orders, so 1,000 learners (10x a school's 100), 5,000 graded tests and 1,000 orders.
 */
const SIZE = {
  profile: 'test',
  tag: TAG,
  // the admin API: the file path stops Keycloak, which the suites running beside use
  keycloak: 'api',
  seed: 'seed-scale-ci-full',
  learners: 1000,
  tests: 5000,
  questions: 10 * seedQuestions().length,
  orders: 1000,
  log: (m: string) => process.stderr.write(`[seed-scale] ${m}\n`),
};
const TIMINGS = 5;
const clean = (counts: Record<string, number>) => Object.values(counts).every((n) => n === 0);
const summary = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return { median: Math.round(s[Math.floor(s.length / 2)]), max: Math.round(s[s.length - 1]) };
};

(full ? describe : describe.skip)('CI_FULL smoke: 10x the demo data (seed-scale)', () => {
  const figures: Record<string, unknown> = { size: { ...SIZE } };

  beforeAll(async () => {
    if (!clean(await countScale(SIZE))) await removeScale({ ...SIZE, log: () => undefined });
    const seeded = await seedScale({ ...SIZE, progressMs: 60_000 });
    figures.seedSeconds = Math.round(seeded.seconds);
  }, 1_800_000);

  afterAll(async () => {
    const removed = await removeScale(SIZE);
    figures.removeSeconds = Math.round(removed.seconds);
    figures.left = await countScale(SIZE);
    const out = path.join(model.repoRoot, '.infra', 'test-results', 'seed-scale-smoke.json');
    fs.mkdirSync(path.dirname(out), { recursive: true });
    fs.writeFileSync(out, `${JSON.stringify(figures, null, 2)}\n`);
    process.stderr.write(`[seed-scale smoke] ${JSON.stringify(figures)}\n`);
    expect(clean(figures.left as Record<string, number>)).toBe(true);
  }, 1_800_000);

  it("answers the learner's gradebook (the learner with the most tests)", async () => {
    const dbs = await databases();
    const [top] = await dbs
      .db('testing')
      .collection('tests')
      .aggregate<{ _id: string; n: number }>([
        { $match: { _id: { $regex: `^${gen.prefixes(TAG).testId}` } } },
        { $group: { _id: '$userId', n: { $sum: 1 } } },
        { $sort: { n: -1, _id: 1 } },
        { $limit: 1 },
      ])
      .toArray();
    const user = await dbs
      .db('identity')
      .collection('users')
      .findOne({ _id: top._id } as never);
    await dbs.close();
    const token = await tokenOf(user!.email as string, gen.LEARNER_PASSWORD);
    const ms: number[] = [];
    for (let i = 0; i < TIMINGS; i++) {
      const r = await get<{ tests: unknown[] }>('/api/gradebook', token);
      expect(r.status).toBe(200);
      expect(r.body.tests).toHaveLength(top.n);
      ms.push(r.ms);
    }
    figures.gradebookMs = summary(ms);
  }, 300_000);

  it('answers the admin list of users', async () => {
    const token = await adminToken();
    const ms: number[] = [];
    for (let i = 0; i < TIMINGS; i++) {
      const r = await get('/api/admin/users', token);
      expect(r.status).toBe(200);
      ms.push(r.ms);
    }
    figures.adminUsersMs = summary(ms);
  }, 300_000);
});
