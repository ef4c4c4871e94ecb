import { type AdminUserRow } from '@examprep/contracts/types';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import OverlayTrigger from 'react-bootstrap/OverlayTrigger';
import Tooltip from 'react-bootstrap/Tooltip';
import { type NoticeFn } from '../../../shared/layout/Notices';
import { ScrollTable } from '../../../shared/layout/ScrollTable';
import { useCreateUserDocument, useGenerateTestToken } from './users-api';
import { USERS_MESSAGES as T } from './users.messages';

function YesNo({ value }: { value: boolean }) {
  return (
    <Badge bg={value ? 'success' : 'secondary'} pill>
      {value ? T.yes : T.no}
    </Badge>
  );
}

/** The user's number of tests (admin spec §2.1); null = the testing service did not answer. */
function TestsCount({ tests }: { tests: number | null }) {
  if (tests === null) {
    return (
      <>
        <span aria-hidden="true" title={T.testsUnknown}>
          —
        </span>
        <span className="visually-hidden">{T.testsUnknown}</span>
      </>
    );
  }
  return (
    <Badge
      bg={tests > 0 ? 'primary' : 'light'}
      text={tests > 0 ? undefined : 'dark'}
      className="border"
      title={T.testsCount(tests)}
    >
      {tests}
    </Badge>
  );
}

/** Disabled for admins; the wrapper takes focus and hover so the reason can be shown. */
function AdminDeleteDisabled({ user }: { user: AdminUserRow }) {
  const hintId = `admin-delete-hint-${user.uid}`;
  return (
    <OverlayTrigger
      placement="left"
      overlay={<Tooltip id={`${hintId}-tooltip`}>{T.adminDeleteTooltip}</Tooltip>}
    >
      <span className="d-inline-block" tabIndex={0} data-testid="admin-delete-hint">
        <Button
          size="sm"
          variant="outline-danger"
          disabled
          aria-label={`${T.deleteUser} ${user.email}`}
          aria-describedby={hintId}
          style={{ pointerEvents: 'none' }}
        >
          {T.deleteUser}
        </Button>
        <span id={hintId} className="visually-hidden">
          {T.adminDeleteTooltip}
        </span>
      </span>
    </OverlayTrigger>
  );
}

function UserRow({
  user,
  onDelete,
  onPurchases,
  onGradebook,
  notify,
}: {
  user: AdminUserRow;
  onDelete: (user: AdminUserRow) => void;
  onPurchases: (user: AdminUserRow) => void;
  onGradebook: (user: AdminUserRow) => void;
  notify: NoticeFn;
}) {
  const create = useCreateUserDocument();
  const token = useGenerateTestToken();
  const generateToken = () =>
    token.mutate(user, {
      onSuccess: () => notify({ variant: 'success', text: T.generateTokenSuccess(user.email) }),
      onError: (err) =>
        notify({ variant: 'danger', text: T.generateTokenFailed(user.email, err.message) }),
    });
  const canCreate = user.inAuth && !user.inDatabase;
  const createDocument = () =>
    create.mutate(user, {
      onSuccess: () => notify({ variant: 'success', text: T.createSuccess(user.email) }),
      onError: (err) =>
        notify({ variant: 'danger', text: T.createFailed(user.email, err.message) }),
    });
  return (
    <tr>
      <th scope="row" className="fw-normal text-break" style={{ minWidth: '11rem' }}>
        {user.email}
      </th>
      <td className="text-break" style={{ minWidth: '8rem' }}>
        <code className="small">{user.uid}</code>
      </td>
      <td>
        <YesNo value={user.emailVerified} />
      </td>
      <td>
        <YesNo value={user.inDatabase} />
      </td>
      <td>
        <YesNo value={user.inAuth} />
      </td>
      <td>
        <YesNo value={user.isAdmin} />
      </td>
      <td>
        <YesNo value={user.premium} />
      </td>
      <td className="text-center">
        <TestsCount tests={user.tests} />
      </td>
      <td>
        <Badge
          bg={user.qbankGenerations > 0 ? 'primary' : 'light'}
          text={user.qbankGenerations > 0 ? undefined : 'dark'}
          className="border"
          title={T.qbankCount(user.qbankGenerations)}
        >
          {user.qbankGenerations}
        </Badge>
      </td>
      <td>
        <div className="d-flex flex-column align-items-start gap-1" style={{ minWidth: '9rem' }}>
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => onPurchases(user)}
            aria-label={`${T.viewPurchases} ${user.email}`}
          >
            {T.viewPurchases}
          </Button>
          <Button
            size="sm"
            variant="outline-primary"
            onClick={() => onGradebook(user)}
            aria-label={`${T.viewGradebook} ${user.email}`}
          >
            {T.viewGradebook}
          </Button>
          {user.inAuth ? (
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={generateToken}
              disabled={token.isPending}
              aria-label={`${T.generateToken} ${user.email}`}
            >
              {token.isPending ? T.generatingToken : T.generateToken}
            </Button>
          ) : null}
          {canCreate ? (
            <Button
              size="sm"
              variant="outline-primary"
              onClick={createDocument}
              disabled={create.isPending}
              aria-label={`${T.createDocument} ${user.email}`}
            >
              {create.isPending ? T.creatingDocument : T.createDocument}
            </Button>
          ) : null}
          {user.isAdmin ? (
            <AdminDeleteDisabled user={user} />
          ) : (
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => onDelete(user)}
              aria-label={`${T.deleteUser} ${user.email}`}
            >
              {T.deleteUser}
            </Button>
          )}
        </div>
      </td>
    </tr>
  );
}

/** Admin spec §2.1 table; it scrolls sideways inside its own container on narrow screens. */
export function UsersTable({
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
  return (
    <ScrollTable
      caption={T.tableCaption}
      columns={[
        T.colUser,
        T.colUid,
        T.colEmailVerified,
        T.colDatabase,
        T.colAuth,
        T.colAdmin,
        T.colPremium,
        T.colTests,
        T.colQbank,
        T.colActions,
      ]}
    >
      {users.map((user) => (
        <UserRow
          key={user.uid}
          user={user}
          onDelete={onDelete}
          onPurchases={onPurchases}
          onGradebook={onGradebook}
          notify={notify}
        />
      ))}
    </ScrollTable>
  );
}
