import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { renderApp, TEST_CONFIG } from '../../test-utils/render-app';
import { AppLayout } from './AppLayout';

function renderLayout(staging: boolean) {
  return renderApp(
    { route: '/', config: { ...TEST_CONFIG, staging } },
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<p>page content</p>} />
      </Route>
    </Routes>,
  );
}

describe('AppLayout', () => {
  it('has header, main and footer landmarks and a skip link', () => {
    renderLayout(false);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('page content');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main-content',
    );
  });

  it('shows © {current year} {product name} in the footer', () => {
    renderLayout(false);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      `© ${new Date().getFullYear()} TestPrep`,
    );
  });

  it("shows the 'STAGING ENVIRONMENT' badge only on staging", () => {
    const { unmount } = renderLayout(true);
    expect(screen.getByText('STAGING ENVIRONMENT')).toBeVisible();
    unmount();
    renderLayout(false);
    expect(screen.queryByText('STAGING ENVIRONMENT')).not.toBeInTheDocument();
  });
});
