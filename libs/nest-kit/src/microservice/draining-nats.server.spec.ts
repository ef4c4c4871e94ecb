import { JSONCodec } from 'nats';
import { defer, from } from 'rxjs';
import { ServerNats } from '@nestjs/microservices';
import { DrainingNatsServer, MAX_KNOWN_ROUTES } from './draining-nats.server';

const codec = JSONCodec();

/** A request as NATS hands it to the server (reply subject, respond()). */
function request(pattern: string, id: string) {
  return {
    subject: pattern,
    data: codec.encode({ pattern, data: { n: 1 }, id }),
    reply: `_INBOX.${id}`,
    headers: undefined,
    respond: jest.fn(() => true),
  };
}

function serverWithConnection() {
  const server = new DrainingNatsServer({ servers: 'nats://127.0.0.1:1' }, 2_000);
  const nc = { isClosed: jest.fn(() => false), drain: jest.fn(async () => undefined) };
  (server as unknown as { natsClient: unknown }).natsClient = nc;
  return { server, nc };
}

describe('DrainingNatsServer.close', () => {
  it('waits for a handler whose result is deferred (as with interceptors) before draining', async () => {
    const { server, nc } = serverWithConnection();
    let finish!: (v: string) => void;
    const work = new Promise<string>((r) => (finish = r));
    // what Nest's interceptor chain hands back: an Observable that runs the handler later
    server.addHandler('slow', async () => defer(() => from(work)));
    const msg = request('slow', 'r1');
    await server.handleMessage('slow', msg as never);

    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(false); // the handler has not answered yet
    expect(nc.drain).not.toHaveBeenCalled();

    finish('done');
    await closing;
    expect(msg.respond).toHaveBeenCalled();
    expect(nc.drain).toHaveBeenCalledTimes(1);
  });

  it('a handler that throws ends its time in flight too', async () => {
    const { server, nc } = serverWithConnection();
    server.addHandler('bad', async () => defer(() => from(Promise.reject(new Error('boom')))));
    await server.handleMessage('bad', request('bad', 'r2') as never);
    const started = Date.now();
    await server.close();
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(nc.drain).toHaveBeenCalledTimes(1);
  });

  it('gives up after the grace period and says how many are still running', async () => {
    const { nc } = serverWithConnection();
    const quick = new DrainingNatsServer({ servers: 'nats://127.0.0.1:1' }, 100);
    (quick as unknown as { natsClient: unknown }).natsClient = nc;
    const warn = jest.spyOn((quick as unknown as { logger: { warn: () => void } }).logger, 'warn');
    warn.mockImplementation(() => undefined);
    quick.addHandler('never', async () => defer(() => from(new Promise(() => undefined))));
    await quick.handleMessage('never', request('never', 'r3') as never);
    await quick.close();
    expect(warn).toHaveBeenCalledWith('1 request(s) still running after 100 ms');
    expect(nc.drain).toHaveBeenCalledTimes(1);
  });
});

describe('DrainingNatsServer.getRouteFromPattern', () => {
  it("answers as Nest's own does, for plain subjects and JSON patterns alike", () => {
    const { server } = serverWithConnection();
    const nest = new ServerNats({ servers: 'nats://127.0.0.1:1' });
    for (const p of ['announcements.list', '{"cmd":"sum","a":1}', '"quoted"', '42', 'x'])
      for (let i = 0; i < 2; i++)
        expect(server.getRouteFromPattern(p)).toBe(nest.getRouteFromPattern(p));
  });

  it("parses a subject once (Nest's JSON.parse throws for each plain subject)", () => {
    const { server } = serverWithConnection();
    const parse = jest.spyOn(JSON, 'parse');
    try {
      for (let i = 0; i < 5; i++) server.getRouteFromPattern('testing.answers.save');
      expect(parse.mock.calls.filter(([s]) => s === 'testing.answers.save')).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('keeps at most MAX_KNOWN_ROUTES subjects and still answers the others', () => {
    const { server } = serverWithConnection();
    for (let i = 0; i < MAX_KNOWN_ROUTES + 10; i++) server.getRouteFromPattern(`s.${i}`);
    expect((server as unknown as { routes: Map<string, string> }).routes.size).toBe(
      MAX_KNOWN_ROUTES,
    );
    expect(server.getRouteFromPattern(`s.${MAX_KNOWN_ROUTES + 5}`)).toBe(
      `s.${MAX_KNOWN_ROUTES + 5}`,
    );
  });
});
