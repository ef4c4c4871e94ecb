import { type LtiPlatform, type LtiPlatformStatus } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { useState } from 'react';
import { translateError } from '../../../shared/errors';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { Notices, useNotices } from '../../../shared/layout/Notices';
import { useDocumentTitle } from '../../../shared/layout/use-document-title';
import { useSession } from '../../../shared/session/session-context';
import { DeletePlatformModal } from './DeletePlatformModal';
import { useLtiPlatforms, useSetLtiPlatformStatus } from './lti-platforms-api';
import { LTI_PLATFORMS_MESSAGES as T } from './lti-platforms.messages';
import { withStatus } from './platform-form';
import { PlatformFormModal } from './PlatformFormModal';
import { PlatformsTable } from './PlatformsTable';
import { ToolDetailsCard } from './ToolDetailsCard';

type Editing = { platform: LtiPlatform | null } | null;

function PlatformsScreen() {
  const list = useLtiPlatforms();
  const setStatus = useSetLtiPlatformStatus();
  const { notices, notify, dismiss } = useNotices();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<LtiPlatform | null>(null);

  const onSetStatus = (platform: LtiPlatform, status: LtiPlatformStatus) =>
    setStatus.mutate(
      { platform, input: withStatus(platform, status) },
      {
        onSuccess: (saved) =>
          notify({ variant: 'success', text: T.statusChanged(saved.name, T.statuses[status]) }),
        onError: (err) =>
          notify({ variant: 'danger', text: T.statusFailed(platform.name, translateError(err)) }),
      },
    );

  const registerButton = (
    <Button onClick={() => setEditing({ platform: null })}>{T.register}</Button>
  );

  let body;
  if (list.isPending) {
    body = <Loading label={T.loading} />;
  } else if (list.isError) {
    body = (
      <ErrorState
        message={T.loadFailed}
        detail={translateError(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else {
    const { platforms, tool } = list.data;
    body = (
      <>
        <ToolDetailsCard tool={tool} />
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
          <h2 id="lti-platforms-heading" className="h5 mb-0">
            {T.tableCaption}
          </h2>
          {platforms.length > 0 ? registerButton : null}
        </div>
        {platforms.length === 0 ? (
          <div className="py-3">
            <p className="text-body-secondary">{T.empty}</p>
            {registerButton}
          </div>
        ) : (
          <PlatformsTable
            platforms={platforms}
            actions={{
              onEdit: (platform) => setEditing({ platform }),
              onSetStatus,
              onDelete: setDeleting,
              changingId: setStatus.isPending ? (setStatus.variables?.platform.id ?? null) : null,
            }}
          />
        )}
      </>
    );
  }

  return (
    <>
      {body}
      {editing ? (
        <PlatformFormModal
          key={editing.platform?.id ?? 'new'}
          platform={editing.platform}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <DeletePlatformModal
          key={deleting.id}
          platform={deleting}
          onClose={() => setDeleting(null)}
        />
      ) : null}
      <Notices notices={notices} onDismiss={dismiss} dismissLabel={T.dismiss} />
    </>
  );
}

/** /lti-platforms (issue 30, ADR 0040): the LMS platforms that may launch the tool. */
export default function LtiPlatformsPage() {
  useDocumentTitle(T.title);
  const { isAdmin } = useSession();
  return (
    <section
      aria-labelledby="lti-platforms-title"
      className="mx-auto"
      style={{ maxWidth: '72rem' }}
    >
      <h1 id="lti-platforms-title" className="h3 mb-2">
        {T.title}
      </h1>
      {isAdmin ? (
        <>
          <p className="text-body-secondary">{T.intro}</p>
          <PlatformsScreen />
        </>
      ) : (
        <Alert variant="danger" role="alert">
          {T.accessDenied}
        </Alert>
      )}
    </section>
  );
}
