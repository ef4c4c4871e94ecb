import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useConfig } from '../shared/config/config-context';
import { fakeResponse, mockFetch } from '../test-utils/mock-fetch';
import { TEST_CONFIG, testQueryClient } from '../test-utils/render-app';
import { ConfigGate } from './ConfigGate';

function ProductName() {
  return <p>app for {useConfig().productName}</p>;
}

function renderGate() {
  return render(
    <QueryClientProvider client={testQueryClient()}>
      <ConfigGate>{() => <ProductName />}</ConfigGate>
    </QueryClientProvider>,
  );
}

describe('ConfigGate (boot)', () => {
  it("fetches GET /api/public-config first, showing 'Loading...', then starts the app with it", async () => {
    const { calls } = mockFetch(() => fakeResponse(200, TEST_CONFIG));
    renderGate();
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByText('app for TestPrep')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ url: '/api/public-config', method: 'GET' });
    expect(calls[0].headers.Authorization).toBeUndefined();
  });

  it("shows 'Could not reach the server.' with Retry, which tries again", async () => {
    let up = false;
    mockFetch(() => (up ? fakeResponse(200, TEST_CONFIG) : fakeResponse(502, '')));
    renderGate();
    expect(await screen.findByText('Could not reach the server.')).toBeInTheDocument();
    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('app for TestPrep')).toBeInTheDocument();
  });

  it('refuses an incomplete configuration', async () => {
    mockFetch(() => fakeResponse(200, { productName: 'x' }));
    renderGate();
    expect(await screen.findByText('Could not reach the server.')).toBeInTheDocument();
    expect(screen.getByText('The server sent an incomplete configuration.')).toBeInTheDocument();
  });

  it('replaces the whole app with the maintenance page when the flag is on', async () => {
    mockFetch(() =>
      fakeResponse(200, {
        ...TEST_CONFIG,
        maintenance: { enabled: true, message: 'Upgrading.', expectedCompletion: null },
      }),
    );
    renderGate();
    expect(await screen.findByRole('heading', { name: 'Under Maintenance' })).toBeInTheDocument();
    expect(screen.getByText('Upgrading.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: TEST_CONFIG.supportEmail })).toBeInTheDocument();
    expect(screen.queryByText(/app for/)).not.toBeInTheDocument();
  });
});
