import { type Question } from '@examprep/contracts/types';
import { translateError } from '../../../shared/errors';
import { ConfirmDeleteDialog } from '../../../shared/layout/ConfirmDeleteDialog';
import { type NoticeFn } from '../../../shared/layout/Notices';
import { useDeleteQuestion } from './questions-api';
import { QUESTIONS_MESSAGES as T } from './questions.messages';

/** Admin spec §4: Yes/No confirm, delete, then the list reloads (success or not). */
export function DeleteQuestionModal({
  question,
  onClose,
  notify,
}: {
  question: Question;
  onClose: () => void;
  notify: NoticeFn;
}) {
  const remove = useDeleteQuestion();
  const confirm = () =>
    remove.mutate(question.qid, {
      onSuccess: () => notify({ variant: 'success', text: T.deleted }),
      onError: (err) =>
        notify({ variant: 'danger', text: T.deleteFailed, detail: translateError(err) }),
      onSettled: () => onClose(),
    });
  return (
    <ConfirmDeleteDialog
      titleId="delete-question-title"
      title={T.deleteTitle}
      cancelLabel={T.no}
      confirmLabel={T.yes}
      pendingLabel={T.deleting}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      <p className="fw-semibold mb-1">{T.deleteConfirm(question.qid)}</p>
      <p className="small text-body-secondary mb-0">{T.deleteExplain}</p>
    </ConfirmDeleteDialog>
  );
}
