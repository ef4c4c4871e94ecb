import { type AdminUserRow } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
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
  const close = () => {
    if (!remove.isPending) onClose();
  };
  const confirm = () =>
    remove.mutate(user, {
      onSuccess: () => {
        notify({ variant: 'success', text: T.deleteSuccess(user.email) });
        onClose();
      },
    });
  return (
    <Modal show onHide={close} aria-labelledby="delete-user-title" centered>
      <Modal.Header closeButton={!remove.isPending}>
        <Modal.Title id="delete-user-title" as="h2" className="h5">
          {T.deleteTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {remove.error ? (
          <Alert variant="danger" role="alert">
            {T.deleteFailed(remove.error.message)}
          </Alert>
        ) : null}
        <p className="fw-semibold text-break">{T.deleteConfirm(user.email)}</p>
        <p className="small text-body-secondary mb-0">{T.deleteExplain}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close} disabled={remove.isPending}>
          {T.cancel}
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? T.deleting : T.deleteUser}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
