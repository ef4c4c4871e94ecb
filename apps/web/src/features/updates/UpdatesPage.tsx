import { type Announcement } from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import { useState } from 'react';
import { ErrorState } from '../../shared/layout/ErrorState';
import { translateError } from '../../shared/errors';
import { Loading } from '../../shared/layout/Loading';
import { LoadMore } from '../../shared/layout/LoadMore';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import { AnnouncementFormModal } from './AnnouncementFormModal';
import { AnnouncementItem } from './AnnouncementItem';
import { useAnnouncements } from './announcements-api';
import { DeleteAnnouncementModal } from './DeleteAnnouncementModal';
import { UPDATES_MESSAGES as T } from './updates.messages';

type Editing = { announcement: Announcement | null } | null;

/**
 * /updates: announcements for everyone; add, edit and delete for admins. The first page, and
 * "Load more" while the service says there is more (ADR 0026).
 */
export default function UpdatesPage() {
  useDocumentTitle(T.title);
  const { isAdmin } = useSession();
  const list = useAnnouncements();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Announcement | null>(null);

  const announcements = list.data?.pages.flatMap((p) => p.data) ?? [];
  // a failed next page keeps the rows shown (the query stays a success), with its own message
  const loadMoreError = list.isFetchNextPageError ? list.error : null;
  let body;
  if (list.isPending) {
    body = <Loading />;
  } else if (list.isError && !loadMoreError) {
    body = (
      <ErrorState
        message={T.loadFailed}
        detail={translateError(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else if (announcements.length === 0 && !list.hasNextPage) {
    body = <p className="text-body-secondary py-3">{T.empty}</p>;
  } else {
    body = (
      <>
        <ul className="list-unstyled d-grid gap-3 mb-0" aria-labelledby="updates-title">
          {announcements.map((a) => (
            <li key={a.id}>
              <AnnouncementItem
                announcement={a}
                isAdmin={isAdmin}
                onEdit={(item) => setEditing({ announcement: item })}
                onDelete={setDeleting}
              />
            </li>
          ))}
        </ul>
        <LoadMore list={list} texts={T} className="mt-3" />
      </>
    );
  }

  return (
    <section aria-labelledby="updates-title" className="mx-auto app-readable">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 id="updates-title" className="h3 mb-0">
          {T.title}
        </h1>
        {isAdmin ? (
          <Button onClick={() => setEditing({ announcement: null })}>{T.add}</Button>
        ) : null}
      </div>
      {body}
      {editing ? (
        <AnnouncementFormModal
          key={editing.announcement?.id ?? 'new'}
          announcement={editing.announcement}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {deleting ? (
        <DeleteAnnouncementModal
          key={deleting.id}
          announcement={deleting}
          onClose={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}
