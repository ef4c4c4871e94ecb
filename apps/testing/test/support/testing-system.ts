// What the testing integration specs share: the RUNNING services of the test profile (testing,
// catalog, qbank) over NATS as the gateway calls them, actors of users no account has, and the
// testing database for what a call cannot show (stored answer documents, the timer's end).
import {
  type Actor,
  type CreateTestInput,
  Subjects,
  type TestQuestionView,
} from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import { adminActor, infraConfig, removeTestsOf, specAccounts, testApps } from '@examprep/test-kit';
import { type Db, MongoClient } from 'mongodb';

export const cfg = infraConfig('test');
export const rpc = new NatsRpcClient({
  servers: cfg.natsUrl,
  name: 'testing-it',
  timeoutMs: 10_000,
});
let mongo: MongoClient | undefined;

/** This file's learners: real accounts of the test realm, removed in `disconnectSystem`. */
const accounts = specAccounts();
const made = accounts.made;
export const newUser = accounts.newUser;
export { adminActor };

/** Starts what the specs call (already running: nothing happens) and connects. */
export async function connectSystem(): Promise<void> {
  testApps('start', ['catalog', 'qbank', 'testing']);
  await rpc.connect();
  mongo = await MongoClient.connect(cfg.mongoUrl());
}

/** The testing service's own database (for assertions and the timer only). */
export function testingDb(): Db {
  return mongo!.db('testing');
}

/** Removes what this file's users left behind, then disconnects. */
export async function disconnectSystem(): Promise<void> {
  try {
    if (mongo) {
      await removeTestsOf(testingDb(), made);
      const catalog = mongo.db('catalog');
      await catalog.collection('ledger_snapshots').deleteMany({ uid: { $in: made } });
      await catalog.collection('holdings').deleteMany({ _id: { $in: made } } as never);
    }
  } finally {
    await accounts.removeAll();
    await mongo?.close();
    await rpc.close();
  }
}

/** The payload a call was refused with (status, code, message, fields): nest-kit's refusalOf. */
export { refusalOf as failure } from '@examprep/nest-kit';

export const SAMPLE: CreateTestInput = {
  productId: 'teas_math_sample_qbank',
  includeId: 'teas_math_sample_qbank',
  mode: 'full',
};
export const PRACTICE: CreateTestInput = {
  productId: 'teas_math_qbank',
  includeId: 'teas_math_qbank_practice',
  mode: 'practice',
};

export const create = (actor: Actor | null, input: CreateTestInput) =>
  rpc.request(Subjects.testing.createTest, { actor, input });
export const getTest = (actor: Actor | null, testId: string, userId?: string) =>
  rpc.request(Subjects.testing.getTest, { actor, testId, ...(userId ? { userId } : {}) });
export const grant = (admin: Actor, uid: string, purchases: Record<string, boolean>) =>
  rpc.request(Subjects.catalog.updateUserPurchases, { actor: admin, input: { uid, purchases } });

/** Some valid answer for a question (right or wrong). */
export function anAnswer(q: Pick<TestQuestionView, 'type' | 'answerOrder'>): string | string[] {
  if (q.type === 'sata') return [q.answerOrder[0]!];
  if (q.type === 'single') return q.answerOrder[0]!;
  return '1';
}

export const REVEAL_FIELDS = [
  'correctAnswer',
  'explanation',
  'explanationImage',
  'video',
  'gradedAt',
  'gradedBy',
  'misconception',
  'feedback',
] as const;

/** The reveal fields a question view carries (none before check or submit). */
export const revealedKeys = (q: object) =>
  REVEAL_FIELDS.filter((k) => Object.prototype.hasOwnProperty.call(q, k));
