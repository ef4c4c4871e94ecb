import Alert from 'react-bootstrap/Alert';
import Dropdown from 'react-bootstrap/Dropdown';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { ConfirmDeleteDialog } from '../../shared/layout/ConfirmDeleteDialog';
import { useDeleteLearningData, useExportLearningData } from './learning-data-api';
import { LEARNING_DATA_MESSAGES as T } from './learning-data.messages';

/** Below the fixed navigation bar, above the page (the navbar's z-index is 1030), phone-wide. */
const NOTICE_STYLE = {
  top: 'var(--app-navbar-height)',
  zIndex: 1040,
  width: 'min(100%, 26rem)',
} as const;

/** The outcome shown after the menu has closed: a failure (alert) or a done delete (status). */
type Notice = { kind: 'error' | 'success'; title: string; detail?: string } | null;

/**
 * The learner owns their learning data (issue 29 §5): in the account menu, Download (the
 * export, saved as learning-data.json) and Delete (after a dialog that says what goes and what
 * stays). The menu closes on a click, so outcomes show in a notice of their own.
 */
export default function LearningDataMenu() {
  const exporter = useExportLearningData();
  const deleter = useDeleteLearningData();
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  const download = () => {
    setNotice(null);
    exporter.mutate(undefined, {
      onError: (err) => setNotice({ kind: 'error', title: T.downloadFailed, detail: err.message }),
    });
  };
  const confirmDelete = () =>
    deleter.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setNotice({ kind: 'success', title: T.deleted });
      },
    });

  return (
    <>
      <Dropdown.Divider />
      <Dropdown.Item as="button" type="button" onClick={download} disabled={exporter.isPending}>
        {exporter.isPending ? T.downloading : T.download}
      </Dropdown.Item>
      <Dropdown.Item
        as="button"
        type="button"
        onClick={() => {
          setNotice(null);
          deleter.reset();
          setConfirming(true);
        }}
      >
        {T.delete}
      </Dropdown.Item>
      {confirming ? (
        <ConfirmDeleteDialog
          titleId="delete-learning-data-title"
          title={T.deleteTitle}
          error={deleter.error?.message}
          cancelLabel={T.cancel}
          confirmLabel={T.confirm}
          pendingLabel={T.deleting}
          pending={deleter.isPending}
          onConfirm={confirmDelete}
          onClose={() => setConfirming(false)}
        >
          <p>{T.deleteWhat}</p>
          <p>{T.deleteKeeps}</p>
          <p className="mb-0">{T.deleteUndo}</p>
        </ConfirmDeleteDialog>
      ) : null}
      {/* in the body, not in the menu: the closed menu is display: none, and so would it be */}
      {notice
        ? createPortal(
            <div className="position-fixed end-0 p-3" style={NOTICE_STYLE}>
              <Alert
                variant={notice.kind === 'error' ? 'danger' : 'success'}
                role={notice.kind === 'error' ? 'alert' : 'status'}
                dismissible
                closeLabel={T.dismiss}
                onClose={() => setNotice(null)}
                className="shadow mb-0"
              >
                <p className={notice.detail ? 'fw-semibold mb-1' : 'mb-0'}>{notice.title}</p>
                {notice.detail ? <p className="small mb-0">{notice.detail}</p> : null}
              </Alert>
            </div>,
            document.body,
          )
        : null}
    </>
  );
}
