import { MEDIA_MESSAGES } from '@examprep/contracts/types';
import { mockFetch } from '../../test-utils/mock-fetch';
import {
  downloadStampedPdf,
  fileNameFromContentDisposition,
  pdfErrorMessage,
  type PdfProgress,
} from './stamped-pdf';

const WORKBOOK = 'Workbooks/TEAS-Math-Workbook.pdf';
const EMAIL = 'learner@example.com';

/** A streamed answer: headers, and a body read piece by piece. */
function pdfResponse(
  pieces: string[],
  headers: Record<string, string> = {},
  status = 200,
  failAfter?: number,
): Response {
  const encoder = new TextEncoder();
  let i = 0;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: status >= 200 && status < 300,
    status,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    body: {
      getReader: () => ({
        read: async () => {
          if (failAfter !== undefined && i >= failAfter) throw new TypeError('network error');
          if (i >= pieces.length) return { done: true, value: undefined };
          return { done: false, value: encoder.encode(pieces[i++]) };
        },
      }),
      cancel: async () => undefined,
    },
  } as unknown as Response;
}

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
  jest.useRealTimers();
});

describe('fileNameFromContentDisposition', () => {
  it.each([
    [
      `attachment; filename="TEAS-Math-Workbook-a_b@x.com.pdf"; filename*=UTF-8''TEAS-Math-Workbook-a%2Bb%40x.com.pdf`,
      'TEAS-Math-Workbook-a+b@x.com.pdf',
    ],
    ['attachment; filename="Med-Dosage-Workbook-l@x.com.pdf"', 'Med-Dosage-Workbook-l@x.com.pdf'],
    ['attachment; filename=plain.pdf', 'plain.pdf'],
    ['attachment; filename="..\\..\\evil/name.pdf"', 'evil_name.pdf'],
    [`attachment; filename*=UTF-8''%E0%A4%A; filename="fallback.pdf"`, 'fallback.pdf'],
  ])('%s -> %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  // the headers the gateway sends (the content-disposition package, media-routes.spec)
  it.each([
    [`attachment; filename="TEAS-Math-Workbook-a+b@x.com.pdf"`, 'TEAS-Math-Workbook-a+b@x.com.pdf'],
    [
      `attachment; filename="Dosage ? ?bungen.pdf"; filename*=UTF-8''Dosage%20%E2%80%93%20%C3%9Cbungen.pdf`,
      'Dosage – Übungen.pdf',
    ],
    [`attachment; filename="a\\"b\\\\c.pdf"`, 'a_b_c.pdf'],
    ['attachment; filename=filtered_users.csv', 'filtered_users.csv'],
  ])('from the gateway: %s -> %s', (header, name) => {
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });

  it('null without a header or a file name', () => {
    expect(fileNameFromContentDisposition(null)).toBeNull();
    expect(fileNameFromContentDisposition('attachment')).toBeNull();
    expect(fileNameFromContentDisposition('attachment; filename=""')).toBeNull();
  });
});

describe('pdfErrorMessage (learner spec §8 Downloads)', () => {
  it.each([
    [401, 'Authentication required to download the file.'],
    [
      429,
      'You have attempted/downloaded this product too many times (recently)... contact support.',
    ],
    [403, 'Failed to download the PDF. Please try again.'],
    [500, 'Failed to download the PDF. Please try again.'],
    [0, 'Failed to download the PDF. Please try again.'],
  ])('%d -> %s', (status, text) => {
    expect(pdfErrorMessage(status)).toBe(text);
  });
});

describe('downloadStampedPdf', () => {
  const getToken = async () => 'tok';

  it('posts the workbook path with the token, reports progress and saves under the answer’s name', async () => {
    const { calls } = mockFetch(() =>
      pdfResponse(['%PDF-', '1.7 body', '%%EOF'], {
        'Content-Length': '18',
        'Content-Disposition': `attachment; filename="x.pdf"; filename*=UTF-8''TEAS-Math-Workbook-learner%40example.com.pdf`,
      }),
    );
    const progress: PdfProgress[] = [];
    const saved: Array<{ name: string; blob: Blob }> = [];
    const result = await downloadStampedPdf({
      workbookPath: WORKBOOK,
      email: EMAIL,
      getToken,
      onProgress: (p) => progress.push(p),
      save: (name, blob) => saved.push({ name, blob }),
    });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/generate-stamped-pdf',
      method: 'POST',
      body: { workbookPath: WORKBOOK },
    });
    expect(calls[0].headers.Authorization).toBe('Bearer tok');
    expect(progress).toEqual([
      { phase: 'preparing' },
      { phase: 'receiving', received: 0, total: 18 },
      { phase: 'receiving', received: 5, total: 18 },
      { phase: 'receiving', received: 13, total: 18 },
      { phase: 'receiving', received: 18, total: 18 },
    ]);
    expect(result).toEqual({ fileName: 'TEAS-Math-Workbook-learner@example.com.pdf', bytes: 18 });
    expect(saved).toHaveLength(1);
    expect(saved[0].name).toBe('TEAS-Math-Workbook-learner@example.com.pdf');
    expect(saved[0].blob.type).toBe('application/pdf');
    expect(saved[0].blob.size).toBe(18);
  });

  it('without Content-Disposition the file is named with the stamp; without Content-Length the total is unknown', async () => {
    mockFetch(() => pdfResponse(['%PDF-1.7']));
    const progress: PdfProgress[] = [];
    const saved: string[] = [];
    await downloadStampedPdf({
      workbookPath: WORKBOOK,
      email: EMAIL,
      getToken,
      onProgress: (p) => progress.push(p),
      save: (name) => saved.push(name),
    });
    expect(saved).toEqual(['TEAS-Math-Workbook-learner@example.com.pdf']);
    expect(progress.at(-1)).toEqual({ phase: 'receiving', received: 8, total: null });
  });

  it.each([
    [401, MEDIA_MESSAGES.authRequired],
    [429, MEDIA_MESSAGES.tooManyDownloads],
    [403, MEDIA_MESSAGES.downloadFailed],
    [503, MEDIA_MESSAGES.downloadFailed],
  ])('answer %d: %s, nothing saved', async (status, text) => {
    mockFetch(() => pdfResponse(['{"message":"x"}'], {}, status));
    const save = jest.fn();
    await expect(
      downloadStampedPdf({ workbookPath: WORKBOOK, email: EMAIL, getToken, save }),
    ).rejects.toMatchObject({ message: text, status });
    expect(save).not.toHaveBeenCalled();
  });

  it('signed out: the authentication text, no request', async () => {
    const { calls } = mockFetch(() => pdfResponse(['%PDF']));
    await expect(
      downloadStampedPdf({ workbookPath: WORKBOOK, email: EMAIL, getToken: async () => null }),
    ).rejects.toThrow(MEDIA_MESSAGES.authRequired);
    expect(calls).toHaveLength(0);
  });

  it('a network failure, a broken stream or a cut-off body: the failure text, nothing saved', async () => {
    const save = jest.fn();
    const run = () => downloadStampedPdf({ workbookPath: WORKBOOK, email: EMAIL, getToken, save });
    window.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    await expect(run()).rejects.toThrow(MEDIA_MESSAGES.downloadFailed);
    mockFetch(() => pdfResponse(['%PDF-', 'more'], { 'Content-Length': '9' }, 200, 1));
    await expect(run()).rejects.toThrow(MEDIA_MESSAGES.downloadFailed);
    mockFetch(() => pdfResponse(['%PDF-'], { 'Content-Length': '100' }));
    await expect(run()).rejects.toThrow(MEDIA_MESSAGES.downloadFailed);
    expect(save).not.toHaveBeenCalled();
  });

  it('a server that never answers ends with the failure text after the time-out', async () => {
    jest.useFakeTimers();
    window.fetch = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    ) as unknown as typeof fetch;
    const done = downloadStampedPdf({
      workbookPath: WORKBOOK,
      email: EMAIL,
      getToken,
      timeoutMs: 1000,
    });
    const settled = expect(done).rejects.toThrow(MEDIA_MESSAGES.downloadFailed);
    await jest.advanceTimersByTimeAsync(1000);
    await settled;
  });

  it('an abort by the caller rejects with the abort, not a failure text', async () => {
    window.fetch = jest.fn(
      (_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          );
        }),
    ) as unknown as typeof fetch;
    const controller = new AbortController();
    const done = downloadStampedPdf({
      workbookPath: WORKBOOK,
      email: EMAIL,
      getToken,
      signal: controller.signal,
    });
    await Promise.resolve();
    await Promise.resolve();
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
  });
});
