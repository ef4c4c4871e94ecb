import { type Announcement } from '@examprep/contracts/types';
import { translateError } from '../../shared/errors';
import { ConfirmDeleteDialog } from '../../shared/layout/ConfirmDeleteDialog';
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
    <ConfirmDeleteDialog
      titleId="delete-announcement-title"
      title={T.confirmDelete}
      error={remove.error ? translateError(remove.error) : null}
      cancelLabel={T.cancel}
      confirmLabel={T.delete}
      pendingLabel={T.deleting}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(announcement.id, { onSuccess: () => onClose() })}
      onClose={onClose}
      lockWhilePending={false}
      centered={false}
    >
      <p className="fw-semibold mb-1">{formatAnnouncementDate(announcement.date)}</p>
      <p className="app-preserve-whitespace text-body-secondary mb-0">{excerpt}</p>
    </ConfirmDeleteDialog>
  );
}
