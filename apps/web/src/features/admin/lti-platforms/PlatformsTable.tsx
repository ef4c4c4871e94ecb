import { type LtiPlatform, type LtiPlatformStatus } from '@examprep/contracts/types';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router-dom';
import { ScrollTable } from '../../../shared/layout/ScrollTable';
import { LTI_PLATFORMS_MESSAGES as T } from './lti-platforms.messages';

const COLUMNS = [
  T.columns.name,
  T.columns.issuer,
  T.columns.clientId,
  T.columns.deployments,
  T.columns.status,
  T.columns.registeredBy,
  T.columns.updated,
  T.columns.actions,
] as const;

const STATUS_BADGE: Record<LtiPlatformStatus, string> = {
  active: 'success',
  pending: 'warning',
  disabled: 'secondary',
};

/**
 * Long names, issuers and client IDs wrap, but not a letter a line: on a phone the table
 * scrolls sideways in its region instead.
 */
const WIDE_CELL = { minWidth: '10rem' } as const;
const ID_CELL = { minWidth: '8rem' } as const;

function formatUpdated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

export interface PlatformActions {
  onEdit: (p: LtiPlatform) => void;
  onSetStatus: (p: LtiPlatform, status: LtiPlatformStatus) => void;
  onDelete: (p: LtiPlatform) => void;
  /** id of the platform whose status change runs (its buttons wait) */
  changingId: string | null;
}

function PlatformRow({
  platform: p,
  actions,
}: {
  platform: LtiPlatform;
  actions: PlatformActions;
}) {
  const which = <span className="visually-hidden"> {T.which(p.name)}</span>;
  const busy = actions.changingId === p.id;
  return (
    <tr>
      <th scope="row" className="text-break" style={WIDE_CELL}>
        {p.name}
      </th>
      <td className="text-break small" style={WIDE_CELL}>
        {p.issuer}
      </td>
      <td className="text-break small font-monospace" style={ID_CELL}>
        {p.clientId}
      </td>
      <td>{p.deploymentIds.length}</td>
      {/* the highlight stays off the buttons' cell: their colours keep their contrast */}
      <td className={p.status === 'pending' ? 'table-warning' : undefined} style={ID_CELL}>
        <Badge bg={STATUS_BADGE[p.status]} text={p.status === 'pending' ? 'dark' : undefined}>
          {T.statuses[p.status]}
        </Badge>
        {p.status === 'pending' ? <div className="small mt-1">{T.pendingNote}</div> : null}
      </td>
      <td className="small">{T.registeredBy[p.registeredBy]}</td>
      <td className="small text-nowrap">
        <time dateTime={p.updatedAt}>{formatUpdated(p.updatedAt)}</time>
      </td>
      <td>
        <div className="d-flex flex-wrap gap-1">
          <Button size="sm" variant="outline-secondary" onClick={() => actions.onEdit(p)}>
            {T.edit}
            {which}
          </Button>
          {p.status !== 'active' ? (
            <Button
              size="sm"
              variant="outline-success"
              disabled={busy}
              onClick={() => actions.onSetStatus(p, 'active')}
            >
              {T.activate}
              {which}
            </Button>
          ) : null}
          {p.status !== 'disabled' ? (
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={busy}
              onClick={() => actions.onSetStatus(p, 'disabled')}
            >
              {T.disable}
              {which}
            </Button>
          ) : null}
          <Link
            className="btn btn-sm btn-outline-primary"
            to={`/lti-licences?platformId=${encodeURIComponent(p.id)}`}
          >
            {T.licences}
            {which}
          </Link>
          <Button size="sm" variant="outline-danger" onClick={() => actions.onDelete(p)}>
            {T.delete}
            {which}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** The registrations, one row each, with their actions. */
export function PlatformsTable({
  platforms,
  actions,
}: {
  platforms: LtiPlatform[];
  actions: PlatformActions;
}) {
  return (
    <ScrollTable caption={T.tableCaption} columns={COLUMNS}>
      {platforms.map((p) => (
        <PlatformRow key={p.id} platform={p} actions={actions} />
      ))}
    </ScrollTable>
  );
}
