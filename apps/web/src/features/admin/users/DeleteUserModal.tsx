import { type AdminUserRow } from '@examprep/contracts/types';
import { ConfirmDeleteDialog } from '../../../shared/layout/ConfirmDeleteDialog';
import { type NoticeFn } from '../../../shared/layout/Notices';
import { useDeleteUser } from './users-api';
import { USERS_MESSAGES as T } from './users.messages';

/** Admin spec §4: confirm, then delete the account and then the user's data. */
export function DeleteUserModal({
  user,
  onClose,
  notify,
}: {
  user: AdminUserRow;
  onClose: () => void;
  notify: NoticeFn;
}) {
  const remove = useDeleteUser();
  const confirm = () =>
    remove.mutate(user, {
      onSuccess: () => {
        notify({ variant: 'success', text: T.deleteSuccess(user.email) });
        onClose();
      },
    });
  return (
    <ConfirmDeleteDialog
      titleId="delete-user-title"
      title={T.deleteTitle}
      error={remove.error ? T.deleteFailed(remove.error.message) : null}
      cancelLabel={T.cancel}
      confirmLabel={T.deleteUser}
      pendingLabel={T.deleting}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p className="fw-semibold text-break">{T.deleteConfirm(user.email)}</p>
      <p className="small text-body-secondary mb-0">{T.deleteExplain}</p>
    </ConfirmDeleteDialog>
  );
}
