import { type Question } from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { translateError } from '../../../shared/errors';
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
  const close = () => {
    if (!remove.isPending) onClose();
  };
  const confirm = () =>
    remove.mutate(question.qid, {
      onSuccess: () => notify({ variant: 'success', text: T.deleted }),
      onError: (err) =>
        notify({ variant: 'danger', text: T.deleteFailed, detail: translateError(err) }),
      onSettled: () => onClose(),
    });
  return (
    <Modal show onHide={close} aria-labelledby="delete-question-title" centered>
      <Modal.Header closeButton={!remove.isPending}>
        <Modal.Title id="delete-question-title" as="h2" className="h5">
          {T.deleteTitle}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="fw-semibold mb-1">{T.deleteConfirm(question.qid)}</p>
        <p className="small text-body-secondary mb-0">{T.deleteExplain}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close} disabled={remove.isPending}>
          {T.no}
        </Button>
        <Button variant="danger" onClick={confirm} disabled={remove.isPending}>
          {remove.isPending ? T.deleting : T.yes}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
