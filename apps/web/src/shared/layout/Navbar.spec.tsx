import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeResponse, mockFetch } from '../../test-utils/mock-fetch';
import { fakeSession, renderApp } from '../../test-utils/render-app';
import { SIGNED_OUT, type Session } from '../session/session-context';
import { ADMIN_MENU, INSTRUCTOR_MENU, LEARNER_MENU, Navbar } from './Navbar';

function renderNavbar(session: Session, route = '/updates') {
  return renderApp({ route, session }, <Navbar />);
}

async function openMenu(email: string) {
  await userEvent.click(screen.getByRole('button', { name: email }));
  return document.querySelector('.dropdown-menu') as HTMLElement;
}

const menuLabels = (menu: HTMLElement) =>
  Array.from(menu.querySelectorAll('.dropdown-item')).map((el) => el.textContent);

describe('Navbar (learner spec §2 navigation bar)', () => {
  it('is fixed at the top inside the header landmark, with the product name going to the dashboard', () => {
    renderNavbar(fakeSession());
    const nav = within(screen.getByRole('banner')).getByRole('navigation', { name: 'Main' });
    expect(nav).toHaveClass('fixed-top');
    expect(within(nav).getByRole('link', { name: 'TestPrep' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('shows a Login link to signed-out visitors', () => {
    renderNavbar(fakeSession({ ...SIGNED_OUT }));
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: /@/ })).not.toBeInTheDocument();
  });

  it('shows verified learners Dashboard, Gradebook, Updates and Logout', async () => {
    renderNavbar(fakeSession());
    const menu = await openMenu('learner@example.com');
    expect(menuLabels(menu)).toEqual([...LEARNER_MENU.map((m) => m.label), 'Logout']);
    expect(within(menu).getByRole('link', { name: 'Gradebook' })).toHaveAttribute(
      'href',
      '/gradebook',
    );
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
  });

  it('adds the admin targets for admins', async () => {
    renderNavbar(fakeSession({ isAdmin: true, user: { uid: 'a', email: 'admin@example.com' } }));
    const menu = await openMenu('admin@example.com');
    expect(menuLabels(menu)).toEqual([
      ...LEARNER_MENU.map((m) => m.label),
      ...ADMIN_MENU.map((m) => m.label),
      'Logout',
    ]);
    expect(within(menu).getByRole('link', { name: 'Course Topic Manager' })).toHaveAttribute(
      'href',
      '/course-topic-manager',
    );
  });

  it("adds 'My classes' for instructors only (an LMS course's teacher)", async () => {
    const { unmount } = renderNavbar(
      fakeSession({ isInstructor: true, user: { uid: 't', email: 'teacher@school.test' } }),
    );
    const menu = await openMenu('teacher@school.test');
    expect(menuLabels(menu)).toEqual([
      ...LEARNER_MENU.map((m) => m.label),
      ...INSTRUCTOR_MENU.map((m) => m.label),
      'Logout',
    ]);
    expect(within(menu).getByRole('link', { name: 'My classes' })).toHaveAttribute(
      'href',
      '/instructor',
    );
    unmount();

    renderNavbar(fakeSession({ isAdmin: true }));
    const adminMenu = await openMenu('learner@example.com');
    expect(within(adminMenu).queryByRole('link', { name: 'My classes' })).toBeNull();
  });

  it("gives unverified learners only 'Verify Email' (and Logout)", async () => {
    renderNavbar(fakeSession({ emailVerified: false }));
    const menu = await openMenu('learner@example.com');
    expect(menuLabels(menu)).toEqual(['Verify Email', 'Logout']);
  });

  it('limits the dropdown to 300 px with scrolling', async () => {
    renderNavbar(fakeSession({ isAdmin: true }));
    const menu = await openMenu('learner@example.com');
    expect(menu).toHaveStyle({ maxHeight: '300px', overflowY: 'auto' });
  });

  it('logs out from the menu', async () => {
    const session = fakeSession();
    renderNavbar(session);
    const menu = await openMenu('learner@example.com');
    await userEvent.click(within(menu).getByRole('button', { name: 'Logout' }));
    expect(session.logout).toHaveBeenCalledTimes(1);
  });

  it("shows the warning icon only on /dashboard; it raises 'dashboard-notice'", async () => {
    const { unmount } = renderNavbar(fakeSession(), '/updates');
    expect(screen.queryByRole('button', { name: 'Show dashboard notice' })).not.toBeInTheDocument();
    unmount();

    renderNavbar(fakeSession(), '/dashboard');
    const listener = jest.fn();
    window.addEventListener('dashboard-notice', listener);
    await userEvent.click(screen.getByRole('button', { name: 'Show dashboard notice' }));
    window.removeEventListener('dashboard-notice', listener);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0][0]).toBeInstanceOf(CustomEvent);
  });

  describe("'Verify Email' for unverified users", () => {
    it('sends the verification mail and says so in a modal', async () => {
      const { calls } = mockFetch(() => fakeResponse(200, { sent: true }));
      renderNavbar(fakeSession({ emailVerified: false }));
      const menu = await openMenu('learner@example.com');
      await userEvent.click(within(menu).getByRole('button', { name: 'Verify Email' }));
      const dialog = await screen.findByRole('dialog');
      expect(
        await within(dialog).findByText(
          'Verification email sent! Check your inbox. If you do not see it, check your spam/junk folder.',
        ),
      ).toBeInTheDocument();
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ url: '/api/resend-verification', method: 'POST' });
      expect(calls[0].headers.Authorization).toBe('Bearer test-token');
      await userEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it.each([
      [
        400,
        {
          error: 'Bad Request',
          code: 'ALREADY_VERIFIED',
          message: 'Your email is already verified.',
        },
        'Your email is already verified.',
      ],
      [
        401,
        { error: 'Unauthorized', code: 'UNAUTHENTICATED', message: 'Authentication required.' },
        'You must be logged in.',
      ],
      [
        429,
        { error: 'Too Many Requests', code: 'RATE_LIMITED', message: 'Too many requests.' },
        'Too many requests.',
      ],
    ])('shows the error message of a %s', async (status, body, text) => {
      mockFetch(() => fakeResponse(status, body));
      renderNavbar(fakeSession({ emailVerified: false }));
      const menu = await openMenu('learner@example.com');
      await userEvent.click(within(menu).getByRole('button', { name: 'Verify Email' }));
      const dialog = await screen.findByRole('dialog');
      expect(await within(dialog).findByText(text)).toBeInTheDocument();
    });
  });
});
