import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import {
  ApiError,
  createApiClient,
  errorFromResponse,
  formQuery,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  TIMEOUT_MESSAGE,
} from './api-client';

describe('api client', () => {
  afterEach(() => jest.useRealTimers());

  it('calls /api with a bearer token and a JSON body', async () => {
    const { calls } = mockFetch(() => fakeResponse(201, { id: 'a1' }));
    const sut = createApiClient({ getToken: async () => 'tok' });
    await expect(
      sut.POST('/api/announcements', { body: { content: 'x', date: '2025-01-01' } }),
    ).resolves.toEqual({ id: 'a1' });
    expect(calls[0]).toMatchObject({
      url: '/api/announcements',
      method: 'POST',
      body: { content: 'x', date: '2025-01-01' },
      headers: { Authorization: 'Bearer tok', 'Content-Type': 'application/json' },
    });
  });

  it('sends no Authorization header when signed out or for anonymous calls', async () => {
    const { calls } = mockFetch(() => fakeResponse(200, []));
    await createApiClient({ getToken: async () => null }).GET('/api/announcements');
    const getToken = jest.fn(async () => 'tok');
    await createApiClient({ getToken }).GET('/api/public-config', { anonymous: true });
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[1].headers.Authorization).toBeUndefined();
    expect(getToken).not.toHaveBeenCalled();
  });

  it('GETPage: the body and the cursor of the Link rel="next" header (ADR 0026), null without', async () => {
    const link = '</api/questions?course=TEAS+Math&cursor=WyJhIl0>; rel="next"';
    const { calls } = mockFetch((call) =>
      call.url.includes('cursor=')
        ? fakeResponse(200, { questions: [], total: 3 })
        : fakeResponse(200, { questions: [], total: 3 }, { link }),
    );
    const sut = createApiClient({ getToken: async () => 'tok' });
    await expect(
      sut.GETPage('/api/questions', { params: { query: { limit: 2 } } }),
    ).resolves.toEqual({
      data: { questions: [], total: 3 },
      next: 'WyJhIl0',
    });
    await expect(
      sut.GETPage('/api/questions', { params: { query: { cursor: 'WyJhIl0' } } }),
    ).resolves.toEqual({ data: { questions: [], total: 3 }, next: null });
    expect(calls.map((c) => c.url)).toEqual([
      '/api/questions?limit=2',
      '/api/questions?cursor=WyJhIl0',
    ]);
  });

  it('asks for a fresh token before every call', async () => {
    mockFetch(() => fakeResponse(200, []));
    const getToken = jest.fn(async () => 'tok');
    const sut = createApiClient({ getToken });
    await sut.GET('/api/me');
    await sut.GET('/api/products');
    expect(getToken).toHaveBeenCalledTimes(2);
  });

  it('answers undefined for 204 No Content', async () => {
    mockFetch(() => fakeResponse(204));
    await expect(
      createApiClient().DELETE('/api/announcements/{id}', { params: { path: { id: '1' } } }),
    ).resolves.toBeUndefined();
  });

  it(`gives '${TIMEOUT_MESSAGE}' after ${REQUEST_TIMEOUT_MS} ms`, async () => {
    jest.useFakeTimers();
    // A stalled server: fetch settles only when the client aborts it.
    window.fetch = jest.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    ) as unknown as typeof window.fetch;
    const pending = createApiClient().GET('/api/announcements');
    const assertion = expect(pending).rejects.toMatchObject({
      name: 'ApiError',
      status: 0,
      code: 'TIMEOUT',
      message: 'Request timed out after 15 seconds',
    });
    await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    let settled = false;
    pending.catch(() => undefined).finally(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await jest.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('turns a failed connection into a network error', async () => {
    window.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof window.fetch;
    await expect(createApiClient().GET('/api/me')).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('throws an ApiError with status, code, message and fields of the error body', async () => {
    mockFetch(() =>
      fakeResponse(400, {
        error: 'Bad Request',
        code: 'VALIDATION_FAILED',
        message: 'Some fields are invalid.',
        fields: { content: ['Content is required.'] },
      }),
    );
    const err = await createApiClient()
      .POST('/api/announcements', { body: { content: '', date: '' } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid.',
      fields: { content: ['Content is required.'] },
    });
  });

  it('answers BAD_RESPONSE for a body that is not JSON', async () => {
    mockFetch(() => fakeResponse(200, '<html>proxy page</html>'));
    await expect(createApiClient().GET('/api/me')).rejects.toMatchObject({
      name: 'ApiError',
      status: 200,
      code: 'BAD_RESPONSE',
    });
  });

  it('puts path parameters in the path and the query after it, encoded', async () => {
    const { calls } = mockFetch(() => fakeResponse(200, {}));
    const sut = createApiClient();
    await sut.GET('/api/tests/{testId}', {
      params: { path: { testId: 'a/b c' }, query: { userId: 'u 1' } },
    });
    await sut.GET('/api/gradebook', { params: { query: { userId: undefined } } });
    await sut.GET('/api/questions', {
      params: { query: { course: 'TEAS Math', type: 'sata' } },
      querySerializer: formQuery,
    });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /api/tests/a%2Fb%20c?userId=u%201',
      'GET /api/gradebook',
      'GET /api/questions?course=TEAS+Math&type=sata',
    ]);
    expect(calls[0].headers).toEqual({ Accept: 'application/json' });
  });

  it("rethrows the caller's abort as it is (a cancelled query is not a network error)", async () => {
    window.fetch = jest.fn(
      (_url: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    ) as unknown as typeof window.fetch;
    const caller = new AbortController();
    const pending = createApiClient().GET('/api/me', { signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('is typed by the OpenAPI document: paths, parameters, bodies and answers', () => {
    const api = createApiClient();
    // never run: the checks are the compiler's (web typecheck)
    const calls = async () => {
      // @ts-expect-error a route the gateway does not have
      await api.GET('/api/no-such-route');
      // @ts-expect-error a route without its path parameter
      await api.GET('/api/tests/{testId}');
      // @ts-expect-error a body field of the wrong type
      await api.POST('/api/submit-test', { body: { testId: 1 } });
      const exam = { productId: 'p', includeId: 'i', mode: 'exam' } as const;
      // @ts-expect-error a query parameter outside its enum
      await api.GET('/api/tests/unfinished', { params: { query: exam } });
      const me = await api.GET('/api/me');
      // @ts-expect-error a field the answer does not have
      return me.password;
    };
    expect(typeof calls).toBe('function');
  });

  describe('errorFromResponse', () => {
    it('uses the server message, else its error field, else the body text', () => {
      expect(
        errorFromResponse(
          403,
          JSON.stringify({ error: 'Forbidden', code: 'FORBIDDEN', message: 'Admins only.' }),
        ).message,
      ).toBe('Admins only.');
      expect(errorFromResponse(503, JSON.stringify({ error: 'Service Unavailable' })).message).toBe(
        'Service Unavailable',
      );
      expect(errorFromResponse(502, 'Bad gateway from proxy')).toMatchObject({
        status: 502,
        code: 'HTTP_502',
        message: 'Bad gateway from proxy',
      });
      expect(errorFromResponse(500, '').message).toBe('Request failed with status 500');
    });

    it('keeps only string messages in fields', () => {
      const err = errorFromResponse(
        400,
        JSON.stringify({ message: 'x', fields: { a: ['m1', 2], b: 'm2', c: [] } }),
      );
      expect(err.fields).toEqual({ a: ['m1'], b: ['m2'] });
    });
  });
});
