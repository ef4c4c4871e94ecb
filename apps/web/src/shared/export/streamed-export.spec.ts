import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/api-client';
import { mockFetch } from '../../test-utils/mock-fetch';
import { type ExportProgress, fetchStreamedExport } from './streamed-export';

/** A streamed answer read piece by piece; `failAfter` pieces then a broken connection. */
function streamed(pieces: string[], headers: Record<string, string> = {}, failAfter?: number) {
  const encoder = new TextEncoder();
  let i = 0;
  return {
    ok: true,
    status: 200,
    headers: new Headers(headers),
    body: {
      getReader: () => ({
        read: async () => {
          if (failAfter !== undefined && i >= failAfter) throw new TypeError('network error');
          if (i >= pieces.length) return { done: true, value: undefined };
          return { done: false, value: encoder.encode(pieces[i++]) };
        },
      }),
    },
  } as unknown as Response;
}

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

const FILE = [
  '{"exportDate":"d","totalQuestions":3,"filters":{},"questions":[\n',
  '{"qid":"AB12"},\n{"qid":"AB13"}',
  ',\n{"qid":"AB14"}',
  '\n]}\n',
];

describe('fetchStreamedExport (ADR 0026)', () => {
  it('reads the file piece by piece: bytes and rows so far of x-total-count; the whole file', async () => {
    const { calls } = mockFetch(() => streamed(FILE, { 'x-total-count': '3' }));
    const seen: ExportProgress[] = [];
    const { blob, progress } = await fetchStreamedExport({
      path: '/api/questions/export',
      query: 'course=TEAS',
      getToken: async () => 'tok',
      onProgress: (p) => seen.push(p),
    });
    expect(calls[0]).toMatchObject({
      url: '/api/questions/export?course=TEAS',
      headers: { Authorization: 'Bearer tok' },
    });
    expect(seen.map((p) => p.rows)).toEqual([0, 0, 1, 2, 3]); // a row counts once its line ends
    expect(seen[seen.length - 1]).toEqual({ bytes: FILE.join('').length, rows: 3, total: 3 });
    expect(progress.rows).toBe(3);
    // jsdom's Blob has no text(): read it as the browser would
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blob);
    });
    expect(JSON.parse(text)).toMatchObject({ totalQuestions: 3 });
  });

  it('without x-total-count the total is unknown and every row still counts', async () => {
    mockFetch(() => streamed(['a,b\r\n', '1,2\r\n3,4\r\n']));
    const { progress } = await fetchStreamedExport({
      path: '/api/admin/users/export',
      query: '',
      getToken: async () => 't',
      mimeType: 'text/csv;charset=utf-8',
    });
    expect(progress).toEqual({ bytes: 15, rows: 2, total: null });
  });

  it("a refusal is the ApiError of its body (404 'No questions to export.')", async () => {
    mockFetch(
      () =>
        ({
          ok: false,
          status: 404,
          headers: new Headers(),
          body: null,
          text: async () =>
            JSON.stringify({ code: 'NOT_FOUND', message: 'No questions to export.' }),
        }) as unknown as Response,
    );
    const err = await fetchStreamedExport({
      path: '/x',
      query: '',
      getToken: async () => 't',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, message: 'No questions to export.' });
  });

  it('a connection broken midway: the network error, not half a file', async () => {
    mockFetch(() => streamed(FILE, {}, 2));
    await expect(
      fetchStreamedExport({ path: '/x', query: '', getToken: async () => 't' }),
    ).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('cancel: rejects with the abort, nothing more is read', async () => {
    const controller = new AbortController();
    window.fetch = jest.fn((_url: string, init: RequestInit) => {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    }) as unknown as typeof fetch;
    const run = fetchStreamedExport({
      path: '/x',
      query: '',
      getToken: async () => 't',
      signal: controller.signal,
    });
    await Promise.resolve();
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
  });
});
