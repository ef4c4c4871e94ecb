import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { captureDownloads, readBlob } from '../../test-utils/capture-downloads';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { renderApp } from '../../test-utils/render-app';
import { Navbar } from '../../shared/layout/Navbar';
import { LEARNING_DATA_MESSAGES as T } from './learning-data.messages';
import LearningDataMenu from './LearningDataMenu';

const EXPORT = {
  exportedAt: '2026-11-28T02:00:00.000Z',
  uid: 'user-1',
  skills: [{ course: 'TEAS Math' }],
  reviewCards: [],
  plan: { examDate: '2027-01-15', minutesPerDay: 30, reminders: false },
  trend: [],
};

const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

const downloads = captureDownloads({ href: (n) => `blob:learning-${n}` });

function renderMenu() {
  renderApp({ route: '/dashboard' }, <Navbar accountItems={<LearningDataMenu />} />);
}

async function openMenu() {
  await userEvent.click(screen.getByRole('button', { name: /learner@example.com/ }));
}

describe('the learning data items of the account menu', () => {
  it('sit above Logout in the account menu', async () => {
    mockFetch(() => fakeResponse(500, {}));
    renderMenu();
    await openMenu();
    const labels = (await screen.findAllByRole('button', { name: /learning data|Logout/ })).map(
      (b) => b.textContent,
    );
    expect(labels).toEqual([T.download, T.delete, 'Logout']);
  });

  it('downloads the export as learning-data.json', async () => {
    const { calls } = mockFetch((call) =>
      call.url === '/api/learning/export' ? fakeResponse(200, EXPORT) : fakeResponse(500, {}),
    );
    renderMenu();
    await openMenu();
    await userEvent.click(await screen.findByRole('button', { name: T.download }));
    await waitFor(() => expect(downloads.clicked).toHaveLength(1));
    expect(downloads.clicked[0]).toEqual({
      download: 'learning-data.json',
      href: 'blob:learning-1',
    });
    expect(JSON.parse(await readBlob(downloads.blobs[0]))).toEqual(EXPORT);
    expect(calls[0].headers.Authorization).toBe('Bearer test-token');
  });

  it('says a failed download', async () => {
    mockFetch(() => fakeResponse(503, { message: 'The service is busy.' }));
    renderMenu();
    await openMenu();
    await userEvent.click(await screen.findByRole('button', { name: T.download }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.downloadFailed);
    expect(alert).toHaveTextContent('The service is busy.');
    expect(downloads.clicked).toHaveLength(0);
  });

  it('deletes after a dialog that says what goes and what stays, then says it is done', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'DELETE' && call.url === '/api/learning'
        ? fakeResponse(200, { deleted: true })
        : fakeResponse(500, {}),
    );
    renderMenu();
    await openMenu();
    await userEvent.click(await screen.findByRole('button', { name: T.delete }));
    const dialog = await screen.findByRole('dialog', { name: T.deleteTitle });
    expect(dialog).toHaveTextContent(T.deleteWhat);
    expect(dialog).toHaveTextContent(T.deleteKeeps);
    expect(calls).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: T.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toHaveLength(0);

    await openMenu();
    await userEvent.click(await screen.findByRole('button', { name: T.delete }));
    const again = await screen.findByRole('dialog', { name: T.deleteTitle });
    await userEvent.click(within(again).getByRole('button', { name: T.confirm }));
    expect(await screen.findByRole('status')).toHaveTextContent(T.deleted);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['DELETE /api/learning']);
  });

  it('keeps the dialog open with the reason when the delete fails', async () => {
    mockFetch(() => fakeResponse(503, { message: 'The service is busy.' }));
    renderMenu();
    await openMenu();
    await userEvent.click(await screen.findByRole('button', { name: T.delete }));
    const dialog = await screen.findByRole('dialog', { name: T.deleteTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The service is busy.');
  });
});
