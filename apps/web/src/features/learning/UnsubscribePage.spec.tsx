import { LEARNING_MESSAGES } from '@examprep/contracts/types';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { SIGNED_OUT } from '../../shared/session/session-context';
import { fakeSession, renderApp } from '../../test-utils/render-app';
import { UNSUBSCRIBE_MESSAGES as T } from './unsubscribe.messages';

const TOKEN = 'A'.repeat(43);
const realFetch = window.fetch;
afterEach(() => {
  window.fetch = realFetch;
});

/** The whole route table, signed out: the page is public. */
const renderAt = (route: string) =>
  renderApp({ route, session: fakeSession({ ...SIGNED_OUT, status: 'signed-out', user: null }) });

describe('/unsubscribe', () => {
  it('asks first and sends nothing as it loads (mail scanners open links)', async () => {
    const { calls } = mockFetch(() => fakeResponse(200, { unsubscribed: true }));
    renderAt(`/unsubscribe?token=${TOKEN}`);
    expect(await screen.findByRole('button', { name: T.confirm })).toBeInTheDocument();
    expect(screen.getByText(T.ask)).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('POSTs the token without a sign-in on the click and says it is done', async () => {
    const { calls } = mockFetch(() => fakeResponse(200, { unsubscribed: true }));
    renderAt(`/unsubscribe?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: T.confirm }));
    expect(await screen.findByRole('status')).toHaveTextContent(LEARNING_MESSAGES.unsubscribed);
    expect(calls).toHaveLength(1);
    expect(calls[0].method).toBe('POST');
    expect(calls[0].url).toBe(`/api/learning/unsubscribe?token=${TOKEN}`);
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it("shows the server's message for a link that is not valid, with Try Again", async () => {
    mockFetch(() => fakeResponse(404, { message: LEARNING_MESSAGES.unsubscribe }));
    renderAt(`/unsubscribe?token=${TOKEN}`);
    await userEvent.click(await screen.findByRole('button', { name: T.confirm }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(T.failed);
    expect(alert).toHaveTextContent(LEARNING_MESSAGES.unsubscribe);
    expect(screen.getByRole('button', { name: T.tryAgain })).toBeEnabled();
  });

  it('says the link is not valid when it has no token', async () => {
    const { calls } = mockFetch(() => fakeResponse(200, {}));
    renderAt('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(LEARNING_MESSAGES.unsubscribe);
    expect(screen.queryByRole('button', { name: T.confirm })).toBeNull();
    expect(calls).toHaveLength(0);
  });
});
