// The gateway's admin user routes in process (the identity service mocked at the RPC client):
// filters and pages passed on, the Link header, the streamed CSV export, Refresh.
import 'reflect-metadata';
import { Subjects } from '@examprep/contracts';
import { NatsRpcClient } from '@examprep/nest-kit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  callerVerifier,
  type InjectServer,
  startInProcessGateway,
} from '../../test/support/in-process';

jest.spyOn(NatsRpcClient.prototype, 'connect').mockResolvedValue(undefined);
const rpc = jest.spyOn(NatsRpcClient.prototype, 'request').mockResolvedValue({} as never);

type Caller = 'learner' | 'admin';
const ACTORS = {
  learner: { uid: 'u-learner', isAdmin: false, emailVerified: true },
  admin: { uid: 'u-admin', isAdmin: true, emailVerified: true },
} as const;
let app: NestFastifyApplication;
let server: InjectServer;

beforeAll(async () => {
  ({ app, server } = await startInProcessGateway(callerVerifier(ACTORS)));
});
afterAll(async () => {
  await app?.close();
});
beforeEach(() => {
  rpc.mockReset();
  rpc.mockResolvedValue({} as never);
});

function send(method: 'GET' | 'POST', url: string, who: Caller) {
  return server.inject({ method, url, headers: { authorization: `Bearer ${who}.x.y` } });
}

describe('admin users: pages, export and refresh (ADR 0026, ADR 0030)', () => {
  const row = {
    uid: 'a',
    email: '=cmd@x',
    emailVerified: true,
    isAdmin: false,
    inAuth: true,
    inDatabase: true,
    premium: false,
    purchases: {},
    qbankGenerations: 0,
    tests: 2,
  };
  it('passes the filters and the page; the next page is the Link header', async () => {
    rpc.mockResolvedValue({ users: [row], total: 9, matching: 3, next: 'WyJ4Il0' } as never);
    const res = await send('GET', '/api/admin/users?premium=yes&duplicates=true&limit=1', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ users: [row], total: 9, matching: 3 });
    expect(res.headers.link).toBe(
      '</api/admin/users?premium=yes&duplicates=true&limit=1&cursor=WyJ4Il0>; rel="next"',
    );
    expect(rpc).toHaveBeenCalledWith(Subjects.identity.listUsers, {
      actor: expect.objectContaining({ isAdmin: true }),
      filters: { premium: 'yes', duplicates: true },
      page: { cursor: undefined, limit: 1 },
    });
  });

  it('names a filter it refuses (400) before the identity service is asked', async () => {
    for (const [query, field] of [
      ['premium=maybe', 'premium'],
      ['qbank=1', 'qbank'],
      ['duplicates=perhaps', 'duplicates'],
      [`email=${'a'.repeat(255)}`, 'email'],
      ['limit=0', 'limit'],
    ] as const) {
      const res = await send('GET', `/api/admin/users?${query}`, 'admin');
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect(rpc).not.toHaveBeenCalled();
  });

  it('exports filtered_users.csv page after page, cells guarded against formulas', async () => {
    rpc
      .mockResolvedValueOnce({ users: [row], total: 2, matching: 2, next: 'WyJ4Il0' } as never)
      .mockResolvedValueOnce({
        users: [{ ...row, uid: 'b', email: 'b@x' }],
        total: 2,
        matching: 2,
        next: null,
      } as never);
    const res = await send('GET', '/api/admin/users/export?tests=yes', 'admin');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename=filtered_users.csv');
    expect(res.headers['x-total-count']).toBe('2');
    expect(res.body).toBe(
      'uid,email,emailVerified,inDatabase,inAuth,isAdmin,premium,qbankGenerations\r\n' +
        "a,'=cmd@x,true,true,true,false,false,0\r\n" +
        'b,b@x,true,true,true,false,false,0\r\n',
    );
    expect(rpc).toHaveBeenLastCalledWith(Subjects.identity.listUsers, {
      actor: expect.anything(),
      filters: { tests: 'yes' },
      page: { cursor: 'WyJ4Il0', limit: 100 },
    });
  });

  it('an export of nothing is a 404 with the message', async () => {
    rpc.mockResolvedValue({ users: [], total: 0, matching: 0, next: null } as never);
    const res = await send('GET', '/api/admin/users/export', 'admin');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'No users match the filters.' });
  });

  it('Refresh asks the identity service with a long time-out; learners may not', async () => {
    rpc.mockResolvedValue({ entries: 3, written: 1, removed: 0, ms: 12 } as never);
    expect((await send('POST', '/api/admin/users/refresh', 'admin')).json()).toEqual({
      entries: 3,
      written: 1,
      removed: 0,
      ms: 12,
    });
    expect(rpc).toHaveBeenCalledWith(Subjects.identity.refreshUsers, expect.anything(), {
      timeoutMs: 120_000,
    });
    expect((await send('POST', '/api/admin/users/refresh', 'learner')).statusCode).toBe(403);
  });
});
