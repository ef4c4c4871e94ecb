import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { fakeSession } from '../../test-utils/render-app';
import { SIGNED_OUT, SessionContext, type Session } from '../session/session-context';
import { ProtectedRoute } from './ProtectedRoute';

function renderAt(path: string, session: Session) {
  return render(
    <SessionContext.Provider value={session}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/login" element={<p>login screen</p>} />
          <Route element={<ProtectedRoute verifyEmail={<p>verification screen</p>} />}>
            <Route path="/dashboard" element={<p>dashboard page</p>} />
            <Route path="/updates" element={<p>updates page</p>} />
          </Route>
          <Route element={<ProtectedRoute adminOnly verifyEmail={<p>verification screen</p>} />}>
            <Route path="/user-list" element={<p>user list page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </SessionContext.Provider>,
  );
}

describe('ProtectedRoute (learner spec §2 protected-route rule)', () => {
  it("shows 'Loading...' while the session loads", () => {
    renderAt('/updates', fakeSession({ ...SIGNED_OUT, status: 'loading' }));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByText('updates page')).not.toBeInTheDocument();
  });

  it('sends a visitor who is not logged in to /login', () => {
    renderAt('/updates', fakeSession({ ...SIGNED_OUT }));
    expect(screen.getByText('login screen')).toBeInTheDocument();
  });

  it('shows the verification screen to a logged-in non-admin with an unverified email', () => {
    renderAt('/updates', fakeSession({ emailVerified: false, isAdmin: false }));
    expect(screen.getByText('verification screen')).toBeInTheDocument();
    expect(screen.queryByText('updates page')).not.toBeInTheDocument();
  });

  it('exempts admins from email verification', () => {
    renderAt('/updates', fakeSession({ emailVerified: false, isAdmin: true }));
    expect(screen.getByText('updates page')).toBeInTheDocument();
  });

  it('redirects a non-admin from an admin-only route to the dashboard', () => {
    renderAt('/user-list', fakeSession({ isAdmin: false }));
    expect(screen.getByText('dashboard page')).toBeInTheDocument();
  });

  it('shows an admin-only route to an admin', () => {
    renderAt('/user-list', fakeSession({ isAdmin: true }));
    expect(screen.getByText('user list page')).toBeInTheDocument();
  });

  it('shows a login-required route to a verified user', () => {
    renderAt('/updates', fakeSession());
    expect(screen.getByText('updates page')).toBeInTheDocument();
  });
});
