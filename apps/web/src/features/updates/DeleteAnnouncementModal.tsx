import { type Announcement } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { translateError } from '../../shared/errors';
import { announcementExcerpt, formatAnnouncementDate } from './announcement-form';
import { useDeleteAnnouncement } from './announcements-api';
import { UPDATES_MESSAGES as T } from './updates.messages';

const EXCERPT = 160;

/** Admin spec §2.7: deleting asks for confirmation first. */
export function DeleteAnnouncementModal({
  announcement,
  onClose,
}: {
  announcement: Announcement;
  onClose: () => void;
}) {
  const remove = useDeleteAnnouncement();
  const excerpt = announcementExcerpt(announcement.content, EXCERPT);
  return (
    <Modal show onHide={onClose} aria-labelledby="delete-announcement-title">
      <Modal.Header closeButton>
        <Modal.Title id="delete-announcement-title" as="h2" className="h5">
          {T.confirmDelete}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {remove.error ? (
          <Alert variant="danger" role="alert">
            {translateError(remove.error)}
          </Alert>
        ) : null}
        <p className="fw-semibold mb-1">{formatAnnouncementDate(announcement.date)}</p>
        <p className="app-preserve-whitespace text-body-secondary mb-0">{excerpt}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {T.cancel}
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending}
          onClick={() => remove.mutate(announcement.id, { onSuccess: () => onClose() })}
        >
          {remove.isPending ? T.deleting : T.delete}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
