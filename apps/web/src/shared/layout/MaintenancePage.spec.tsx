import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatExpectedCompletion, MaintenancePage } from './MaintenancePage';

describe('MaintenancePage (learner spec §1)', () => {
  it('shows the message, the expected completion, the support email and a Refresh button', async () => {
    const onRefresh = jest.fn();
    render(
      <MaintenancePage
        maintenance={{
          enabled: true,
          message: 'We are upgrading the question bank.',
          expectedCompletion: 'Sunday 6 pm',
        }}
        supportEmail="help@example.com"
        onRefresh={onRefresh}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Under Maintenance' })).toBeInTheDocument();
    expect(screen.getByText('We are upgrading the question bank.')).toBeInTheDocument();
    expect(screen.getByText('Expected completion: Sunday 6 pm')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@example.com' })).toHaveAttribute(
      'href',
      'mailto:help@example.com',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onRefresh).toHaveBeenCalled();
    expect(document.title).toBe('Under Maintenance');
  });

  it('leaves out the expected completion when there is none', () => {
    render(
      <MaintenancePage
        maintenance={{ enabled: true, message: 'Back soon.', expectedCompletion: null }}
        supportEmail="s@example.com"
      />,
    );
    expect(screen.queryByText(/Expected completion/)).not.toBeInTheDocument();
  });

  it('formats ISO times and keeps free text', () => {
    expect(formatExpectedCompletion('in two hours')).toBe('in two hours');
    expect(formatExpectedCompletion('2026-11-22T18:00:00Z')).not.toBe('2026-11-22T18:00:00Z');
  });
});
