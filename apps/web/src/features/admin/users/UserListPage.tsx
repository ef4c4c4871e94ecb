import {
  type AdminUserFilters,
  type AdminUserRow,
  PAGE_LIMIT,
  USERS_CSV_FILE_NAME,
} from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../../shared/api/api-client';
import { translateError } from '../../../shared/errors';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { LoadMore, useReadOnShortPage } from '../../../shared/layout/LoadMore';
import { useDocumentTitle } from '../../../shared/layout/use-document-title';
import { useSession } from '../../../shared/session/session-context';
import { DeleteUserModal } from './DeleteUserModal';
import { PreviewNotificationModal } from './PreviewNotificationModal';
import {
  DEFAULT_FILTERS,
  isDefaultFilters,
  toServerFilters,
  type UserFilters,
} from './user-filters';
import { UserFiltersForm } from './UserFiltersForm';
import { Notices, useNotices, type NoticeFn } from '../../../shared/layout/Notices';
import { downloadBlob, ExportProgressStatus, useStreamedExport } from '../../../shared/export';
import { UsersTable } from './UsersTable';

// Loaded when an admin opens it: the list itself stays small.
const PurchasesEditorModal = lazy(() => import('./PurchasesEditorModal'));
const UserGradebookModal = lazy(() => import('./UserGradebookModal'));
import { fetchUsersCsv, useAdminUsers, useRefreshUsers } from './users-api';
import { TOKEN_PREVIEW_LENGTH, USERS_MESSAGES as T } from './users.messages';

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

/** The email filter reaches the server after this pause in typing. */
export const EMAIL_DEBOUNCE_MS = 300;

/**
 * Export Filtered List (admin spec §2.1): the server's filtered_users.csv of the filters, read
 * as the gateway writes it (rows so far of the count), cancellable.
 */
function useUsersExport(notify: NoticeFn) {
  const { getToken } = useSession();
  return useStreamedExport<AdminUserFilters>(
    async (filters, onProgress, signal) => {
      const { blob, progress } = await fetchUsersCsv(getToken, filters, onProgress, signal);
      downloadBlob(USERS_CSV_FILE_NAME, blob);
      notify({
        variant: 'success',
        text: `${T.exported(USERS_CSV_FILE_NAME)} ${T.exportedRows(progress.rows)}`,
      });
    },
    (err, cancelled) => {
      if (cancelled) notify({ variant: 'warning', text: T.exportCancelled });
      else if (err instanceof ApiError && err.status === 404)
        notify({ variant: 'warning', text: T.nothingToExport });
      else notify({ variant: 'danger', text: T.exportListFailed(translateError(err)) });
    },
  );
}

function UserListBody({
  onDelete,
  onPurchases,
  onGradebook,
  notify,
}: {
  onDelete: (user: AdminUserRow) => void;
  onPurchases: (user: AdminUserRow) => void;
  onGradebook: (user: AdminUserRow) => void;
  notify: NoticeFn;
}) {
  const [filters, setFilters] = useState<UserFilters>(DEFAULT_FILTERS);
  // the email box has its own text; it reaches the query after a pause in typing
  const [email, setEmail] = useState('');
  useEffect(() => {
    if (email === filters.email) return;
    const timer = setTimeout(() => setFilters((f) => ({ ...f, email })), EMAIL_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [email, filters.email]);
  const query = useMemo(() => toServerFilters(filters), [filters]);
  const list = useAdminUsers(query, true);
  const refresh = useRefreshUsers();
  const exporter = useUsersExport(notify);
  const filtered = !isDefaultFilters({ ...filters, email });

  const changeFilters = (next: UserFilters) => {
    setEmail(next.email);
    setFilters(next);
  };
  const onRefresh = () =>
    refresh.mutate(undefined, {
      onSuccess: (report) => notify({ variant: 'success', text: T.refreshed(report.entries) }),
      onError: (err) => notify({ variant: 'danger', text: T.refreshFailed(translateError(err)) }),
    });

  const pages = list.data?.pages ?? [];
  // a yes/no filter is checked on a bounded slice of the list per page (ADR 0030)
  const lastPage = pages[pages.length - 1];
  useReadOnShortPage(
    list,
    lastPage !== undefined && lastPage.data.users.length < PAGE_LIMIT.default,
  );
  const users = pages.flatMap((p) => p.data.users);
  const first = pages[0]?.data;
  // an email filter has no maintained count: the rows so far, exact once all are in
  const matching =
    first === undefined ? undefined : (first.matching ?? (list.hasNextPage ? null : users.length));
  const loadMoreError = list.isFetchNextPageError ? list.error : null;

  let rows;
  if (list.isPending) {
    rows = <Loading label={T.loading} />;
  } else if (list.isError && !loadMoreError) {
    rows = (
      <ErrorState
        message={T.loadFailed}
        detail={translateError(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else if (first?.total === 0) {
    rows = <p className="text-body-secondary py-3">{T.empty}</p>;
  } else if (users.length === 0 && !list.hasNextPage) {
    rows = <p className="text-body-secondary py-3">{T.noMatches}</p>;
  } else {
    rows = (
      <>
        <UsersTable
          users={users}
          onDelete={onDelete}
          onPurchases={onPurchases}
          onGradebook={onGradebook}
          notify={notify}
        />
        <LoadMore list={list} texts={T} />
      </>
    );
  }

  return (
    <>
      <p className="mb-2 d-flex flex-wrap align-items-center gap-2" aria-live="polite">
        {first !== undefined ? <span className="fw-semibold">{T.total(first.total)}</span> : null}
        {first !== undefined && filtered && matching !== undefined ? (
          <span className="text-body-secondary">
            {matching === null ? T.shownSoFar(users.length) : T.showing(users.length, matching)}
          </span>
        ) : null}
        {first !== undefined && !filtered && list.hasNextPage ? (
          <span className="text-body-secondary">{T.showing(users.length, first.total)}</span>
        ) : null}
        {list.isFetching && !list.isPending && !list.isFetchingNextPage ? (
          <span className="small text-body-secondary">
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />
            {T.updating}
          </span>
        ) : null}
      </p>
      <UserFiltersForm filters={{ ...filters, email }} onChange={changeFilters} />
      <div className="d-flex flex-wrap gap-2 mb-3" role="group" aria-label={T.toolbar}>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={() => changeFilters(DEFAULT_FILTERS)}
          disabled={!filtered}
        >
          {T.resetFilters}
        </Button>
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void exporter.run(toServerFilters({ ...filters, email }))}
          disabled={exporter.exporting || list.isPending || users.length === 0}
        >
          {exporter.exporting ? T.exportingList : T.exportFiltered}
        </Button>
        <Button
          size="sm"
          variant={filters.duplicatesOnly ? 'warning' : 'outline-warning'}
          className={filters.duplicatesOnly ? '' : 'text-body'}
          aria-pressed={filters.duplicatesOnly}
          onClick={() =>
            changeFilters({ ...filters, email, duplicatesOnly: !filters.duplicatesOnly })
          }
        >
          {filters.duplicatesOnly ? T.showAll : T.showDuplicates}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          onClick={onRefresh}
          disabled={refresh.isPending}
          title={T.refreshHint}
        >
          {refresh.isPending ? T.refreshing : T.refresh}
        </Button>
        <ExportProgressStatus progress={exporter.progress} onCancel={exporter.cancel} texts={T} />
      </div>
      <div aria-busy={list.isFetching || undefined}>{rows}</div>
    </>
  );
}

/** /user-list (admin spec §2.1): every user of auth and database, with filters and actions. */
export default function UserListPage() {
  useDocumentTitle(T.title);
  const session = useSession();
  const { isAdmin, getToken } = session;
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

  const body = (
    <UserListBody
      onDelete={setDeleting}
      onPurchases={setEditingPurchases}
      onGradebook={setViewingGradebook}
      notify={notify}
    />
  );

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
