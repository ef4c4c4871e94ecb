import { MEDIA_MESSAGES, type UploadTicket } from '@examprep/contracts/types';
import { checkMediaFile, putWithProgress, UploadAbortedError } from './upload';

const PNG_HEAD = [
  0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52,
];
const MP4_HEAD = [0, 0, 0, 0x20, ...Array.from('ftypisom', (c) => c.charCodeAt(0)), 0, 0, 2, 0];

const file = (bytes: number[] | string, name: string, size?: number) => {
  const f = new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name);
  if (size !== undefined) Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('checkMediaFile (admin spec §2.3: content checked, limits stated)', () => {
  it('takes a PNG for an image slot and an MP4 for the video, by their bytes', async () => {
    await expect(checkMediaFile('questionImage', file(PNG_HEAD, 'a.png'))).resolves.toEqual({
      ok: true,
      contentType: 'image/png',
    });
    await expect(checkMediaFile('video', file(MP4_HEAD, 'clip.bin'))).resolves.toEqual({
      ok: true,
      contentType: 'video/mp4',
    });
  });

  it('refuses a PNG that is really HTML, and an MP4 that is a ZIP', async () => {
    await expect(
      checkMediaFile('explanationImage', file('<!doctype html><html></html>', 'x.png')),
    ).resolves.toEqual({ ok: false, message: MEDIA_MESSAGES.notAnImage });
    await expect(
      checkMediaFile('video', file([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0, 0, 0, 0, 0], 'v.mp4')),
    ).resolves.toEqual({ ok: false, message: MEDIA_MESSAGES.notAVideo });
    await expect(checkMediaFile('questionImage', file(MP4_HEAD, 'v.png'))).resolves.toEqual({
      ok: false,
      message: MEDIA_MESSAGES.notAnImage,
    });
  });

  it('refuses empty files and files over 5 MB (images) or 100 MB (videos)', async () => {
    await expect(checkMediaFile('questionImage', file([], 'a.png'))).resolves.toEqual({
      ok: false,
      message: MEDIA_MESSAGES.emptyFile,
    });
    await expect(
      checkMediaFile('questionImage', file(PNG_HEAD, 'a.png', 5 * 1024 * 1024 + 1)),
    ).resolves.toEqual({ ok: false, message: 'Images must be at most 5 MB.' });
    await expect(
      checkMediaFile('questionImage', file(PNG_HEAD, 'a.png', 5 * 1024 * 1024)),
    ).resolves.toMatchObject({ ok: true });
    await expect(
      checkMediaFile('video', file(MP4_HEAD, 'a.mp4', 100 * 1024 * 1024 + 1)),
    ).resolves.toEqual({ ok: false, message: 'Videos must be at most 100 MB.' });
  });

  it('refuses names with control or direction characters', async () => {
    await expect(
      checkMediaFile('questionImage', file(PNG_HEAD, 'evil\u202egnp.png')),
    ).resolves.toEqual({ ok: false, message: MEDIA_MESSAGES.fileNameCharacters });
  });
});

/** A fake XMLHttpRequest the test drives. */
class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
}

const TICKET: UploadTicket = {
  uploadId: 'abcdefghijklmnopqrstuvwx',
  url: 'http://127.0.0.1:19100/examprep-media/staging/abcdefghijklmnopqrstuvwx?X-Amz-Signature=1',
  method: 'PUT',
  headers: { 'Content-Type': 'image/png', 'Content-Length': '16' },
  expiresAt: '2026-11-24T10:15:00.000Z',
  maxBytes: 5 * 1024 * 1024,
};

describe('putWithProgress (presigned PUT with XMLHttpRequest)', () => {
  const original = globalThis.XMLHttpRequest;
  beforeEach(() => {
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = original;
  });

  it("PUTs the file to the ticket's URL with its headers and reports progress to 100", async () => {
    const seen: number[] = [];
    const body = file(PNG_HEAD, 'a.png');
    const done = putWithProgress(TICKET, body, { onProgress: (p) => seen.push(p) });
    const xhr = FakeXhr.last;
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['PUT', TICKET.url, body]);
    // Content-Length is the browser's own header: never set by hand
    expect(xhr.headers).toEqual({ 'Content-Type': 'image/png' });
    xhr.progress(4, 16);
    xhr.progress(8, 16);
    xhr.status = 200;
    xhr.onload?.();
    await done;
    expect(seen).toEqual([25, 50, 100]);
  });

  it('a refused PUT or a network failure rejects with the upload-failed sentence', async () => {
    const refused = putWithProgress(TICKET, file(PNG_HEAD, 'a.png'));
    FakeXhr.last.status = 403;
    FakeXhr.last.onload?.();
    await expect(refused).rejects.toThrow(MEDIA_MESSAGES.uploadFailed);
    const network = putWithProgress(TICKET, file(PNG_HEAD, 'a.png'));
    FakeXhr.last.onerror?.();
    await expect(network).rejects.toThrow('The upload failed. Please try again.');
  });

  it('aborting the signal cancels the upload', async () => {
    const controller = new AbortController();
    const running = putWithProgress(TICKET, file(PNG_HEAD, 'a.png'), { signal: controller.signal });
    controller.abort();
    await expect(running).rejects.toBeInstanceOf(UploadAbortedError);
    await expect(
      putWithProgress(TICKET, file(PNG_HEAD, 'a.png'), { signal: controller.signal }),
    ).rejects.toBeInstanceOf(UploadAbortedError);
  });
});
