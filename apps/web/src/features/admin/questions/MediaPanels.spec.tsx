import { type Question, type QuestionFacets, type UploadTicket } from '@examprep/contracts/types';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../../test-utils/render-app';
import { signedUrlCache } from '../../media/signed-url-cache';
import AddQuestionPage from './AddQuestionPage';

const FACETS: QuestionFacets = { courses: ['TEAS Math'], objectives: { 'TEAS Math': ['1.1'] } };
const STORED: Question = {
  qid: 'AB12',
  question: 'What is \\(2+2\\)?',
  type: 'single',
  choices: ['3', '4'],
  correctAnswer: ['4'],
  explanation: 'Add.',
  course: 'TEAS Math',
  objective: '1.1',
  media: { questionImage: 'Images/AB12-que.png', explanationImage: null, video: null },
  rounding: null,
};
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
const MP4 = [0, 0, 0, 0x20, ...Array.from('ftypisom', (c) => c.charCodeAt(0)), 0, 0, 2, 0];
const png = (name = 'figure.png') => new File([new Uint8Array(PNG)], name, { type: 'image/png' });

/** XMLHttpRequest stand-in: every PUT waits for the test. */
class FakeXhr {
  static all: FakeXhr[] = [];
  url = '';
  status = 0;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.all.push(this);
  }
  open(_m: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  send() {}
  abort() {
    this.onabort?.();
  }
  progress(percent: number) {
    act(() =>
      this.upload.onprogress?.({
        lengthComputable: true,
        loaded: percent,
        total: 100,
      } as ProgressEvent),
    );
  }
  finish(status = 200) {
    this.status = status;
    act(() => this.onload?.());
  }
}

let uploadCount = 0;
const ticket = (): UploadTicket => {
  uploadCount += 1;
  const uploadId = `upload${String(uploadCount).padStart(18, '0')}`;
  return {
    uploadId,
    url: `http://s3.test/staging/${uploadId}`,
    method: 'PUT',
    headers: { 'Content-Type': 'image/png' },
    expiresAt: '2999-01-01T00:00:00.000Z',
    maxBytes: 5 * 1024 * 1024,
  };
};

function serve() {
  return mockFetch((call: FetchCall) => {
    if (call.url === '/api/questions/facets') return fakeResponse(200, FACETS);
    if (call.url === '/api/questions/AB12' && call.method === 'GET')
      return fakeResponse(200, STORED);
    if (call.url.startsWith('/api/getSignedUrl')) {
      return fakeResponse(200, {
        signedUrl: 'https://s3.test/signed-que',
        expiresAt: '2999-01-01T00:00:00Z',
      });
    }
    if (call.url === '/api/admin/media/uploads') return fakeResponse(201, ticket());
    if (call.method === 'PUT' || call.method === 'POST') {
      return fakeResponse(200, { ...STORED, ...(call.body as object), qid: 'AB12' });
    }
    return fakeResponse(500, { message: 'unexpected call' });
  });
}

const panel = (name: string) => screen.getByTestId(`media-panel-${name}`);
const fileInput = (name: string) => screen.getByLabelText(`${name} file`) as HTMLInputElement;
const choose = (label: string, file: File) =>
  act(async () => {
    fireEvent.change(fileInput(label), { target: { files: [file] } });
  });
const saveCall = (calls: FetchCall[]) =>
  calls.find((c) => c.url.startsWith('/api/questions') && c.method !== 'GET');

describe('/add-question media panels (admin spec §2.3, §4; ADR 0020 §2)', () => {
  const realXhr = globalThis.XMLHttpRequest;
  beforeEach(() => {
    FakeXhr.all = [];
    uploadCount = 0;
    globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
    let n = 0;
    URL.createObjectURL = jest.fn(() => `blob:local-${++n}`);
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    globalThis.XMLHttpRequest = realXhr;
  });

  async function openEdit() {
    renderApp(
      { route: '/add-question?mode=edit&qid=AB12', session: fakeSession({ isAdmin: true }) },
      <AddQuestionPage />,
    );
    await screen.findByRole('heading', { name: 'Question Image' });
  }

  it('a PNG that is really HTML is refused in the panel, naming it; nothing is uploaded', async () => {
    const { calls } = serve();
    await openEdit();
    const html = new File(['<!doctype html><title>x</title>'], 'evil.png', { type: 'image/png' });
    await choose('Question Image', html);
    expect(await within(panel('questionImage')).findByRole('alert')).toHaveTextContent(
      'Question Image: The file is not a PNG, JPEG or WebP image (its content was checked, not its name).',
    );
    await choose('Video Explanation', png('clip.mp4'));
    expect(await within(panel('video')).findByRole('alert')).toHaveTextContent(
      'Video Explanation: The file is not an MP4 video (its content was checked, not its name).',
    );
    expect(calls.some((c) => c.url === '/api/admin/media/uploads')).toBe(false);
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('the stored image shows through a signed URL at 300 px; Replace and Remove are offered', async () => {
    const { calls } = serve();
    await openEdit();
    const img = await within(panel('questionImage')).findByRole('img', {
      name: 'Question Image preview',
    });
    expect(img).toHaveAttribute('src', 'https://s3.test/signed-que');
    expect(img).toHaveStyle({ maxHeight: '300px' });
    expect(calls.map((c) => c.url)).toContain('/api/getSignedUrl?path=Images%2FAB12-que.png');
    expect(screen.getByRole('button', { name: 'Replace Question Image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Question Image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Explanation Image' })).toBeInTheDocument();
  });

  it('uploads with a real progress bar, previews the local file, and the save names the upload; then the cache forgets the paths', async () => {
    const { calls } = serve();
    const u = userEvent.setup();
    await openEdit();
    await within(panel('questionImage')).findByRole('img');
    const key = { user: 'user-1', path: 'Images/AB12-que.png', kind: 'image' as const };
    expect(signedUrlCache.peek(key)).toBe('https://s3.test/signed-que');

    await choose('Explanation Image', png('exp.png'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    expect(calls.find((c) => c.url === '/api/admin/media/uploads')?.body).toEqual({
      slot: 'explanationImage',
      contentType: 'image/png',
      size: PNG.length,
      fileName: 'exp.png',
    });
    expect(FakeXhr.all[0].url).toBe('http://s3.test/staging/upload000000000000000001');
    FakeXhr.all[0].progress(40);
    const bar = within(panel('explanationImage')).getByRole('progressbar', {
      name: 'Explanation Image upload progress',
    });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    FakeXhr.all[0].finish();
    // the full bar is shown before the preview replaces it
    await waitFor(() =>
      expect(
        within(panel('explanationImage')).getByRole('progressbar', {
          name: 'Explanation Image upload progress',
        }),
      ).toHaveAttribute('aria-valuenow', '100'),
    );
    const preview = await within(panel('explanationImage')).findByRole('img', {
      name: 'Explanation Image preview',
    });
    expect(preview).toHaveAttribute('src', 'blob:local-1');
    expect(preview).toHaveStyle({ maxHeight: '250px' });
    expect(within(panel('explanationImage')).getByText(/New file: exp\.png/)).toBeInTheDocument();

    await u.click(screen.getByRole('button', { name: 'Update Question' }));
    expect(await screen.findByText('Question saved successfully!')).toBeInTheDocument();
    expect(saveCall(calls)?.body).toMatchObject({
      media: { explanationImage: { uploadId: 'upload000000000000000001' } },
    });
    // cleared once the form has left the question (back to new mode)
    await waitFor(() => expect(signedUrlCache.peek(key)).toBeUndefined());
    expect(calls.filter((c) => c.url.startsWith('/api/getSignedUrl'))).toHaveLength(1);
  });

  it('Remove sends null for that slot only', async () => {
    const { calls } = serve();
    const u = userEvent.setup();
    await openEdit();
    await u.click(screen.getByRole('button', { name: 'Remove Question Image' }));
    expect(within(panel('questionImage')).queryByRole('img')).not.toBeInTheDocument();
    expect(
      within(panel('questionImage')).getByText(
        'No file: the stored one is deleted when the question is saved.',
      ),
    ).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Update Question' }));
    await screen.findByText('Question saved successfully!');
    expect((saveCall(calls)?.body as { media: unknown }).media).toEqual({ questionImage: null });
  });

  it('a save without media changes sends no media field (the stored files stay)', async () => {
    const { calls } = serve();
    const u = userEvent.setup();
    await openEdit();
    await u.click(screen.getByRole('button', { name: 'Update Question' }));
    await screen.findByText('Question saved successfully!');
    expect(saveCall(calls)?.body).not.toHaveProperty('media');
  });

  it('a save while a video uploads waits for it, showing its progress in the saving dialog', async () => {
    const { calls } = serve();
    const u = userEvent.setup();
    await openEdit();
    await choose('Video Explanation', new File([new Uint8Array(MP4)], 'clip.mp4'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    FakeXhr.all[0].progress(30);
    await u.click(screen.getByRole('button', { name: 'Update Question' }));
    const dialog = await screen.findByRole('dialog', { name: 'Saving Question' });
    expect(within(dialog).getByText('Waiting for the uploads to finish…')).toBeInTheDocument();
    expect(
      within(dialog).getByRole('progressbar', { name: 'Video Explanation upload progress' }),
    ).toHaveAttribute('aria-valuenow', '30');
    expect(saveCall(calls)).toBeUndefined();
    FakeXhr.all[0].finish();
    expect(await screen.findByText('Question saved successfully!')).toBeInTheDocument();
    expect(saveCall(calls)?.body).toMatchObject({
      media: { video: { uploadId: 'upload000000000000000001' } },
    });
  });

  it('a failed PUT shows the problem in the panel and keeps the stored file; Cancel ends an upload', async () => {
    serve();
    const u = userEvent.setup();
    await openEdit();
    await choose('Question Image', png('new.png'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(1));
    FakeXhr.all[0].finish(403);
    expect(await within(panel('questionImage')).findByRole('alert')).toHaveTextContent(
      'Question Image: The upload failed. Please try again.',
    );
    expect(
      within(panel('questionImage')).getByRole('img', { name: 'Question Image preview' }),
    ).toHaveAttribute('src', 'https://s3.test/signed-que');

    await choose('Question Image', png('again.png'));
    await waitFor(() => expect(FakeXhr.all).toHaveLength(2));
    await u.click(screen.getByRole('button', { name: 'Cancel upload Question Image' }));
    await waitFor(() =>
      expect(within(panel('questionImage')).queryByRole('progressbar')).not.toBeInTheDocument(),
    );
    expect(within(panel('questionImage')).queryByRole('alert')).not.toBeInTheDocument();
    expect(
      within(panel('questionImage')).getByRole('img', { name: 'Question Image preview' }),
    ).toHaveAttribute('src', 'https://s3.test/signed-que');
  });
});
