import { type Licence } from '@examprep/contracts/types';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { ScrollTable } from '../../../shared/layout/ScrollTable';
import { LTI_LICENCES_MESSAGES as T } from './lti-licences.messages';

const COLUMNS = [
  T.columns.name,
  T.columns.platform,
  T.columns.products,
  T.columns.seats,
  T.columns.term,
  T.columns.status,
  T.columns.actions,
] as const;

const STATUS_BADGE: Record<Licence['status'], { bg: string; text?: 'dark' }> = {
  scheduled: { bg: 'info', text: 'dark' },
  active: { bg: 'success' },
  ended: { bg: 'secondary' },
};

/** Names wrap, but not a letter a line: on a phone the table scrolls sideways in its region. */
const WIDE_CELL = { minWidth: '10rem' } as const;
const SEATS_CELL = { minWidth: '7rem' } as const;

/** A term day (YYYY-MM-DD, UTC) as "Jan 11, 2027"; the day itself, not shifted by time zone. */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime())
    ? day
    : date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
}

/** Of the seats, the share taken (the bar's width; the text says the numbers). */
function usedPercent(l: Licence): number {
  return l.seats > 0 ? Math.min(100, Math.round((l.seatsUsed / l.seats) * 100)) : 0;
}

export interface LicenceActions {
  onEdit: (l: Licence) => void;
  onSeats: (l: Licence) => void;
}

function LicenceRow({
  licence: l,
  platformName,
  productName,
  actions,
}: {
  licence: Licence;
  platformName: string;
  productName: (id: string) => string;
  actions: LicenceActions;
}) {
  const which = <span className="visually-hidden"> {T.which(l.name)}</span>;
  const percent = usedPercent(l);
  const badge = STATUS_BADGE[l.status];
  return (
    <tr>
      <th scope="row" className="text-break" style={WIDE_CELL}>
        {l.name}
      </th>
      <td className="text-break small" style={WIDE_CELL}>
        {platformName}
      </td>
      <td className="small" style={WIDE_CELL}>
        <ul className="list-unstyled mb-0">
          {l.productIds.map((id) => (
            <li key={id}>{productName(id)}</li>
          ))}
        </ul>
      </td>
      <td style={SEATS_CELL}>
        <div className="small text-nowrap">{T.seatsUsed(l.seatsUsed, l.seats)}</div>
        {/* the text above says it: the bar is its picture */}
        <ProgressBar
          now={percent}
          variant={percent >= 100 ? 'danger' : undefined}
          aria-hidden="true"
          style={{ height: '0.375rem' }}
        />
      </td>
      <td className="small text-nowrap">
        <time dateTime={l.startsOn}>{formatDay(l.startsOn)}</time>
        {' – '}
        <time dateTime={l.endsOn}>{formatDay(l.endsOn)}</time>
      </td>
      <td>
        <Badge bg={badge.bg} text={badge.text}>
          {T.statuses[l.status]}
        </Badge>
      </td>
      <td>
        <div className="d-flex flex-wrap gap-1">
          <Button size="sm" variant="outline-secondary" onClick={() => actions.onEdit(l)}>
            {T.edit}
            {which}
          </Button>
          <Button size="sm" variant="outline-primary" onClick={() => actions.onSeats(l)}>
            {T.seats}
            {which}
          </Button>
        </div>
      </td>
    </tr>
  );
}

/** The licences, one row each, with their actions. */
export function LicencesTable({
  licences,
  platformNames,
  productNames,
  actions,
}: {
  licences: Licence[];
  platformNames: ReadonlyMap<string, string>;
  productNames: ReadonlyMap<string, string>;
  actions: LicenceActions;
}) {
  return (
    <ScrollTable caption={T.tableCaption} columns={COLUMNS}>
      {licences.map((l) => (
        <LicenceRow
          key={l.id}
          licence={l}
          platformName={platformNames.get(l.platformId) ?? T.unknownPlatform}
          productName={(id) => productNames.get(id) ?? id}
          actions={actions}
        />
      ))}
    </ScrollTable>
  );
}
