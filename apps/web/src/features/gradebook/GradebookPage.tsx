import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../shared/layout/use-document-title';
import { useSession } from '../../shared/session/session-context';
import { AdminViewBanner } from './AdminViewBanner';
import { Gradebook } from './Gradebook';
import { GRADEBOOK_MESSAGES as T } from './gradebook.messages';

/**
 * The admin's user of `?userId=`, else null (own gradebook). The query is honoured only for
 * admins (learner spec §2); the server enforces the same.
 */
export function viewedUserId(
  search: URLSearchParams,
  session: { isAdmin: boolean; user: { uid: string } | null },
): string | null {
  const userId = search.get('userId')?.trim();
  if (!session.isAdmin || !userId || userId === session.user?.uid) return null;
  return userId;
}

/** /gradebook (learner spec §2 Gradebook). */
export default function GradebookPage() {
  useDocumentTitle(T.title);
  const session = useSession();
  const [search] = useSearchParams();
  const userId = viewedUserId(search, session);
  return (
    <section aria-labelledby="gradebook-title" className="app-gradebook">
      <h1 id="gradebook-title" className="h3 mb-3">
        {T.title}
      </h1>
      {userId ? <AdminViewBanner text={T.adminViewOf(userId)} /> : null}
      <Gradebook userId={userId} />
    </section>
  );
}
