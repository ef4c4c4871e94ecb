/** A minimal Response: what the API client reads (ok, status, text()). */
export function fakeResponse(
  status: number,
  body?: unknown,
  headers: Record<string, string> = {},
): Response {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: new Headers(headers),
    text: async () => text,
    // the whole text as one piece, for readers of the stream (fetchStreamedExport)
    body: {
      cancel: async () => undefined,
      getReader: () => {
        let done = false;
        return {
          read: async () => {
            if (done) return { done: true, value: undefined };
            done = true;
            return { done: false, value: new TextEncoder().encode(text) };
          },
        };
      },
    },
  } as unknown as Response;
}

export interface FetchCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
  signal?: AbortSignal;
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
      signal: init.signal ?? undefined,
    };
    calls.push(call);
    return handler(call);
  });
  window.fetch = fn as unknown as typeof window.fetch;
  return { calls, fn };
}

/** A streaming body the test feeds chunk by chunk (what fetch + getReader() see). */
export interface FakeStream {
  response: Response;
  push(text: string): void;
  end(): void;
  fail(err: Error): void;
  cancelled: boolean;
}

export function fakeStreamResponse(status = 200, signal?: AbortSignal): FakeStream {
  const queue: Array<{ done: boolean; value?: Uint8Array; error?: Error }> = [];
  let waiting: ((item: { done: boolean; value?: Uint8Array; error?: Error }) => void) | null = null;
  const encoder = new TextEncoder();
  const deliver = (item: { done: boolean; value?: Uint8Array; error?: Error }) => {
    if (waiting) {
      const w = waiting;
      waiting = null;
      w(item);
    } else queue.push(item);
  };
  const stream: FakeStream = {
    cancelled: false,
    push: (text) => deliver({ done: false, value: encoder.encode(text) }),
    end: () => deliver({ done: true }),
    fail: (error) => deliver({ done: true, error }),
    response: {
      ok: status >= 200 && status < 300,
      status,
      body: {
        getReader: () => ({
          read: () =>
            new Promise((resolve, reject) => {
              const take = (item: { done: boolean; value?: Uint8Array; error?: Error }) =>
                item.error ? reject(item.error) : resolve({ done: item.done, value: item.value });
              const next = queue.shift();
              if (next) take(next);
              else waiting = take;
            }),
          cancel: async () => {
            stream.cancelled = true;
            deliver({ done: true });
          },
        }),
      },
      text: async () => '',
    } as unknown as Response,
  };
  signal?.addEventListener('abort', () => stream.fail(new Error('The operation was aborted.')));
  return stream;
}
