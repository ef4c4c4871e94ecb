import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentProps } from 'react';
import { ConfirmDeleteDialog } from './ConfirmDeleteDialog';

type Props = ComponentProps<typeof ConfirmDeleteDialog>;

function renderDialog(over: Partial<Props> = {}) {
  const props: Props = {
    titleId: 'delete-thing-title',
    title: 'Delete Thing',
    cancelLabel: 'No',
    confirmLabel: 'Yes',
    pendingLabel: 'Deleting...',
    pending: false,
    onConfirm: jest.fn(),
    onClose: jest.fn(),
    children: <p>Are you sure you want to delete thing T1?</p>,
    ...over,
  };
  render(<ConfirmDeleteDialog {...props} />);
  return { props, dialog: screen.getByRole('dialog', { name: 'Delete Thing' }) };
}

describe('ConfirmDeleteDialog', () => {
  it('is named by its title and shows the body with the screen’s own button texts', () => {
    const { dialog } = renderDialog();
    expect(dialog).toHaveTextContent('Are you sure you want to delete thing T1?');
    expect(within(dialog).getByRole('heading', { level: 2, name: 'Delete Thing' })).toHaveAttribute(
      'id',
      'delete-thing-title',
    );
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeEnabled();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('confirms with the confirm button and closes with Cancel, × and Escape', async () => {
    const u = userEvent.setup();
    const { props, dialog } = renderDialog();
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(props.onConfirm).toHaveBeenCalledTimes(1);
    expect(props.onClose).not.toHaveBeenCalled();
    await u.click(within(dialog).getByRole('button', { name: 'No' }));
    await u.click(within(dialog).getByRole('button', { name: 'Close' }));
    await u.keyboard('{Escape}');
    await waitFor(() => expect(props.onClose).toHaveBeenCalledTimes(3));
  });

  it('shows the failure of the last try in an alert above the body', () => {
    const { dialog } = renderDialog({ error: 'Failed to delete thing: gone' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Failed to delete thing: gone');
  });

  it('while deleting: shows the pending text and cannot be closed (default)', async () => {
    const u = userEvent.setup();
    const { props, dialog } = renderDialog({ pending: true });
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'No' })).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    await u.keyboard('{Escape}');
    expect(props.onClose).not.toHaveBeenCalled();
  });

  it('while deleting without the lock: Cancel and × still close', async () => {
    const u = userEvent.setup();
    const { props, dialog } = renderDialog({ pending: true, lockWhilePending: false });
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    await u.click(within(dialog).getByRole('button', { name: 'No' }));
    await u.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(props.onClose).toHaveBeenCalledTimes(2);
  });

  it('is centered unless told otherwise', () => {
    renderDialog();
    expect(document.querySelector('.modal-dialog')).toHaveClass('modal-dialog-centered');
  });

  it('is not centered with centered={false}', () => {
    renderDialog({ centered: false });
    expect(document.querySelector('.modal-dialog')).not.toHaveClass('modal-dialog-centered');
  });
});
