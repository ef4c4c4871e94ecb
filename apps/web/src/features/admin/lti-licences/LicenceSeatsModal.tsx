import { type Licence, type LicenceSeat } from '@examprep/contracts/types';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { translateError } from '../../../shared/errors';
import { ConfirmDeleteDialog } from '../../../shared/layout/ConfirmDeleteDialog';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { ScrollTable } from '../../../shared/layout/ScrollTable';
import { useFreeSeat, useLicenceSeats } from './lti-licences-api';
import { LTI_LICENCES_MESSAGES as T } from './lti-licences.messages';

const SEAT_COLUMNS = [T.seatColumns.email, T.seatColumns.takenAt, T.seatColumns.actions] as const;

function formatTakenAt(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}

/** A licence's seat holders, each with Free seat. */
export function LicenceSeatsModal({
  licence,
  onFree,
  onClose,
}: {
  licence: Licence;
  onFree: (seat: LicenceSeat) => void;
  onClose: () => void;
}) {
  const seats = useLicenceSeats(licence.id);

  let body;
  if (seats.isPending) {
    body = <Loading label={T.seatsLoading} />;
  } else if (seats.isError) {
    body = (
      <ErrorState
        message={T.seatsFailed}
        detail={translateError(seats.error)}
        onRetry={() => void seats.refetch()}
        retrying={seats.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  } else if (seats.data.seats.length === 0) {
    body = <p className="text-body-secondary mb-0">{T.noSeats}</p>;
  } else {
    body = (
      <ScrollTable caption={T.seatsCaption} columns={SEAT_COLUMNS}>
        {seats.data.seats.map((s) => (
          <tr key={s.uid}>
            <th scope="row" className="text-break fw-normal" style={{ minWidth: '10rem' }}>
              {s.email}
            </th>
            <td className="small text-nowrap">
              <time dateTime={s.takenAt}>{formatTakenAt(s.takenAt)}</time>
            </td>
            <td>
              <Button size="sm" variant="outline-danger" onClick={() => onFree(s)}>
                {T.freeSeat}
                <span className="visually-hidden"> {s.email}</span>
              </Button>
            </td>
          </tr>
        ))}
      </ScrollTable>
    );
  }

  return (
    <Modal show onHide={onClose} aria-labelledby="lti-licence-seats-title" fullscreen="sm-down">
      <Modal.Header closeButton>
        <Modal.Title id="lti-licence-seats-title" as="h2" className="h5 text-break">
          {T.seatsTitle(licence.name)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-body-secondary">
          {T.seatsTaken(licence.seatsUsed, licence.seats)}
        </p>
        {body}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {T.close}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}

/**
 * Freeing a seat asks first: the learner loses the licence's products. It replaces the seats
 * dialog while open (one dialog at a time), which comes back after.
 */
export function FreeSeatDialog({
  licence,
  seat,
  onFreed,
  onClose,
}: {
  licence: Licence;
  seat: LicenceSeat;
  onFreed: () => void;
  onClose: () => void;
}) {
  const free = useFreeSeat(licence.id);
  return (
    <ConfirmDeleteDialog
      titleId="free-licence-seat-title"
      title={T.confirmFreeTitle}
      error={free.error ? translateError(free.error) : null}
      cancelLabel={T.cancel}
      confirmLabel={T.freeSeat}
      pendingLabel={T.freeing}
      pending={free.isPending}
      onConfirm={() => free.mutate(seat.uid, { onSuccess: onFreed })}
      onClose={onClose}
    >
      <p className="mb-0 text-break">{T.confirmFree(seat.email)}</p>
    </ConfirmDeleteDialog>
  );
}
