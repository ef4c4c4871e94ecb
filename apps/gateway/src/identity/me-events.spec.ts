// GET /api/me/events without the identity service: a fake core NATS connection carries the
// notices, the opening read is a stub. Against the running system: test/identity.int-spec.ts.
import type { MessageEvent } from '@nestjs/common';
import { type Actor, type Me, Subjects, type UserChangedNotice } from '@examprep/contracts';
import { rootLogger } from '@examprep/nest-kit';
import type {
  Msg,
  NatsConnection,
  Subscription,
  SubscriptionOptions,
} from '@nats-io/transport-node';
import { meEvents, MeStream } from './me-events';

/** Core NATS in memory: exact subjects, synchronous delivery. */
function fakeNats() {
  const subs = new Map<string, NonNullable<SubscriptionOptions['callback']>>();
  const nc: Pick<NatsConnection, 'subscribe'> = {
    subscribe(subject: string, opts?: SubscriptionOptions): Subscription {
      if (opts?.callback) subs.set(subject, opts.callback);
      const sub: Pick<Subscription, 'unsubscribe'> = { unsubscribe: () => subs.delete(subject) };
      return sub as Subscription;
    },
  };
  /** Sends raw bytes (a string: as UTF-8) or a notice as JSON, as publishNotice does. */
  const send = (subject: string, body: string | UserChangedNotice) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    const msg: Pick<Msg, 'subject' | 'data'> = { subject, data: new TextEncoder().encode(text) };
    subs.get(subject)?.(null, msg as Msg);
  };
  return { nc, send, subscribed: () => [...subs.keys()] };
}

const ACTOR: Actor = { uid: 'u1', email: 'l@x.test', isAdmin: false, emailVerified: true };
const SUBJECT = Subjects.identity.userChanged('u1');
const OPENING: Me = {
  uid: 'u1',
  email: 'l@x.test',
  isAdmin: false,
  emailVerified: true,
  defaultDashboard: 'math',
  purchases: {},
  hasDocument: true,
};
const T1 = '2026-11-27T01:00:00.000Z';
const T2 = '2026-11-27T01:00:05.000Z';

function notice(
  dashboard: 'math' | 'design',
  updatedAt: string,
  ledger: UserChangedNotice['ledger'] = null,
): UserChangedNotice {
  return {
    uid: 'u1',
    document: { defaultDashboard: dashboard, purchases: {}, updatedAt },
    ledger,
  };
}

/** Opens a stream; `events()` is what it sent so far (`me` data only). */
async function open(readMe: () => Promise<Me> = async () => OPENING) {
  const nats = fakeNats();
  const sent: MessageEvent[] = [];
  const sub = meEvents(nats.nc, ACTOR, readMe).subscribe((e) => sent.push(e));
  await new Promise((r) => setImmediate(r));
  const events = () => sent.filter((e) => e.type === 'me').map((e) => e.data as Me);
  return { ...nats, events, close: () => sub.unsubscribe() };
}

describe('GET /api/me/events: the session state from the notices', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('reads me once when it opens; a notice becomes the full Me with the token part', async () => {
    const readMe = jest.fn(async () => OPENING);
    const s = await open(readMe);
    expect(s.subscribed()).toEqual([SUBJECT]);
    s.send(
      SUBJECT,
      notice('design', T1, { purchases: { teas_math_qbank: true, old: false }, version: 2 }),
    );
    expect(s.events()).toEqual([
      OPENING,
      {
        uid: 'u1',
        email: 'l@x.test',
        isAdmin: false,
        emailVerified: true,
        defaultDashboard: 'design',
        purchases: { teas_math_qbank: true },
        hasDocument: true,
      },
    ]);
    // the wire keeps the field order of GET /api/me
    expect(Object.keys(s.events()[1]!)).toEqual(Object.keys(OPENING));
    expect(readMe).toHaveBeenCalledTimes(1);
    s.close();
    expect(s.subscribed()).toEqual([]);
  });

  it('drops an older notice that arrives after a newer one (each part by its own key)', async () => {
    const s = await open();
    s.send(SUBJECT, notice('design', T2, { purchases: { a: true }, version: 3 }));
    s.send(SUBJECT, notice('math', T1, { purchases: {}, version: 2 }));
    expect(s.events().map((m) => [m.defaultDashboard, m.purchases])).toEqual([
      ['math', {}],
      ['design', { a: true }],
    ]);
    // crossed reads: a newer document with an older ledger keeps the newer ledger
    s.send(SUBJECT, notice('math', '2026-11-27T01:00:09.000Z', { purchases: {}, version: 1 }));
    expect(s.events().at(-1)).toMatchObject({ defaultDashboard: 'math', purchases: { a: true } });
    // the same state again sends nothing
    s.send(SUBJECT, notice('math', '2026-11-27T01:00:09.000Z', { purchases: {}, version: 3 }));
    expect(s.events()).toHaveLength(3);
    s.close();
  });

  it('ignores a malformed notice and goes on', async () => {
    const s = await open();
    s.send(SUBJECT, '{not json');
    s.send(SUBJECT, JSON.stringify({ uid: 'u1', at: T1 }));
    s.send(
      SUBJECT,
      JSON.stringify({ ...notice('design', T1), document: { defaultDashboard: 'x' } }),
    );
    expect(s.events()).toEqual([OPENING]);
    expect(warn).toHaveBeenCalledTimes(3);
    s.send(SUBJECT, notice('design', T1));
    expect(s.events().at(-1)).toMatchObject({ defaultDashboard: 'design' });
    s.close();
  });

  it('a notice before the opening read answered wins over that read', async () => {
    let answer: (me: Me) => void = () => undefined;
    const s = await open(() => new Promise<Me>((resolve) => (answer = resolve)));
    s.send(SUBJECT, notice('design', T1));
    answer(OPENING);
    await new Promise((r) => setImmediate(r));
    expect(s.events().map((m) => m.defaultDashboard)).toEqual(['design']);
    s.close();
  });

  it('an opening read that fails is logged; notices still bring the state', async () => {
    const s = await open(() => Promise.reject(new Error('identity down')));
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ uid: 'u1' }),
      'me/events: could not read the session state',
    );
    s.send(SUBJECT, notice('design', T1));
    expect(s.events()).toEqual([expect.objectContaining({ defaultDashboard: 'design' })]);
    s.close();
  });
});

describe('MeStream', () => {
  it("ignores another user's notice", () => {
    const stream = new MeStream(ACTOR);
    expect(stream.notice({ ...notice('design', T1), uid: 'u2' })).toBeNull();
  });

  it('the erased state (no document, no purchases) starts over; told once', () => {
    const stream = new MeStream(ACTOR);
    stream.notice(notice('design', T2, { purchases: { a: true }, version: 5 }));
    const erased = { uid: 'u1', document: null, ledger: null };
    expect(stream.notice(erased)).toMatchObject({
      defaultDashboard: 'math',
      purchases: {},
      hasDocument: false,
    });
    expect(stream.notice(erased)).toBeNull();
    // the ledger starts its versions again after an erasure
    expect(
      stream.notice({ ...erased, ledger: { purchases: { b: true }, version: 1 } }),
    ).toMatchObject({ purchases: { b: true }, hasDocument: false });
  });

  it('a part read before it existed (null) does not undo the kept one', () => {
    const stream = new MeStream(ACTOR);
    stream.notice(notice('design', T1, { purchases: { a: true }, version: 1 }));
    expect(stream.notice({ ...notice('design', T1), ledger: null })).toBeNull();
    expect(
      stream.notice({ uid: 'u1', document: null, ledger: { purchases: { a: true }, version: 2 } }),
    ).toMatchObject({ defaultDashboard: 'design', hasDocument: true });
  });
});
