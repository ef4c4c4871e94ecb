import { MEDIA_MESSAGES, type WorkbookManifest } from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads } from '../../test-utils/capture-downloads';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { renderApp } from '../../test-utils/render-app';

const VIDEO_1 = 'Workbooks/TEAS-Math-Workbook/videos/01-fractions.mp4';
const VIDEO_2 = 'Workbooks/TEAS-Math-Workbook/videos/02-percent.mp4';

const MANIFEST: WorkbookManifest = {
  productId: 'teas_math_workbook',
  title: 'TEAS Math Workbook',
  pdfPath: 'Workbooks/TEAS-Math-Workbook.pdf',
  pageCount: 212,
  questionCount: 1040,
  updatedAt: '2026-11-24T00:00:00.000Z',
  chapters: [
    {
      number: 1,
      title: 'Numbers and Algebra',
      objective: 'Numbers and Algebra',
      topics: ['Fractions', 'Percentages'],
      questionCount: 520,
      page: 5,
      videos: [
        { title: 'Adding fractions', path: VIDEO_1, seconds: 14 },
        { title: 'Percent of a number', path: VIDEO_2, seconds: 75 },
      ],
    },
    {
      number: 2,
      title: 'Measurement and Data',
      objective: 'Measurement and Data',
      topics: ['Unit conversions'],
      questionCount: 1,
      page: 110,
      videos: [],
    },
  ],
};

/** A streamed PDF answer (what fetch + getReader() see). */
function pdfAnswer(bytes: string, headers: Record<string, string>): Response {
  const encoder = new TextEncoder();
  let sent = false;
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return {
    ok: true,
    status: 200,
    headers: { get: (name: string) => lower[name.toLowerCase()] ?? null },
    body: {
      getReader: () => ({
        read: async () => {
          if (sent) return { done: true, value: undefined };
          sent = true;
          return { done: false, value: encoder.encode(bytes) };
        },
      }),
      cancel: async () => undefined,
    },
  } as unknown as Response;
}

type Handler = (call: FetchCall) => Response | Promise<Response> | undefined;

function serve(extra: Handler = () => undefined) {
  return mockFetch(async (call) => {
    const answer = await extra(call);
    if (answer) return answer;
    if (call.url === '/api/workbooks/teas_math_workbook') return fakeResponse(200, MANIFEST);
    if (call.url.startsWith('/api/getWorkbookVideoUrl?videoPath=')) {
      const path = decodeURIComponent(call.url.split('=')[1]);
      return fakeResponse(200, {
        signedUrl: `https://s3.test/examprep-workbooks/${path}?X-Amz-Signature=abc`,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
    }
    return fakeResponse(404, { message: 'Not found' });
  });
}

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

const open = (route = '/workbook/teas_math_workbook') => renderApp({ route });

describe('/workbook/:productId (learner spec §2)', () => {
  it('shows the title, the summary and every chapter with topics, question count, first page and videos', async () => {
    const { calls } = serve();
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'TEAS Math Workbook' }),
    ).toBeInTheDocument();
    expect(calls[0].url).toBe('/api/workbooks/teas_math_workbook');
    expect(screen.getByText('1,040 questions on 212 pages')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('TEAS Math Workbook | TestPrep'));

    const one = screen.getByRole('region', { name: 'Chapter 1: Numbers and Algebra' });
    expect(within(one).getByText('520 questions · starts on page 5')).toBeInTheDocument();
    expect(one).toHaveTextContent('Topics: Fractions, Percentages');
    const play = within(one).getByRole('button', { name: 'Play video: Adding fractions' });
    expect(play).toHaveAttribute('aria-pressed', 'false');
    expect(play).toHaveTextContent('0:14');
    expect(
      within(one).getByRole('button', { name: 'Play video: Percent of a number' }),
    ).toHaveTextContent('1:15');

    const two = screen.getByRole('region', { name: 'Chapter 2: Measurement and Data' });
    expect(within(two).getByText('1 question · starts on page 110')).toBeInTheDocument();
    // a chapter without videos has no Videos list
    expect(within(two).queryByRole('heading', { name: 'Videos' })).not.toBeInTheDocument();
    expect(within(one).getByRole('heading', { level: 4, name: 'Videos' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    // nothing is signed before a video is chosen
    expect(calls.some((c) => c.url.includes('getWorkbookVideoUrl'))).toBe(false);
    expect(document.querySelector('video')).toBeNull();
  });

  it.each([
    [403, MEDIA_MESSAGES.noAccess],
    [404, 'Workbook not found.'],
  ])('answer %d: %s with the way back to the dashboard, no retry', async (status, text) => {
    const { calls } = mockFetch(() => fakeResponse(status, { message: 'server text' }));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(screen.queryByRole('button', { name: 'Download PDF' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(1);
  });

  it('another failure: the load failure with Try Again, which asks again', async () => {
    let fail = true;
    const { calls } = serve(() => (fail ? fakeResponse(503, { message: 'down' }) : undefined));
    open();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load the workbook. Please try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'TEAS Math Workbook' }),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/workbooks/teas_math_workbook')).toHaveLength(2);
  });

  it('a workbook without chapters says so', async () => {
    serve((call) =>
      call.url.startsWith('/api/workbooks/')
        ? fakeResponse(200, { ...MANIFEST, chapters: [] })
        : undefined,
    );
    open();
    expect(
      await screen.findByText('This workbook has no chapters yet. Please check back soon.'),
    ).toBeInTheDocument();
  });

  it('choosing a video signs it once (cached), plays it in an HTML5 player with controls and takes the focus', async () => {
    const { calls } = serve();
    open();
    const play = await screen.findByRole('button', { name: 'Play video: Adding fractions' });
    await userEvent.click(play);
    const player = await screen.findByRole('figure', { name: 'Now playing: Adding fractions' });
    const video = await waitFor(() => {
      const v = player.querySelector('video');
      if (!v) throw new Error('no video yet');
      return v;
    });
    expect(video.getAttribute('src')).toBe(
      `https://s3.test/examprep-workbooks/${VIDEO_1}?X-Amz-Signature=abc`,
    );
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(player).toHaveFocus();
    expect(play).toHaveAttribute('aria-pressed', 'true');
    expect(calls.filter((c) => c.url.includes('getWorkbookVideoUrl'))).toEqual([
      expect.objectContaining({
        url: `/api/getWorkbookVideoUrl?videoPath=${encodeURIComponent(VIDEO_1)}`,
      }),
    ]);

    // another video, then back: the first URL comes from the cache (45 minutes)
    await userEvent.click(screen.getByRole('button', { name: 'Play video: Percent of a number' }));
    await screen.findByRole('figure', { name: 'Now playing: Percent of a number' });
    await userEvent.click(screen.getByRole('button', { name: 'Play video: Adding fractions' }));
    await screen.findByRole('figure', { name: 'Now playing: Adding fractions' });
    await waitFor(() => expect(document.querySelector('video')).not.toBeNull());
    expect(calls.filter((c) => c.url.includes('getWorkbookVideoUrl'))).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Close video' }));
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('a video URL that cannot be had: the failure text and Try Again, which asks again', async () => {
    let fail = true;
    const { calls } = serve((call) =>
      call.url.includes('getWorkbookVideoUrl') && fail
        ? fakeResponse(403, { message: 'no' })
        : undefined,
    );
    open();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Play video: Adding fractions' }),
    );
    const player = await screen.findByRole('figure', { name: 'Now playing: Adding fractions' });
    expect(await within(player).findByRole('alert')).toHaveTextContent(
      'Failed to load the video. Please try again.',
    );
    fail = false;
    await userEvent.click(within(player).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(player.querySelector('video')).not.toBeNull());
    expect(calls.filter((c) => c.url.includes('getWorkbookVideoUrl'))).toHaveLength(2);
  });

  describe('Download PDF', () => {
    const { clicked } = captureDownloads({ href: (n) => `blob:pdf-${n}` });

    it('posts the manifest’s pdfPath and saves the stamped file under the answer’s name', async () => {
      const { calls } = serve((call) =>
        call.url === '/api/generate-stamped-pdf'
          ? pdfAnswer('%PDF-1.7 stamped', {
              'Content-Length': '16',
              'Content-Disposition': `attachment; filename="TEAS-Math-Workbook-learner@example.com.pdf"; filename*=UTF-8''TEAS-Math-Workbook-learner%40example.com.pdf`,
            })
          : undefined,
      );
      open();
      await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
      expect(
        await screen.findByText('Downloaded TEAS-Math-Workbook-learner@example.com.pdf.'),
      ).toBeInTheDocument();
      const post = calls.find((c) => c.url === '/api/generate-stamped-pdf');
      expect(post).toMatchObject({
        method: 'POST',
        body: { workbookPath: 'Workbooks/TEAS-Math-Workbook.pdf' },
      });
      expect(post?.headers.Authorization).toBe('Bearer test-token');
      expect(clicked).toEqual([
        { download: 'TEAS-Math-Workbook-learner@example.com.pdf', href: 'blob:pdf-1' },
      ]);
      expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    });

    it("shows 'Preparing your PDF' with a busy button while the server prepares it", async () => {
      let answer: (r: Response) => void = () => undefined;
      serve((call) =>
        call.url === '/api/generate-stamped-pdf'
          ? new Promise<Response>((resolve) => {
              answer = resolve;
            })
          : undefined,
      );
      open();
      await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
      expect(await screen.findByText('Preparing your PDF')).toBeInTheDocument();
      expect(screen.getByRole('progressbar', { name: 'Download progress' })).toHaveAttribute(
        'aria-valuetext',
        'Preparing your PDF',
      );
      expect(screen.getByRole('button', { name: 'Download PDF' })).toBeDisabled();
      answer(pdfAnswer('%PDF-', { 'Content-Length': '5' }));
      expect(await screen.findByText(/^Downloaded /)).toBeInTheDocument();
    });

    it.each([
      [401, 'Authentication required to download the file.'],
      [
        429,
        'You have attempted/downloaded this product too many times (recently)... contact support.',
      ],
      [500, 'Failed to download the PDF. Please try again.'],
    ])('answer %d: %s beside the button, nothing saved', async (status, text) => {
      serve((call) =>
        call.url === '/api/generate-stamped-pdf'
          ? fakeResponse(status, { message: 'x' })
          : undefined,
      );
      open();
      await userEvent.click(await screen.findByRole('button', { name: 'Download PDF' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(text);
      expect(clicked).toEqual([]);
      expect(screen.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    });
  });
});
