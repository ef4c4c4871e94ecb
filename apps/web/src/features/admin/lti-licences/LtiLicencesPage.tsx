import { type Licence, type LicenceSeat, type LtiPlatform } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useProducts } from '../../../shared/catalog/use-products';
import { translateError } from '../../../shared/errors';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { FilterField, FilterForm } from '../../../shared/layout/FilterForm';
import { Loading } from '../../../shared/layout/Loading';
import { Notices, useNotices } from '../../../shared/layout/Notices';
import { useDocumentTitle } from '../../../shared/layout/use-document-title';
import { useSession } from '../../../shared/session/session-context';
import { LicenceFormModal } from './LicenceFormModal';
import { FreeSeatDialog, LicenceSeatsModal } from './LicenceSeatsModal';
import { LicencesTable } from './LicencesTable';
import { useLicencePlatforms, useLicences } from './lti-licences-api';
import { LTI_LICENCES_MESSAGES as T } from './lti-licences.messages';

/** The query parameter of the platform filter (the platforms screen's row links set it). */
const PLATFORM_PARAM = 'platformId';

type Editing = { licence: Licence | null } | null;
/** The seats dialog's licence, and the seat whose freeing is being confirmed. */
type SeatsView = { licence: Licence; freeing: LicenceSeat | null } | null;

function LicencesList({
  platforms,
  platformId,
}: {
  platforms: readonly LtiPlatform[];
  platformId: string | null;
}) {
  const list = useLicences(platformId);
  const products = useProducts();
  const { notices, notify, dismiss } = useNotices();
  const [editing, setEditing] = useState<Editing>(null);
  const [seats, setSeats] = useState<SeatsView>(null);

  const platformNames = useMemo(() => new Map(platforms.map((p) => [p.id, p.name])), [platforms]);
  const productNames = useMemo(
    () => new Map((products.data ?? []).map((p) => [p.id, p.name])),
    [products.data],
  );
  // the seats dialog shows the licence as last loaded (its count changes as seats are freed)
  const seatsLicence = seats
    ? (list.data?.licences.find((l) => l.id === seats.licence.id) ?? seats.licence)
    : null;
  const freeing = seats?.freeing ?? null;

  const newButton =
    platforms.length > 0 ? (
      <Button onClick={() => setEditing({ licence: null })}>{T.newLicence}</Button>
    ) : null;

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
  } else if (list.data.licences.length === 0) {
    body = (
      <div className="py-3">
        <p className="text-body-secondary">{T.empty}</p>
        {newButton}
      </div>
    );
  } else {
    body = (
      <>
        <div className="d-flex justify-content-end mb-3">{newButton}</div>
        <LicencesTable
          licences={list.data.licences}
          platformNames={platformNames}
          productNames={productNames}
          actions={{
            onEdit: (licence) => setEditing({ licence }),
            onSeats: (licence) => setSeats({ licence, freeing: null }),
          }}
        />
      </>
    );
  }

  return (
    <>
      {platforms.length === 0 ? (
        <Alert variant="info">
          {T.noPlatforms} <Link to="/lti-platforms">{T.platformsLink}</Link>
        </Alert>
      ) : null}
      {body}
      {editing ? (
        <LicenceFormModal
          key={editing.licence?.id ?? 'new'}
          licence={editing.licence}
          platforms={platforms}
          platformId={platformId}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notify({ variant: 'success', text: T.saved(saved.name) });
          }}
        />
      ) : null}
      {seatsLicence && !freeing ? (
        <LicenceSeatsModal
          licence={seatsLicence}
          onFree={(seat) => setSeats({ licence: seatsLicence, freeing: seat })}
          onClose={() => setSeats(null)}
        />
      ) : null}
      {seatsLicence && freeing ? (
        <FreeSeatDialog
          key={freeing.uid}
          licence={seatsLicence}
          seat={freeing}
          onFreed={() => {
            notify({ variant: 'success', text: T.freed(freeing.email) });
            setSeats({ licence: seatsLicence, freeing: null });
          }}
          onClose={() => setSeats({ licence: seatsLicence, freeing: null })}
        />
      ) : null}
      <Notices notices={notices} onDismiss={dismiss} dismissLabel={T.dismiss} />
    </>
  );
}

function LicencesScreen() {
  const platforms = useLicencePlatforms();
  const [params, setParams] = useSearchParams();
  const platformId = params.get(PLATFORM_PARAM) || null;

  const choose = (id: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === '') next.delete(PLATFORM_PARAM);
        else next.set(PLATFORM_PARAM, id);
        return next;
      },
      { replace: true },
    );

  if (platforms.isPending) return <Loading label={T.loading} />;
  if (platforms.isError) {
    return (
      <ErrorState
        message={T.loadFailed}
        detail={translateError(platforms.error)}
        onRetry={() => void platforms.refetch()}
        retrying={platforms.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  }
  const list = platforms.data.platforms;
  return (
    <>
      <FilterForm id="lti-licences-filter" heading={T.filterHeading}>
        <FilterField
          controlId="lti-licences-platform"
          label={T.platformFilter}
          col={{ xs: 12, sm: 8, md: 6 }}
        >
          <Form.Select value={platformId ?? ''} onChange={(e) => choose(e.target.value)}>
            <option value="">{T.allPlatforms}</option>
            {list.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Form.Select>
        </FilterField>
      </FilterForm>
      <LicencesList platforms={list} platformId={platformId} />
    </>
  );
}

/** /lti-licences (issue 30, ADR 0040): the schools' seat licences. */
export default function LtiLicencesPage() {
  useDocumentTitle(T.title);
  const { isAdmin } = useSession();
  return (
    <section aria-labelledby="lti-licences-title" className="mx-auto" style={{ maxWidth: '72rem' }}>
      <h1 id="lti-licences-title" className="h3 mb-2">
        {T.title}
      </h1>
      {isAdmin ? (
        <>
          <p className="text-body-secondary">{T.intro}</p>
          <LicencesScreen />
        </>
      ) : (
        <Alert variant="danger" role="alert">
          {T.accessDenied}
        </Alert>
      )}
    </section>
  );
}
