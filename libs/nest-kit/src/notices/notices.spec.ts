import { readUserChangedNotice, Subjects, type UserChangedNotice } from '@examprep/contracts';
import type {
  Msg,
  NatsConnection,
  Payload,
  Subscription,
  SubscriptionOptions,
} from '@nats-io/transport-node';
import { rootLogger } from '../logging/logger';
import { publishNotice, subscribeNotice } from './notices';

/** Core NATS in memory: exact subjects, synchronous delivery. */
class FakeNats implements Pick<NatsConnection, 'publish' | 'subscribe'> {
  private readonly subs = new Map<string, NonNullable<SubscriptionOptions['callback']>>();

  publish(subject: string, payload?: Payload): void {
    const data = typeof payload === 'string' ? new TextEncoder().encode(payload) : payload;
    const msg: Pick<Msg, 'subject' | 'data'> = { subject, data: data ?? new Uint8Array() };
    this.subs.get(subject)?.(null, msg as Msg);
  }

  subscribe(subject: string, opts?: SubscriptionOptions): Subscription {
    if (opts?.callback) this.subs.set(subject, opts.callback);
    const sub: Pick<Subscription, 'unsubscribe'> = { unsubscribe: () => this.subs.delete(subject) };
    return sub as Subscription;
  }
}

const subject = Subjects.identity.userChanged('u1');
const notice: UserChangedNotice = {
  uid: 'u1',
  document: { defaultDashboard: 'design', purchases: {}, updatedAt: '2026-11-27T01:00:00.000Z' },
  ledger: { purchases: { teas_math_qbank: true }, version: 3 },
};

describe('publishNotice / subscribeNotice', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    // rootLogger() is one logger per process: its methods are watched, its lines not written
    warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(rootLogger(), 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('delivers the payload as published (JSON on the wire)', () => {
    const nc = new FakeNats();
    const seen: UserChangedNotice[] = [];
    subscribeNotice(nc, subject, readUserChangedNotice, (n) => void seen.push(n));
    publishNotice(nc, subject, notice);
    expect(seen).toEqual([notice]);
    expect(warn).not.toHaveBeenCalled();
  });

  it('drops and logs a payload that is not JSON, then goes on', () => {
    const nc = new FakeNats();
    const seen: UserChangedNotice[] = [];
    subscribeNotice(nc, subject, readUserChangedNotice, (n) => void seen.push(n));
    nc.publish(subject, '{not json');
    publishNotice(nc, subject, notice);
    expect(seen).toEqual([notice]);
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ subject }),
      'notice is not JSON; dropped',
    );
  });

  it('drops and logs JSON that the reader refuses (the notice of before)', () => {
    const nc = new FakeNats();
    const handler = jest.fn();
    subscribeNotice(nc, subject, readUserChangedNotice, handler);
    nc.publish(subject, JSON.stringify({ uid: 'u1', at: '2026-11-27T01:00:00.000Z' }));
    expect(handler).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith(
      { subject },
      'notice has not the shape of its subject; dropped',
    );
  });

  it('logs a handler that throws or rejects; the subscription stays', async () => {
    const nc = new FakeNats();
    let calls = 0;
    subscribeNotice(nc, subject, readUserChangedNotice, () => {
      calls += 1;
      if (calls === 1) throw new Error('boom');
      return Promise.reject(new Error('later'));
    });
    publishNotice(nc, subject, notice);
    publishNotice(nc, subject, notice);
    await new Promise((r) => setImmediate(r));
    expect(calls).toBe(2);
    expect(error).toHaveBeenCalledTimes(2);
  });

  it('unsubscribes', () => {
    const nc = new FakeNats();
    const handler = jest.fn();
    subscribeNotice(nc, subject, readUserChangedNotice, handler).unsubscribe();
    publishNotice(nc, subject, notice);
    expect(handler).not.toHaveBeenCalled();
  });
});
