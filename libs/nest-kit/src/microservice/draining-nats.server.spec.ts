import { headers as natsHeaders } from '@nats-io/transport-node';
import { defer, from, throwError } from 'rxjs';
import { ServerNats } from '@nestjs/microservices';
import { currentCorrelationId } from '../logging/correlation';
import { rootLogger } from '../logging/logger';
import { initMetrics, metricsText } from '../metrics/metrics';
import { decodeJson, encodeJson } from '../nats/json-payload';
import { DrainingNatsServer, MAX_KNOWN_ROUTES } from './draining-nats.server';

/** A request as NATS hands it to the server (reply subject, json() of its data, respond()). */
function request(pattern: string, id: string) {
  const data = encodeJson({ pattern, data: { n: 1 }, id });
  return {
    subject: pattern,
    data,
    json: () => decodeJson(data),
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

/** Nest's getRouteFromPattern is protected: the specs call it as the server's message handling does. */
type Routes = { getRouteFromPattern(pattern: string): string };
const routesOf = (server: object) => server as unknown as Routes;

describe('DrainingNatsServer.getRouteFromPattern', () => {
  it("answers as Nest's own does, for plain subjects and JSON patterns alike", () => {
    const { server } = serverWithConnection();
    const nest = new ServerNats({ servers: 'nats://127.0.0.1:1' });
    for (const p of ['announcements.list', '{"cmd":"sum","a":1}', '"quoted"', '42', 'x'])
      for (let i = 0; i < 2; i++)
        expect(routesOf(server).getRouteFromPattern(p)).toBe(routesOf(nest).getRouteFromPattern(p));
  });

  it("parses a subject once (Nest's JSON.parse throws for each plain subject)", () => {
    const { server } = serverWithConnection();
    const parse = jest.spyOn(JSON, 'parse');
    try {
      for (let i = 0; i < 5; i++) routesOf(server).getRouteFromPattern('testing.answers.save');
      expect(parse.mock.calls.filter(([s]) => s === 'testing.answers.save')).toHaveLength(1);
    } finally {
      parse.mockRestore();
    }
  });

  it('keeps at most MAX_KNOWN_ROUTES subjects and still answers the others', () => {
    const { server } = serverWithConnection();
    for (let i = 0; i < MAX_KNOWN_ROUTES + 10; i++) routesOf(server).getRouteFromPattern(`s.${i}`);
    expect((server as unknown as { routes: Map<string, string> }).routes.size).toBe(
      MAX_KNOWN_ROUTES,
    );
    expect(routesOf(server).getRouteFromPattern(`s.${MAX_KNOWN_ROUTES + 5}`)).toBe(
      `s.${MAX_KNOWN_ROUTES + 5}`,
    );
  });
});

describe('DrainingNatsServer: correlation id, timing and logging of each request', () => {
  beforeAll(() => initMetrics('unit'));

  /** The count of examprep_nats_handler_duration_seconds for a subject and outcome. */
  async function handled(subject: string, outcome: string): Promise<number> {
    const line = (await metricsText())
      .split('\n')
      .find(
        (l) =>
          l.startsWith('examprep_nats_handler_duration_seconds_count{') &&
          l.includes(`subject="${subject}"`) &&
          l.includes(`outcome="${outcome}"`),
      );
    return line ? Number(line.split(' ').pop()) : 0;
  }

  /** Lets Nest publish (next tick) and the in-flight count settle (setImmediate). */
  const settle = () => new Promise((r) => setTimeout(r, 20));

  it("runs the handler inside the caller's correlation id (a new one when none or unsafe)", async () => {
    const { server } = serverWithConnection();
    const seen: (string | undefined)[] = [];
    server.addHandler('who', async () => {
      await Promise.resolve();
      seen.push(currentCorrelationId());
      return 'ok';
    });
    const h = natsHeaders();
    h.set('x-correlation-id', 'corr-42');
    await server.handleMessage('who', { ...request('who', 'r4'), headers: h } as never);
    await server.handleMessage('who', request('who', 'r5') as never);
    const unsafe = natsHeaders();
    unsafe.set('x-correlation-id', 'no spaces or {braces}');
    await server.handleMessage('who', { ...request('who', 'r6'), headers: unsafe } as never);
    await settle();
    expect(seen[0]).toBe('corr-42');
    expect(seen[1]).toMatch(/^[0-9a-f-]{36}$/);
    expect(seen[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(currentCorrelationId()).toBeUndefined();
  });

  it('times each answered request by subject and outcome, once', async () => {
    const { server } = serverWithConnection();
    server.addHandler('t.ok', async () => ({ fine: true }));
    // as Nest's RPC proxy hands back what the exception filter made of a refusal
    server.addHandler('t.refused', async () =>
      throwError(() => ({ status: 404, code: 'NOT_FOUND', message: 'Test not found.' })),
    );
    server.addHandler('t.failed', async () => defer(() => from(Promise.reject(new Error('x')))));
    const before = [
      await handled('t.ok', 'ok'),
      await handled('t.refused', '4xx'),
      await handled('t.failed', '5xx'),
    ];
    const info = jest.spyOn(rootLogger(), 'info') as unknown as jest.Mock;
    try {
      await server.handleMessage('t.ok', request('t.ok', 'a1') as never);
      await server.handleMessage('t.refused', request('t.refused', 'a2') as never);
      await server.handleMessage('t.failed', request('t.failed', 'a3') as never);
      await settle();
      expect([
        await handled('t.ok', 'ok'),
        await handled('t.refused', '4xx'),
        await handled('t.failed', '5xx'),
      ]).toEqual(before.map((n) => n + 1));
      // a refused call is logged with its code; an answered one is not
      const rpcLines = info.mock.calls.filter(([, msg]) => msg === 'rpc').map(([o]) => o);
      expect(rpcLines).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ subject: 't.refused', ok: false, code: 'NOT_FOUND' }),
          expect.objectContaining({ subject: 't.failed', ok: false }),
        ]),
      );
      expect(rpcLines.some((o) => (o as { subject: string }).subject === 't.ok')).toBe(false);
    } finally {
      info.mockRestore();
    }
  });

  it('times nothing for a subject without a handler (Nest answers it as unknown)', async () => {
    const { server } = serverWithConnection();
    const msg = request('t.none', 'a4');
    await server.handleMessage('t.none', msg as never);
    await settle();
    expect(await handled('t.none', 'ok')).toBe(0);
    expect(await handled('t.none', '5xx')).toBe(0);
    expect(msg.respond).toHaveBeenCalled();
  });
});
