import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SIGNED_OUT } from '../../shared/session/session-context';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../test-utils/render-app';

function renderPage() {
  return renderApp({ route: '/forgot-password', session: fakeSession({ ...SIGNED_OUT }) });
}

const emailBox = () => screen.getByRole('textbox', { name: 'Email' });
const submit = () => screen.getByRole('button', { name: 'Send Reset Link' });

describe('/forgot-password (learner spec §2 Login, §5 reset, ADR 0006)', () => {
  it("'Please enter your email address.' for an empty email, without calling the server", async () => {
    const { calls } = mockFetch(() => fakeResponse(200, { sent: true }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(emailBox()).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(emailBox(), '   ');
    await userEvent.click(submit());
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("'Please enter a valid email address.' for a malformed one", async () => {
    const { calls } = mockFetch(() => fakeResponse(200, { sent: true }));
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'not-an-email');
    await userEvent.click(submit());
    expect(screen.getByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("reads 'Sending…' (disabled) while sending, then 'Email Sent!' with the address", async () => {
    let answer: (r: Response) => void = () => undefined;
    const { calls } = mockFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );
    renderPage();
    await userEvent.type(
      await screen.findByRole('textbox', { name: 'Email' }),
      ' Someone@Example.COM ',
    );
    await userEvent.click(submit());
    const sending = await screen.findByRole('button', { name: 'Sending…' });
    expect(sending).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      url: '/api/password-reset',
      method: 'POST',
      body: { email: 'someone@example.com' },
    });
    // public call: no bearer token
    expect(calls[0].headers.Authorization).toBeUndefined();
    answer(fakeResponse(200, { sent: true }));
    expect(await screen.findByRole('heading', { name: 'Email Sent!' })).toBeInTheDocument();
    expect(screen.getByText('someone@example.com')).toBeInTheDocument();
    expect(screen.getByText(/If an account exists for/)).toHaveTextContent(
      'If an account exists for someone@example.com, we have sent it a link to reset your password.',
    );
    expect(screen.getByText(/spam\/junk folder/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
    await userEvent.click(screen.getByRole('button', { name: 'Use a different email' }));
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('shows the server message of a refusal and keeps what was typed', async () => {
    mockFetch(() =>
      fakeResponse(429, {
        error: 'Too Many Requests',
        code: 'RATE_LIMITED',
        message: 'Too many requests. Please try again later.',
      }),
    );
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'a@example.com');
    await userEvent.click(submit());
    expect(
      await screen.findByText('Too many requests. Please try again later.'),
    ).toBeInTheDocument();
    expect(emailBox()).toHaveValue('a@example.com');
    expect(submit()).toBeEnabled();
  });

  it('translates a network failure', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    renderPage();
    await userEvent.type(await screen.findByRole('textbox', { name: 'Email' }), 'a@example.com');
    await userEvent.click(submit());
    await waitFor(() =>
      expect(
        screen.getByText('Network error. Please check your connection and try again.'),
      ).toBeInTheDocument(),
    );
  });

  it('links back to sign in', async () => {
    renderPage();
    expect(await screen.findByRole('link', { name: 'Back to sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
