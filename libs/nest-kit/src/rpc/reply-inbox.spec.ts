import { headers as natsHeaders, type Msg, type NatsConnection } from '@nats-io/transport-node';
import { ReplyError, ReplyInbox } from './reply-inbox';

/** A connection that records publishes and lets the test deliver replies to the inbox. */
function fakeConnection() {
  let deliver: ((err: unknown, msg: Msg) => void) | undefined;
  let subject = '';
  const published: { subject: string; reply: string }[] = [];
  const unsubscribe = jest.fn();
  const nc = {
    subscribe: jest.fn((s: string, opts: { callback: (err: unknown, msg: Msg) => void }) => {
      subject = s;
      deliver = opts.callback;
      return { unsubscribe };
    }),
    publish: jest.fn((s: string, _data: Uint8Array, opts: { reply: string }) => {
      published.push({ subject: s, reply: opts.reply });
    }),
    isClosed: () => false,
  };
  const reply = (to: string, data: Uint8Array, code?: number) =>
    deliver!(null, {
      subject: to,
      data,
      headers: code === undefined ? undefined : { code },
    } as unknown as Msg);
  return {
    nc: nc as unknown as NatsConnection,
    published,
    reply,
    unsubscribe,
    inboxSubject: () => subject,
  };
}

const bytes = (s: string) => new TextEncoder().encode(s);

describe('ReplyInbox', () => {
  it('subscribes once to a wildcard inbox and matches each reply to its request', async () => {
    const { nc, published, reply, inboxSubject } = fakeConnection();
    const inbox = new ReplyInbox(nc);
    const a = inbox.request('svc.a', bytes('1'), natsHeaders(), 1_000);
    const b = inbox.request('svc.b', bytes('2'), natsHeaders(), 1_000);
    expect(nc.subscribe).toHaveBeenCalledTimes(1);
    expect(inboxSubject()).toMatch(/^_INBOX\.[A-Za-z0-9]+\.\*$/);
    expect(published.map((p) => p.subject)).toEqual(['svc.a', 'svc.b']);
    expect(new Set(published.map((p) => p.reply)).size).toBe(2);
    // answers in the other order
    reply(published[1]!.reply, bytes('B'));
    reply(published[0]!.reply, bytes('A'));
    expect(new TextDecoder().decode((await a).data)).toBe('A');
    expect(new TextDecoder().decode((await b).data)).toBe('B');
    expect(inbox.size).toBe(0);
    inbox.close();
  });

  it("fails as 'no-responders' on the server's empty 503 status, and only then", async () => {
    const { nc, published, reply } = fakeConnection();
    const inbox = new ReplyInbox(nc);
    const none = inbox.request('svc.none', bytes('1'), natsHeaders(), 1_000);
    reply(published[0]!.reply, new Uint8Array(0), 503);
    await expect(none).rejects.toEqual(new ReplyError('no-responders'));
    // a 503 with a payload is an application's answer
    const app = inbox.request('svc.app', bytes('1'), natsHeaders(), 1_000);
    reply(published[1]!.reply, bytes('{"err":1}'), 503);
    await expect(app).resolves.toBeDefined();
    inbox.close();
  });

  it("fails as 'timeout' once the deadline has passed, and ignores the late answer", async () => {
    let now = 1_000;
    const { nc, published, reply } = fakeConnection();
    const inbox = new ReplyInbox(nc, { sweepMs: 5, now: () => now });
    const slow = inbox.request('svc.slow', bytes('1'), natsHeaders(), 200);
    const other = inbox.request('svc.other', bytes('1'), natsHeaders(), 10_000);
    now += 199;
    await new Promise((r) => setTimeout(r, 20));
    expect(inbox.size).toBe(2); // not yet
    now += 1;
    await expect(slow).rejects.toEqual(new ReplyError('timeout'));
    expect(inbox.size).toBe(1);
    reply(published[0]!.reply, bytes('late')); // nothing waits for it any more
    reply(published[1]!.reply, bytes('ok'));
    await expect(other).resolves.toBeDefined();
    inbox.close();
  });

  it("close() fails what still waits as 'closed', refuses new requests and unsubscribes", async () => {
    const { nc, unsubscribe } = fakeConnection();
    const inbox = new ReplyInbox(nc);
    const waiting = inbox.request('svc.a', bytes('1'), natsHeaders(), 1_000);
    inbox.close();
    await expect(waiting).rejects.toEqual(new ReplyError('closed'));
    await expect(inbox.request('svc.a', bytes('1'), natsHeaders(), 1_000)).rejects.toEqual(
      new ReplyError('closed'),
    );
    expect(unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('a publish that throws fails its request and leaves nothing waiting', async () => {
    const { nc } = fakeConnection();
    (nc.publish as jest.Mock).mockImplementationOnce(() => {
      throw new Error('connection closed');
    });
    const inbox = new ReplyInbox(nc);
    await expect(inbox.request('svc.a', bytes('1'), natsHeaders(), 1_000)).rejects.toThrow(
      'connection closed',
    );
    expect(inbox.size).toBe(0);
    inbox.close();
  });
});
