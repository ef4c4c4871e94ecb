// The per-user test counts (test_counts, issue 26) against the RUNNING testing service of the
// test profile: creating and deleting a test, and events.user.deleted, change the user's count
// and publish events.user.testsCounted with its version; the admin's per-user list pages by key.
import {
  type Actor,
  Events,
  Streams,
  Subjects,
  type UserTestsCountedEvent,
} from '@examprep/contracts';
import { JetStreamBus } from '@examprep/nest-kit';
import { waitFor } from '@examprep/test-kit';
import { AckPolicy, DeliverPolicy, jetstream, jetstreamManager } from '@nats-io/jetstream';
import {
  adminActor,
  connectSystem,
  create,
  disconnectSystem,
  newUser,
  rpc,
  SAMPLE,
  testingDb,
} from './support/testing-system';

const ADMIN = adminActor('it-counts-admin@examprep.test');
const durable = `it-tests-counted-${Date.now()}`;

beforeAll(async () => {
  await connectSystem();
  const jsm = await jetstreamManager(rpc.connection!);
  await jsm.consumers.add(Streams.hints.name, {
    durable_name: durable,
    filter_subject: Events.userTestsCounted,
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.New,
  });
}, 150_000);
afterAll(async () => {
  const nc = rpc.connection;
  const jsm = nc ? await jetstreamManager(nc) : undefined;
  await jsm?.consumers.delete(Streams.hints.name, durable).catch(() => undefined);
  await disconnectSystem();
});

/** The facts of `uid` published since the suite began (other suites publish others' meanwhile). */
const facts: UserTestsCountedEvent[] = [];
async function factsOf(uid: string, atLeast: number): Promise<UserTestsCountedEvent[]> {
  const consumer = await jetstream(rpc.connection!).consumers.get(Streams.hints.name, durable);
  return waitFor(
    async () => {
      for (;;) {
        const msg = await consumer.next({ expires: 1_000 });
        if (!msg) break;
        facts.push(msg.json<UserTestsCountedEvent>());
        msg.ack();
      }
      const mine = facts.filter((f) => f.uid === uid).sort((a, b) => a.version - b.version);
      return mine.length >= atLeast ? mine : undefined;
    },
    { timeoutMs: 15_000, description: `${atLeast} testsCounted facts of ${uid}` },
  );
}

const stored = (uid: string) =>
  testingDb()
    .collection('test_counts')
    .findOne({ _id: uid } as never);
const remove = (actor: Actor, testId: string) =>
  rpc.request(Subjects.testing.deleteTest, { actor, input: { testId } });

describe('test_counts through the service (issue 26)', () => {
  it('create +1, delete -1, user.deleted 0: each change stored and published with its version', async () => {
    const learner = await newUser();
    const a = await create(learner, SAMPLE);
    await create(learner, SAMPLE);
    expect(await stored(learner.uid)).toMatchObject({ n: 2, version: 2 });
    await remove(learner, a.testId);
    expect(await stored(learner.uid)).toMatchObject({ n: 1, version: 3 });

    const bus = await JetStreamBus.create(rpc.connection!);
    await bus.publish(
      Events.userDeleted,
      { uid: learner.uid, at: new Date().toISOString() },
      `it-counts-deleted-${learner.uid}`,
    );
    await waitFor(async () => ((await stored(learner.uid))?.n === 0 ? true : undefined), {
      timeoutMs: 10_000,
      description: 'count set to 0',
    });
    const published = await factsOf(learner.uid, 4);
    expect(published.map((f) => [f.tests, f.version])).toEqual([
      [1, 1],
      [2, 2],
      [1, 3],
      [0, 4],
    ]);
    expect(Date.parse(published[0]!.at)).not.toBeNaN();
  }, 60_000);

  it("the admin's list of a user's tests: pages of `limit`, newest first, then none", async () => {
    const learner = await newUser();
    const made: string[] = [];
    for (let i = 0; i < 3; i++) made.push((await create(learner, SAMPLE)).testId);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = await rpc.request(Subjects.testing.userTests, {
        actor: ADMIN,
        uid: learner.uid,
        page: { limit: 2, ...(cursor ? { cursor } : {}) },
      });
      expect(page.tests.length).toBeLessThanOrEqual(2);
      seen.push(...page.tests.map((t) => t.id));
      if (page.next === null) break;
      cursor = page.next;
    }
    expect(seen).toEqual([...made].reverse());
  }, 60_000);
});
