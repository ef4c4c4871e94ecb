/** A minimal Response: what the API client reads (ok, status, text()). */
export function fakeResponse(status: number, body?: unknown): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    text: async () => text,
  } as unknown as Response;
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

export type FetchHandler = (call: FetchCall) => Response | Promise<Response>;

/** Replaces window.fetch; returns the recorded calls. */
export function mockFetch(handler: FetchHandler): { calls: FetchCall[]; fn: jest.Mock } {
  const calls: FetchCall[] = [];
  const fn = jest.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call: FetchCall = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    return handler(call);
  });
  window.fetch = fn as unknown as typeof window.fetch;
  return { calls, fn };
}
