import { type LtiPlatform } from '@examprep/contracts/types';
import { translateError } from '../../../shared/errors';
import { ConfirmDeleteDialog } from '../../../shared/layout/ConfirmDeleteDialog';
import { useDeleteLtiPlatform } from './lti-platforms-api';
import { LTI_PLATFORMS_MESSAGES as T } from './lti-platforms.messages';

/** Deleting a registration asks first: the school's launches stop working. */
export function DeletePlatformModal({
  platform,
  onClose,
}: {
  platform: LtiPlatform;
  onClose: () => void;
}) {
  const remove = useDeleteLtiPlatform();
  return (
    <ConfirmDeleteDialog
      titleId="delete-lti-platform-title"
      title={T.confirmDeleteTitle}
      error={remove.error ? translateError(remove.error) : null}
      cancelLabel={T.cancel}
      confirmLabel={T.delete}
      pendingLabel={T.deleting}
      pending={remove.isPending}
      onConfirm={() => remove.mutate(platform.id, { onSuccess: () => onClose() })}
      onClose={onClose}
    >
      <p className="mb-1">{T.confirmDelete(platform.name)}</p>
      <p className="small text-body-secondary text-break mb-0">{platform.issuer}</p>
    </ConfirmDeleteDialog>
  );
}
