import { MEDIA_MESSAGES } from '@examprep/contracts/types';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch, type FetchCall } from '../../test-utils/mock-fetch';
import { catalogProduct } from '../../test-utils/products';
import { fakeSession, renderApp } from '../../test-utils/render-app';
import { browserTabs } from './download-file';
import { ProductCard } from './ProductCard';

const SIGNED = (path: string) => `https://s3.test/examprep-workbooks/${path}?X-Amz-Signature=sig`;

/** A new tab as the button sees it: where it was sent, and whether it was closed. */
interface FakeTab {
  opener: unknown;
  location: { replace: jest.Mock };
  close: jest.Mock;
}

let opened: Array<{ url: string; features?: string; tab: FakeTab | null }>;
let blockPopups: boolean;
beforeEach(() => {
  opened = [];
  blockPopups = false;
  jest.spyOn(browserTabs, 'open').mockImplementation((url, features) => {
    const tab: FakeTab | null = blockPopups
      ? null
      : { opener: window, location: { replace: jest.fn() }, close: jest.fn() };
    opened.push({ url, features, tab });
    return tab as unknown as Window | null;
  });
});
const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
  jest.restoreAllMocks();
});

function serve(
  answer: (call: FetchCall) => Response = (call) => {
    const filePath = decodeURIComponent(
      new URL(call.url, 'http://x').searchParams.get('filePath')!,
    );
    return fakeResponse(200, {
      signedUrl: SIGNED(filePath),
      expiresAt: '2999-01-01T00:00:00.000Z',
    });
  },
) {
  return mockFetch(answer);
}

function showCard(id: string, purchases: Record<string, boolean> = {}) {
  renderApp(
    { session: fakeSession({ purchases }) },
    <ProductCard product={catalogProduct(id)} purchases={purchases} />,
  );
}

describe('Download of a download include (learner spec §2, §7 download-file-free / -paid)', () => {
  it('a free product: a tab opened on the click, sent to the signed URL of download-file-free', async () => {
    const { calls } = serve();
    showCard('free_3d_assets');
    await userEvent.click(screen.getByRole('button', { name: 'Download: Free 3D Assets (ZIP)' }));
    expect(calls.map((c) => c.url)).toEqual([
      '/api/download-file-free?filePath=Downloads%2Ffree-3d-assets.zip',
    ]);
    expect(calls[0].headers.Authorization).toBe('Bearer test-token');
    // the tab was opened before the answer (no await between the click and window.open)
    expect(opened[0].url).toBe('about:blank');
    const tab = opened[0].tab!;
    await waitFor(() =>
      expect(tab.location.replace).toHaveBeenCalledWith(SIGNED('Downloads/free-3d-assets.zip')),
    );
    expect(tab.opener).toBeNull();
    expect(tab.close).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('an owned paid product asks download-file-paid; a second click uses the cached URL (no request)', async () => {
    const { calls } = serve();
    showCard('premium_3d_assets', { premium_3d_assets: true });
    const button = screen.getByRole('button', { name: 'Download: Premium 3D Assets (ZIP)' });
    await userEvent.click(button);
    await waitFor(() => expect(opened[0].tab!.location.replace).toHaveBeenCalled());
    expect(calls.map((c) => c.url)).toEqual([
      '/api/download-file-paid?filePath=Downloads%2Fpremium-3d-assets.zip',
    ]);
    await userEvent.click(button);
    expect(opened[1]).toMatchObject({
      url: SIGNED('Downloads/premium-3d-assets.zip'),
      features: 'noopener',
    });
    expect(calls).toHaveLength(1);
  });

  it("an unowned paid product keeps the disabled 'Purchase Required' (no download)", () => {
    const { calls } = serve();
    showCard('premium_3d_assets');
    expect(
      screen.getByRole('button', { name: 'Purchase Required: Premium 3D Assets (ZIP)' }),
    ).toBeDisabled();
    expect(screen.queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it.each([
    [401, 'free_3d_assets', 'Download: Free 3D Assets (ZIP)', MEDIA_MESSAGES.authRequired],
    [
      403,
      'free_3d_assets',
      'Download: Free 3D Assets (ZIP)',
      'You do not have access to this product.',
    ],
    [429, 'free_3d_assets', 'Download: Free 3D Assets (ZIP)', MEDIA_MESSAGES.tooManyDownloads],
    [
      503,
      'free_3d_assets',
      'Download: Free 3D Assets (ZIP)',
      'Failed to download the file. Please try again.',
    ],
    [
      503,
      'med_dosage_conversions',
      'Download: Conversion Chart (PDF)',
      'Failed to download the PDF. Please try again.',
    ],
  ])(
    'answer %d for %s: the tab closes and “%s” shows beside the button',
    async (status, id, name, text) => {
      serve(() => fakeResponse(status, { message: 'server text' }));
      showCard(id);
      await userEvent.click(screen.getByRole('button', { name }));
      const item = screen.getByRole('button', { name }).closest('li')!;
      expect(await within(item).findByRole('alert')).toHaveTextContent(text);
      expect(opened[0].tab!.close).toHaveBeenCalled();
      expect(opened[0].tab!.location.replace).not.toHaveBeenCalled();
      // a failure is not cached: the next click asks again
      await userEvent.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(opened).toHaveLength(2));
    },
  );

  it('a browser that blocks the new tab gets a link to the signed URL instead', async () => {
    blockPopups = true;
    serve();
    showCard('free_3d_assets');
    await userEvent.click(screen.getByRole('button', { name: 'Download: Free 3D Assets (ZIP)' }));
    const link = await screen.findByRole('link', { name: 'Open your download' });
    expect(link).toHaveAttribute('href', SIGNED('Downloads/free-3d-assets.zip'));
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });
});
