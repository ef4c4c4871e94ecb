import { type AdminUserRow } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { lazy, Suspense, useMemo, useState } from 'react';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { useDocumentTitle } from '../../../shared/layout/use-document-title';
import { useSession } from '../../../shared/session/session-context';
import { DeleteUserModal } from './DeleteUserModal';
import { PreviewNotificationModal } from './PreviewNotificationModal';
import { DEFAULT_FILTERS, filterUsers, isDefaultFilters, type UserFilters } from './user-filters';
import { UserFiltersForm } from './UserFiltersForm';
import { Notices, useNotices, type NoticeFn } from '../../../shared/layout/Notices';
import { downloadCsv } from '../../../shared/export';
import { UsersTable } from './UsersTable';

// Loaded when an admin opens it: the list itself stays small.
const PurchasesEditorModal = lazy(() => import('./PurchasesEditorModal'));
const UserGradebookModal = lazy(() => import('./UserGradebookModal'));
import { useAdminUsers } from './users-api';
import { usersToCsv } from './users-csv';
import { TOKEN_PREVIEW_LENGTH, USERS_CSV_FILE_NAME, USERS_MESSAGES as T } from './users.messages';

/** Copy ID Token (Admins Only): the admin's own current access token to the clipboard. */
async function copyOwnToken(getToken: () => Promise<string | null>, notify: NoticeFn) {
  try {
    const token = await getToken();
    if (!token) {
      notify({ variant: 'danger', text: T.tokenMissing });
      return;
    }
    if (!navigator.clipboard?.writeText) throw new Error(T.clipboardUnavailable);
    await navigator.clipboard.writeText(token);
    notify({
      variant: 'success',
      text: T.tokenCopied,
      detail: (
        <>
          <span className="d-block">{T.tokenPreview}</span>
          <code className="d-block text-break" data-testid="token-preview">
            {token.slice(0, TOKEN_PREVIEW_LENGTH)}
          </code>
        </>
      ),
    });
  } catch (err) {
    const message = err instanceof Error && err.message ? err.message : String(err);
    notify({ variant: 'danger', text: T.tokenCopyFailed(message) });
  }
}

function UserListBody({
  users,
  onDelete,
  onPurchases,
  onGradebook,
  notify,
}: {
  users: AdminUserRow[];
  onDelete: (user: AdminUserRow) => void;
  onPurchases: (user: AdminUserRow) => void;
  onGradebook: (user: AdminUserRow) => void;
  notify: NoticeFn;
}) {
  const [filters, setFilters] = useState<UserFilters>(DEFAULT_FILTERS);
  const shown = useMemo(() => filterUsers(users, filters), [users, filters]);
  const filtered = !isDefaultFilters(filters);

  return (
    <>
      <p className="mb-2" aria-live="polite">
        <span className="fw-semibold">{T.total(users.length)}</span>
        {filtered ? (
          <span className="text-body-secondary ms-2">{T.showing(shown.length, users.length)}</span>
        ) : null}
      </p>
      <UserFiltersForm filters={filters} onChange={setFilters} />
      <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={T.toolbar}>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => setFilters(DEFAULT_FILTERS)}
          disabled={!filtered}
        >
          {T.resetFilters}
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => downloadCsv(USERS_CSV_FILE_NAME, usersToCsv(shown))}
          disabled={shown.length === 0}
        >
          {T.exportFiltered}
        </Button>
        <Button
          size="sm"
          variant={filters.duplicatesOnly ? 'warning' : 'outline-warning'}
          className={filters.duplicatesOnly ? '' : 'text-body'}
          aria-pressed={filters.duplicatesOnly}
          onClick={() => setFilters({ ...filters, duplicatesOnly: !filters.duplicatesOnly })}
        >
          {filters.duplicatesOnly ? T.showAll : T.showDuplicates}
        </Button>
      </div>
      {users.length === 0 ? (
        <p className="text-body-secondary py-3">{T.empty}</p>
      ) : shown.length === 0 ? (
        <p className="text-body-secondary py-3">{T.noMatches}</p>
      ) : (
        <UsersTable
          users={shown}
          onDelete={onDelete}
          onPurchases={onPurchases}
          onGradebook={onGradebook}
          notify={notify}
        />
      )}
    </>
  );
}

/** /user-list (admin spec §2.1): every user of auth and database, with filters and actions. */
export default function UserListPage() {
  useDocumentTitle(T.title);
  const session = useSession();
  const { isAdmin, getToken } = session;
  const list = useAdminUsers(isAdmin);
  const { notices, notify, dismiss } = useNotices();
  const [deleting, setDeleting] = useState<AdminUserRow | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const [editingPurchases, setEditingPurchases] = useState<AdminUserRow | null>(null);
  const [viewingGradebook, setViewingGradebook] = useState<AdminUserRow | null>(null);

  const heading = (
    <h1 id="user-list-title" className="h3 mb-0">
      {T.title}
    </h1>
  );

  if (!isAdmin) {
    return (
      <section aria-labelledby="user-list-title">
        <div className="mb-3">{heading}</div>
        <Alert variant="danger" role="alert">
          {T.accessDenied}
        </Alert>
      </section>
    );
  }

  let body;
  if (list.isPending) {
    body = <Loading label={T.loading} />;
  } else if (list.isError) {
    body = (
      <ErrorState
        message={T.loadFailed}
        detail={list.error.message}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else {
    body = (
      <UserListBody
        users={list.data}
        onDelete={setDeleting}
        onPurchases={setEditingPurchases}
        onGradebook={setViewingGradebook}
        notify={notify}
      />
    );
  }

  return (
    <section aria-labelledby="user-list-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        {heading}
        <div className="d-flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline-dark"
            onClick={() => void copyOwnToken(getToken, notify)}
          >
            {T.copyToken}
          </Button>
          <Button
            size="sm"
            variant="outline-info"
            className="text-body"
            onClick={() => setPreviewing(true)}
          >
            {T.previewModal}
          </Button>
        </div>
      </div>
      {body}
      {deleting ? (
        <DeleteUserModal
          key={deleting.uid}
          user={deleting}
          onClose={() => setDeleting(null)}
          notify={notify}
        />
      ) : null}
      {previewing ? <PreviewNotificationModal onClose={() => setPreviewing(false)} /> : null}
      {editingPurchases ? (
        <Suspense fallback={null}>
          <PurchasesEditorModal
            key={editingPurchases.uid}
            user={editingPurchases}
            onClose={() => setEditingPurchases(null)}
          />
        </Suspense>
      ) : null}
      {viewingGradebook ? (
        <Suspense fallback={null}>
          <UserGradebookModal
            key={viewingGradebook.uid}
            user={viewingGradebook}
            onClose={() => setViewingGradebook(null)}
          />
        </Suspense>
      ) : null}
      <Notices notices={notices} onDismiss={dismiss} dismissLabel={T.dismiss} />
    </section>
  );
}
