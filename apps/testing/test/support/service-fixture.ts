import type { Actor, PoolAnswer, PoolQuestion, Product } from '@examprep/contracts';
import type { PeerCalls } from '../../src/peers/peers';
import { AnswersService } from '../../src/exams/answers.service';
import type { Clock } from '../../src/exams/clock';
import { TestCounts } from '../../src/exams/test-counts';
import { TestLocks } from '../../src/exams/test-locks';
import { TestStore } from '../../src/exams/test-store';
import { TestsService } from '../../src/exams/tests.service';
import { SubmittedFacts } from '../../src/item-stats/submitted-facts';
import { FakeEventBus } from './fake-event-bus';
import { FakeItemStatsRepository } from './fake-item-stats.repository';
import { FakeTestCountsRepository } from './fake-test-counts.repository';
import { FakeTestLeasesRepository } from './fake-test-leases.repository';
import { FakeTestsRepository } from './fake-tests.repository';

export const learner: Actor = {
  uid: 'u1',
  email: 'l@examprep.test',
  isAdmin: false,
  emailVerified: true,
};
export const other: Actor = {
  uid: 'u2',
  email: 'o@examprep.test',
  isAdmin: false,
  emailVerified: true,
};
export const admin: Actor = {
  uid: 'a1',
  email: 'a@examprep.test',
  isAdmin: true,
  emailVerified: true,
};

const includes = (
  list: {
    id: string;
    kind: string;
    mode: string | null;
    pool: { course: string; questionCount: number } | null;
    instructions?: string;
  }[],
) => ({
  name: list.map((i) => i.id),
  description: list.map(() => ''),
  id: list.map((i) => i.id),
  link: list.map(() => ''),
  linkText: list.map(() => ''),
  course: '',
  instructions: list.map((i) => i.instructions ?? ''),
  kind: list.map((i) => i.kind),
  mode: list.map((i) => i.mode),
  pool: list.map((i) => i.pool),
});

/** A full test of the free sample (create-test input). */
export const sample = {
  productId: 'teas_math_sample_qbank',
  includeId: 'teas_math_sample_qbank',
  mode: 'full' as const,
};
/** A practice test of the TEAS Math QBank (create-test input); `learner` owns it. */
export const practice = {
  productId: 'teas_math_qbank',
  includeId: 'teas_math_qbank_practice',
  mode: 'practice' as const,
};
/** What the fake catalog says `learner` (u1) holds. */
export const owned = ['u1:teas_math_qbank'];

export const CATALOGUE = [
  {
    id: 'teas_math_sample_qbank',
    name: 'TEAS Math Sample QBank',
    price: 0,
    instructions: 'Product instructions',
    includes: includes([
      {
        id: 'teas_math_sample_qbank',
        kind: 'test',
        mode: 'full',
        pool: { course: 'Sample', questionCount: 3 },
        instructions: 'Check as you go.',
      },
    ]),
  },
  {
    id: 'teas_math_qbank',
    name: 'TEAS Math QBank',
    price: 20,
    instructions: 'QBank instructions',
    includes: includes([
      {
        id: 'teas_math_qbank_full',
        kind: 'test',
        mode: 'full',
        pool: { course: 'Full', questionCount: 3 },
      },
      {
        id: 'teas_math_qbank_practice',
        kind: 'test',
        mode: 'practice',
        pool: { course: 'Practice', questionCount: 4 },
      },
      { id: 'teas_math_workbook', kind: 'workbook', mode: null, pool: null },
    ]),
  },
] as unknown as Product[];

export const poolQuestion = (qid: string, over: Partial<PoolQuestion> = {}): PoolQuestion => ({
  qid,
  type: 'single',
  question: `Question ${qid}`,
  choices: ['1', '2', '3', '4'],
  correctAnswer: ['2'],
  explanation: `Explanation ${qid}`,
  course: 'C',
  objective: qid < 'AA03' ? 'Fractions' : 'Ratios',
  rounding: null,
  media: { questionImage: null, explanationImage: null, video: null },
  misconceptions: [{ value: '3', misconception: 'you multiplied by 60 instead of dividing' }],
  ...over,
});

export class FakeClock implements Clock {
  constructor(public current = new Date('2026-03-01T10:00:00.000Z')) {}
  now(): Date {
    return new Date(this.current);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/**
 * The services over a fake repository, fake peers (catalogue above; paid = owned by u1) and a
 * clock. `store`/`leases`: another replica's fakes to share (same store, same leases).
 */
export function setup(
  options: {
    owned?: string[];
    pool?: (course: string, count: number) => PoolQuestion[];
    repo?: FakeTestsRepository;
    leases?: FakeTestLeasesRepository;
    counts?: FakeTestCountsRepository;
    bus?: FakeEventBus;
    /** The item statistics' store: with it, submits record and publish their facts (ADR 0037). */
    itemStats?: FakeItemStatsRepository;
  } = {},
) {
  const repo = options.repo ?? new FakeTestsRepository();
  const countsRepo = options.counts ?? new FakeTestCountsRepository();
  const bus = options.bus ?? new FakeEventBus();
  const leases = options.leases ?? new FakeTestLeasesRepository();
  const clock = new FakeClock();
  const owned = new Set(options.owned ?? []);
  const draw = jest.fn(async (course: string, count: number): Promise<PoolAnswer> => {
    const questions = (
      options.pool ??
      ((_c, n) =>
        Array.from({ length: n }, (_, i) => poolQuestion(`AA${String(i + 1).padStart(2, '0')}`)))
    )(course, count);
    return { questions, available: questions.length };
  });
  const peers: PeerCalls & { draw: jest.Mock; hasAccess: jest.Mock } = {
    products: jest.fn(async () => CATALOGUE),
    hasAccess: jest.fn(async (actor: Actor, productId: string) => {
      const p = CATALOGUE.find((x) => x.id === productId);
      return !!p && (p.price === 0 || owned.has(`${actor.uid}:${productId}`));
    }),
    draw,
  };
  const locks = new TestLocks(leases);
  const counts = new TestCounts(countsRepo, repo, clock, bus);
  const facts = options.itemStats ? new SubmittedFacts(options.itemStats, bus) : undefined;
  const store = new TestStore(repo, clock, locks, counts, facts);
  const tests = new TestsService(store, peers);
  const answers = new AnswersService(store);
  return { repo, leases, locks, clock, peers, store, tests, answers, countsRepo, counts, bus };
}
