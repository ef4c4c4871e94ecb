import type { Me } from '@examprep/contracts/types';
import {
  fakeResponse,
  fakeStreamResponse,
  mockFetch,
  type FakeStream,
} from '../../test-utils/mock-fetch';
import { SseParser, subscribeMeEvents } from './me-events';

const ME: Me = {
  uid: 'u1',
  email: 'l@x.test',
  isAdmin: false,
  emailVerified: true,
  defaultDashboard: 'design',
  purchases: { teas_math_qbank: true },
  hasDocument: true,
};

const tick = (ms = 0) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, timeoutMs = 2000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not reached');
    await tick(2);
  }
}

describe('SseParser', () => {
  it('parses named events, joins data lines and skips comments', () => {
    const p = new SseParser();
    expect(p.push(': hello\n\nevent: me\ndata: {"a":1}\n\n')).toEqual([
      { event: 'me', data: '{"a":1}', id: undefined },
    ]);
    expect(p.push('data: one\ndata: two\nid: 7\n\n')).toEqual([
      { event: 'message', data: 'one\ntwo', id: '7' },
    ]);
  });

  it('keeps partial lines across chunks and accepts CRLF and CR', () => {
    const p = new SseParser();
    expect(p.push('event: pi')).toEqual([]);
    expect(p.push('ng\r\ndata: {}\r')).toEqual([]);
    expect(p.push('\n\r\n')).toEqual([{ event: 'ping', data: '{}', id: undefined }]);
    // a CR at the end of a chunk may be half of a CRLF: it counts once the next chunk came
    expect(p.push('data:x\r\r')).toEqual([]);
    expect(p.push('data:y')).toEqual([{ event: 'message', data: 'x', id: undefined }]);
  });

  it('drops an event without data', () => {
    expect(new SseParser().push('event: me\n\n')).toEqual([]);
  });
});

describe('subscribeMeEvents', () => {
  it('sends the bearer token and hands every me event over', async () => {
    const streams: FakeStream[] = [];
    const { calls } = mockFetch((call) => {
      const s = fakeStreamResponse(200, call.signal);
      streams.push(s);
      return s.response;
    });
    const onMe = jest.fn();
    const stop = subscribeMeEvents({ getToken: async () => 'tok-1', onMe });
    await until(() => streams.length === 1);
    expect(calls[0].url).toBe('/api/me/events');
    expect(calls[0].headers).toMatchObject({
      Authorization: 'Bearer tok-1',
      Accept: 'text/event-stream',
    });
    streams[0].push(`event: me\ndata: ${JSON.stringify(ME)}\n\nevent: ping\ndata: {}\n\n`);
    await until(() => onMe.mock.calls.length === 1);
    expect(onMe).toHaveBeenCalledWith(ME);
    streams[0].push('event: me\ndata: not json\n\n');
    streams[0].push(`event: me\ndata: ${JSON.stringify({ ...ME, purchases: {} })}\n\n`);
    await until(() => onMe.mock.calls.length === 2);
    expect(onMe.mock.calls[1][0]).toMatchObject({ purchases: {} });
    stop();
  });

  it('reopens a stream the server ended at once, with a fresh token', async () => {
    const streams: FakeStream[] = [];
    const { calls } = mockFetch((call) => {
      const s = fakeStreamResponse(200, call.signal);
      streams.push(s);
      return s.response;
    });
    let n = 0;
    const getToken = jest.fn(async () => `tok-${++n}`);
    const stop = subscribeMeEvents({ getToken, onMe: jest.fn(), initialDelayMs: 10_000 });
    await until(() => streams.length === 1);
    streams[0].push(`event: me\ndata: ${JSON.stringify(ME)}\n\n`);
    streams[0].end();
    await until(() => streams.length === 2);
    expect(calls[1].headers.Authorization).toBe('Bearer tok-2');
    stop();
  });

  it('backs off after failures and stops when signed out', async () => {
    const { calls } = mockFetch(() => fakeResponse(503, { message: 'down' }));
    let token: string | null = 'tok';
    const stop = subscribeMeEvents({
      getToken: async () => token,
      onMe: jest.fn(),
      initialDelayMs: 5,
      maxDelayMs: 20,
      random: () => 0.5,
    });
    await until(() => calls.length >= 3);
    token = null;
    const seen = calls.length;
    await tick(60);
    expect(calls.length).toBeLessThanOrEqual(seen + 1);
    stop();
  });

  it('treats a silent stream as dead and reconnects', async () => {
    const streams: FakeStream[] = [];
    mockFetch((call) => {
      const s = fakeStreamResponse(200, call.signal);
      streams.push(s);
      return s.response;
    });
    const stop = subscribeMeEvents({
      getToken: async () => 'tok',
      onMe: jest.fn(),
      idleMs: 20,
      initialDelayMs: 5,
    });
    await until(() => streams.length >= 2);
    stop();
  });

  it('stop() aborts the open stream and opens no other', async () => {
    const streams: FakeStream[] = [];
    const { calls } = mockFetch((call) => {
      const s = fakeStreamResponse(200, call.signal);
      streams.push(s);
      return s.response;
    });
    const stop = subscribeMeEvents({
      getToken: async () => 'tok',
      onMe: jest.fn(),
      initialDelayMs: 5,
    });
    await until(() => streams.length === 1);
    stop();
    expect(calls[0].signal?.aborted).toBe(true);
    await tick(30);
    expect(calls).toHaveLength(1);
  });
});
