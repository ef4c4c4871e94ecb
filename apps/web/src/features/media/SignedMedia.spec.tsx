import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { renderApp } from '../../test-utils/render-app';
import { SignedImage, SignedVideo } from './SignedMedia';
import { signedUrlCache } from './signed-url-cache';

const signed = (url: string) => ({ signedUrl: url, expiresAt: '2999-01-01T00:00:00.000Z' });

describe('SignedImage and SignedVideo', () => {
  it('shows a loading placeholder, then the image through GET /api/getSignedUrl', async () => {
    let release: (r: Response) => void = () => undefined;
    const { calls } = mockFetch(() => new Promise<Response>((r) => (release = r)));
    renderApp(
      {},
      <SignedImage path="Images/AB12-que.png" alt="Question 1 figure" maxHeight={300} />,
    );
    expect(await screen.findByRole('status')).toHaveTextContent('Loading image…');
    expect(calls[0].url).toBe('/api/getSignedUrl?path=Images%2FAB12-que.png');
    release(fakeResponse(200, signed('https://s3.test/que?sig=1')));
    const img = await screen.findByRole('img', { name: 'Question 1 figure' });
    expect(img).toHaveAttribute('src', 'https://s3.test/que?sig=1');
    expect(img).toHaveStyle({ maxHeight: '300px' });
  });

  it('a refused URL shows a short text, never an image', async () => {
    mockFetch(() => fakeResponse(403, { message: 'You do not have access to this file.' }));
    renderApp(
      {},
      <SignedImage path="Images/AB12-exp.png" alt="Explanation figure" maxHeight={250} />,
    );
    expect(await screen.findByText('The image could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('an image that does not load (expired or missing object) becomes the short text', async () => {
    mockFetch(() => fakeResponse(200, signed('https://s3.test/gone')));
    renderApp({}, <SignedImage path="Images/AB12-que.png" alt="figure" maxHeight={300} />);
    fireEvent.error(await screen.findByRole('img', { name: 'figure' }));
    expect(screen.getByText('The image could not be loaded.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('two images of one path share one request, keyed by the signed-in user', async () => {
    const { calls } = mockFetch(() => fakeResponse(200, signed('https://s3.test/one')));
    renderApp(
      {},
      <>
        <SignedImage path="Images/AB12-que.png" alt="a" maxHeight={300} />
        <SignedImage path="Images/AB12-que.png" alt="b" maxHeight={300} />
      </>,
    );
    await screen.findByRole('img', { name: 'a' });
    expect(screen.getByRole('img', { name: 'b' })).toHaveAttribute('src', 'https://s3.test/one');
    expect(calls).toHaveLength(1);
    expect(
      signedUrlCache.peek({ user: 'user-1', path: 'Images/AB12-que.png', kind: 'image' }),
    ).toBe('https://s3.test/one');
  });

  it('a cleared path is asked for again (the editor after a save)', async () => {
    let n = 0;
    const { calls } = mockFetch(() => fakeResponse(200, signed(`https://s3.test/v${++n}`)));
    renderApp({}, <SignedImage path="Images/AB12-que.png" alt="a" maxHeight={300} />);
    expect(await screen.findByRole('img', { name: 'a' })).toHaveAttribute(
      'src',
      'https://s3.test/v1',
    );
    signedUrlCache.clearPath('Images/AB12-que.png');
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'a' })).toHaveAttribute('src', 'https://s3.test/v2'),
    );
    expect(calls).toHaveLength(2);
  });

  it('the video plays with controls and loads only its metadata first', async () => {
    mockFetch(() => fakeResponse(200, signed('https://s3.test/vid')));
    const { container } = renderApp(
      {},
      <SignedVideo path="VideoSolutions/AB12-vid.mp4" label="Video explanation" />,
    );
    await waitFor(() => expect(container.querySelector('video')).not.toBeNull());
    const video = container.querySelector('video') as HTMLVideoElement;
    expect(video).toHaveAttribute('src', 'https://s3.test/vid');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAttribute('preload', 'metadata');
    expect(video).toHaveAttribute('aria-label', 'Video explanation');
  });

  it('a video whose URL failed shows a short text', async () => {
    mockFetch(() => fakeResponse(503, { message: 'down' }));
    renderApp({}, <SignedVideo path="VideoSolutions/AB12-vid.mp4" label="Video" />);
    expect(await screen.findByText('The video could not be loaded.')).toBeInTheDocument();
  });
});
