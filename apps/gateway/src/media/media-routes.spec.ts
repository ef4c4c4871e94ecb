// The media routes in-process (Fastify inject), the services stubbed and a small HTTP server
// standing in for the object store: who may call what, what reaches the media service (the
// actor from the token), what is refused before it does, and the PDF responses (headers, bytes,
// the store failing before the first byte → 503 STORAGE_UNAVAILABLE, never a hang). Against the
// real system: test/media.int-spec.ts.
import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCodes, MEDIA_MESSAGES, Subjects } from '@examprep/contracts';
import { NatsRpcClient, RpcCallError } from '@examprep/nest-kit';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  callerVerifier,
  type InjectServer,
  inProcessEnv,
  startInProcessGateway,
} from '../../test/support/in-process';
import { parse as parseDisposition } from 'content-disposition';

jest.spyOn(NatsRpcClient.prototype, 'connect').mockResolvedValue(undefined);
const rpc = jest.spyOn(NatsRpcClient.prototype, 'request').mockResolvedValue({} as never);

type Caller = 'anonymous' | 'unverified' | 'learner' | 'admin';
const ACTORS = {
  unverified: { uid: 'u-unverified', isAdmin: false, emailVerified: false },
  learner: { uid: 'u-learner', isAdmin: false, emailVerified: true },
  admin: { uid: 'u-admin', isAdmin: true, emailVerified: true },
} as const;
const STORAGE_TIMEOUT_MS = 400;
let app: NestFastifyApplication;
let server: InjectServer;

/** The stand-in object store: /pdf answers a PDF, /error 500, /hang never answers, /stall stops mid-body. */
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.7\n'),
  Buffer.alloc(5000, 0x41),
  Buffer.from('\n%%EOF\n'),
]);
let store: Server;
let storeUrl: string;

beforeAll(async () => {
  store = createServer((req, res) => {
    if (req.url === '/pdf') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length });
      res.end(PDF);
    } else if (req.url === '/error') {
      res.writeHead(500, { 'content-type': 'application/xml' });
      res.end('<Error><Code>InternalError</Code></Error>');
    } else if (req.url === '/stall') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length });
      res.write(PDF.subarray(0, 100));
    } // '/hang': no answer at all
  });
  await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
  storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
  ({ app, server } = await startInProcessGateway(
    callerVerifier(ACTORS),
    Object.assign(inProcessEnv(), { STORAGE_TIMEOUT_MS }),
  ));
});
afterAll(async () => {
  await app?.close();
  store.closeAllConnections();
  await new Promise((r) => store.close(r));
});
beforeEach(() => {
  rpc.mockReset();
  rpc.mockResolvedValue({} as never);
});

function send(method: 'GET' | 'POST', url: string, who: Caller, payload?: object) {
  return server.inject({
    method,
    url,
    payload: payload === undefined ? undefined : JSON.stringify(payload),
    headers: {
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(who === 'anonymous' ? {} : { authorization: `Bearer ${who}.x.y` }),
    },
  });
}

const located = (path: string, fileName = 'TEAS-Math-Workbook-learner@examprep.test.pdf') => ({
  internalUrl: `${storeUrl}${path}`,
  fileName,
  contentType: 'application/pdf',
  size: PDF.length,
});

type Route = [
  subject: string,
  method: 'GET' | 'POST',
  url: string,
  body: object | undefined,
  message: object,
  downloads: boolean,
];
const ROUTES: Route[] = [
  [
    Subjects.media.sign,
    'GET',
    '/api/getSignedUrl?path=Images/AB12-que.png',
    undefined,
    { path: 'Images/AB12-que.png' },
    false,
  ],
  [
    Subjects.media.workbookVideo,
    'GET',
    '/api/getWorkbookVideoUrl?videoPath=Workbooks/TEAS-Math-Workbook/videos/01-ratios.mp4',
    undefined,
    { videoPath: 'Workbooks/TEAS-Math-Workbook/videos/01-ratios.mp4' },
    false,
  ],
  [
    Subjects.media.download,
    'GET',
    '/api/download-file-free?filePath=Downloads/free-3d-assets.zip',
    undefined,
    { filePath: 'Downloads/free-3d-assets.zip', tier: 'free' },
    true,
  ],
  [
    Subjects.media.download,
    'GET',
    '/api/download-file-paid?filePath=Downloads/premium-3d-assets.zip',
    undefined,
    { filePath: 'Downloads/premium-3d-assets.zip', tier: 'paid' },
    true,
  ],
  [
    Subjects.media.workbook,
    'GET',
    '/api/workbooks/teas_math_workbook',
    undefined,
    { productId: 'teas_math_workbook' },
    false,
  ],
  [
    Subjects.media.pdf,
    'GET',
    '/api/proxy-pdf?file=med-dosage-conversions.pdf',
    undefined,
    { file: 'med-dosage-conversions.pdf', tier: 'paid' },
    true,
  ],
  [
    Subjects.media.pdf,
    'GET',
    '/api/proxy-free-pdf?file=med-dosage-conversions.pdf',
    undefined,
    { file: 'med-dosage-conversions.pdf', tier: 'free' },
    true,
  ],
  [
    Subjects.media.stamp,
    'POST',
    '/api/generate-stamped-pdf',
    { workbookPath: 'Workbooks/TEAS-Math-Workbook.pdf' },
    { workbookPath: 'Workbooks/TEAS-Math-Workbook.pdf' },
    true,
  ],
];
const isPdf = (subject: string) =>
  subject === Subjects.media.pdf || subject === Subjects.media.stamp;

describe('media routes: who may call, what reaches the media service', () => {
  it.each(ROUTES)(
    '%s %s %s: anonymous 401 (spec text on downloads), unverified 403, nothing sent',
    async (_s, method, url, body, _m, downloads) => {
      const anon = await send(method, url, 'anonymous', body);
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toMatchObject({
        code: 'UNAUTHENTICATED',
        message: downloads
          ? 'Authentication required to download the file.'
          : 'Authentication required.',
      });
      const unverified = await send(method, url, 'unverified', body);
      expect(unverified.statusCode).toBe(403);
      expect(unverified.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
      expect(rpc).not.toHaveBeenCalled();
    },
  );

  it.each(ROUTES)(
    '%s %s %s: learner and admin reach the media service with their own actor',
    async (subject, method, url, body, message) => {
      for (const who of ['learner', 'admin'] as const) {
        rpc.mockReset();
        rpc.mockResolvedValue(
          (isPdf(subject)
            ? located('/pdf')
            : { signedUrl: 'https://s3/x', expiresAt: 'z' }) as never,
        );
        const res = await send(method, url, who, body);
        expect(res.statusCode).toBe(200);
        expect(rpc).toHaveBeenCalledTimes(1);
        expect(rpc.mock.calls[0]![0]).toBe(subject);
        expect(rpc.mock.calls[0]![1]).toEqual({
          actor: { ...ACTORS[who], email: `${who}@examprep.test`, stagingAccess: false },
          ...message,
        });
      }
    },
  );

  it('the media service’s refusals pass through: 403 file, 429 too many downloads, 503 storage', async () => {
    for (const payload of [
      { status: 403, code: ErrorCodes.FORBIDDEN, message: MEDIA_MESSAGES.forbidden },
      { status: 429, code: ErrorCodes.RATE_LIMITED, message: MEDIA_MESSAGES.tooManyDownloads },
      {
        status: 503,
        code: ErrorCodes.STORAGE_UNAVAILABLE,
        message: MEDIA_MESSAGES.storageUnavailable,
      },
    ]) {
      rpc.mockRejectedValueOnce(new RpcCallError(payload));
      const res = await send('POST', '/api/generate-stamped-pdf', 'learner', {
        workbookPath: 'Workbooks/TEAS-Math-Workbook.pdf',
      });
      expect(res.statusCode).toBe(payload.status);
      expect(res.json()).toMatchObject({ code: payload.code, message: payload.message });
    }
  });

  it('POST /api/admin/media/uploads: admins only; the ticket of the media service', async () => {
    const input = {
      slot: 'questionImage',
      contentType: 'image/png',
      size: 1000,
      fileName: 'triangle.png',
    };
    expect((await send('POST', '/api/admin/media/uploads', 'anonymous', input)).statusCode).toBe(
      401,
    );
    const learner = await send('POST', '/api/admin/media/uploads', 'learner', input);
    expect(learner.statusCode).toBe(403);
    expect(learner.json()).toMatchObject({ message: 'Admins only.' });
    expect(rpc).not.toHaveBeenCalled();
    rpc.mockResolvedValue({ uploadId: 'a'.repeat(24) } as never);
    const admin = await send('POST', '/api/admin/media/uploads', 'admin', input);
    expect(admin.statusCode).toBe(201);
    expect(admin.json()).toEqual({ uploadId: 'a'.repeat(24) });
    expect(rpc).toHaveBeenCalledWith(
      Subjects.media.createUpload,
      expect.objectContaining({ input }),
    );
  });
});

describe('media routes: bad input is 400 naming the field, before the media service', () => {
  it.each([
    ['/api/getSignedUrl?path=../etc/passwd', 'path'],
    ['/api/getSignedUrl?path=Images/%2e%2e/AB12-que.png', 'path'],
    ['/api/getSignedUrl?path=/Images/AB12-que.png', 'path'],
    ['/api/getSignedUrl?path=Secrets/keys.txt', 'path'],
    ['/api/getSignedUrl', 'path'],
    ['/api/getWorkbookVideoUrl?videoPath=Workbooks/TEAS-Math-Workbook.pdf', 'videoPath'],
    ['/api/download-file-free?filePath=Workbooks/TEAS-Math-Workbook.pdf', 'filePath'],
    ['/api/download-file-paid?filePath=Downloads/../x.zip', 'filePath'],
    ['/api/proxy-pdf?file=../Workbooks/TEAS-Math-Workbook.pdf', 'file'],
    ['/api/proxy-free-pdf?file=notes.txt', 'file'],
    ['/api/workbooks/Not-An-Id', 'productId'],
  ])('GET %s → 400 on %s', async (url, field) => {
    const res = await send('GET', url, 'learner');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty(field);
    expect(rpc).not.toHaveBeenCalled();
  });

  it('generate-stamped-pdf: a bad workbookPath or an unknown field is 400 naming it', async () => {
    for (const [body, field] of [
      [{ workbookPath: 'Workbooks/../x.pdf' }, 'workbookPath'],
      [{}, 'workbookPath'],
      [{ workbookPath: 'Workbooks/TEAS-Math-Workbook.pdf', email: 'someone@else.test' }, 'email'],
    ] as const) {
      const res = await send('POST', '/api/generate-stamped-pdf', 'learner', body);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(field);
    }
    expect(rpc).not.toHaveBeenCalled();
  });

  it('admin uploads: slot, contentType, size and fileName checked', async () => {
    const ok = { slot: 'video', contentType: 'video/mp4', size: 1000, fileName: 'clip.mp4' };
    for (const [over, field] of [
      [{ slot: 'poster' }, 'slot'],
      [{ contentType: 'text/html' }, 'contentType'],
      [{ size: 0 }, 'size'],
      [{ size: 100 * 1024 * 1024 + 1 }, 'size'],
      [{ fileName: '../../etc/passwd' }, 'fileName'],
      [{ fileName: 'a\u0000.mp4' }, 'fileName'],
      [{ fileName: 'evil\u202egnp.mp4' }, 'fileName'],
    ] as const) {
      const res = await send('POST', '/api/admin/media/uploads', 'admin', { ...ok, ...over });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toHaveProperty(field);
    }
    expect(rpc).not.toHaveBeenCalled();
  });
});

describe('PDF routes stream the located object (ADR 0020 §4)', () => {
  it.each([
    ['POST', '/api/generate-stamped-pdf', { workbookPath: 'Workbooks/TEAS-Math-Workbook.pdf' }],
    ['GET', '/api/proxy-pdf?file=med-dosage-conversions.pdf', undefined],
    ['GET', '/api/proxy-free-pdf?file=med-dosage-conversions.pdf', undefined],
  ] as const)(
    '%s %s: application/pdf, length, attachment with the file name, no-store, the bytes',
    async (method, url, body) => {
      rpc.mockResolvedValue(located('/pdf') as never);
      const res = await send(method, url, 'learner', body);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-length']).toBe(String(PDF.length));
      expect(res.headers['content-disposition']).toBe(
        'attachment; filename="TEAS-Math-Workbook-learner@examprep.test.pdf"',
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.equals(PDF)).toBe(true);
    },
  );

  it.each([
    ['the store unreachable', 'http://127.0.0.1:1/pdf'],
    ['the store answering 500', '/error'],
    ['the store never answering', '/hang'],
  ])(
    '%s: 503 STORAGE_UNAVAILABLE as JSON before any PDF header, no stack, within the time-out',
    async (_l, where) => {
      rpc.mockResolvedValue({
        ...located('/pdf'),
        internalUrl: where.startsWith('http') ? where : `${storeUrl}${where}`,
      } as never);
      const started = Date.now();
      const res = await send('GET', '/api/proxy-pdf?file=med-dosage-conversions.pdf', 'learner');
      expect(Date.now() - started).toBeLessThan(STORAGE_TIMEOUT_MS + 2000);
      expect(res.statusCode).toBe(503);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      const answer = res.json();
      expect(answer).toMatchObject({
        code: 'STORAGE_UNAVAILABLE',
        message: MEDIA_MESSAGES.storageUnavailable,
      });
      expect(JSON.stringify(answer)).not.toMatch(/stack|at \w+ \(|127\.0\.0\.1/);
    },
  );

  it('a store that stalls mid-body: the response ends after the idle time-out (no hang)', async () => {
    rpc.mockResolvedValue(located('/stall') as never);
    const started = Date.now();
    const res = await send(
      'GET',
      '/api/proxy-pdf?file=med-dosage-conversions.pdf',
      'learner',
    ).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(STORAGE_TIMEOUT_MS + 3000);
    // either inject reports the broken stream or the body is short of the announced length
    if (!(res instanceof Error)) {
      expect((res as { rawPayload: Buffer }).rawPayload.length).toBeLessThan(PDF.length);
    }
  });
});

describe('Content-Disposition of a streamed PDF (content-disposition)', () => {
  // the web app reads these headers back (stamped-pdf.ts fileNameFromContentDisposition, its
  // spec holds the same header texts)
  it.each([
    ['TEAS-Math-Workbook-a+b@x.com.pdf', 'attachment; filename="TEAS-Math-Workbook-a+b@x.com.pdf"'],
    [
      'Dosage – Übungen.pdf',
      `attachment; filename="Dosage ? ?bungen.pdf"; filename*=UTF-8''Dosage%20%E2%80%93%20%C3%9Cbungen.pdf`,
    ],
    [
      'W-José+tag@ex.test.pdf',
      `attachment; filename="W-Jos?+tag@ex.test.pdf"; filename*=UTF-8''W-Jos%C3%A9%2Btag%40ex.test.pdf`,
    ],
    ['a"b\\c.pdf', 'attachment; filename="a\\"b\\\\c.pdf"'],
    [
      'a"b\\c\r\n.pdf',
      `attachment; filename="a\\"b\\\\c??.pdf"; filename*=UTF-8''a%22b%5Cc%0D%0A.pdf`,
    ],
  ])('%j: %s, which names the file exactly', async (fileName, header) => {
    rpc.mockResolvedValue(located('/pdf', fileName) as never);
    const res = await send('GET', '/api/proxy-pdf?file=med-dosage-conversions.pdf', 'learner');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(header);
    expect(parseDisposition(header)).toEqual({
      type: 'attachment',
      parameters: expect.objectContaining({ filename: fileName }),
    });
  });
});
