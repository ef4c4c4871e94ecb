import { type AdminUserRow, type EntitlementEntry, type Product } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useProducts } from '../../../shared/catalog/use-products';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { ScrollTable } from '../../../shared/layout/ScrollTable';
import { translateError } from '../../../shared/errors';
import { type ApiError } from '../../../shared/api/api-client';
import { useUpdateUserPurchases, useUserPurchases } from './purchases-api';
import { PURCHASE_HISTORY_MESSAGES as H } from './purchases.messages';
import {
  diffPurchases,
  editableProducts,
  hasChanges,
  heldIds,
  purchasesPayload,
  type PurchasesDiff,
} from './purchases-diff';
import { USERS_MESSAGES as T } from './users.messages';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** The next pages of the history (ADR 0026): whether there is one, and how to read it. */
interface MorePages {
  hasMore: boolean;
  loading: boolean;
  error: ApiError | null;
  loadMore: () => void;
}

/**
 * The user's grants and revocations (the entitlement ledger), newest first: the pages read so
 * far, and "Load more" while there is a next one.
 */
function PurchaseHistory({
  history,
  products,
  more,
}: {
  history: EntitlementEntry[];
  products: Product[];
  more: MorePages;
}) {
  const names = new Map(products.map((p) => [p.id, p.name]));
  return (
    <section aria-labelledby="purchase-history-title" className="mt-4">
      <h3 id="purchase-history-title" className="h6">
        {T.historyTitle}
      </h3>
      {history.length === 0 ? (
        <p className="text-body-secondary mb-0">{T.historyEmpty}</p>
      ) : (
        // its own focusable, named scroll container: on a phone the history scrolls sideways
        <ScrollTable caption={T.historyCaption} columns={T.historyColumns}>
          {history.map((entry) => (
            <tr key={`${entry.seq}-${entry.productId}`}>
              <td>{T.historyActions[entry.action]}</td>
              <td>{names.get(entry.productId) ?? entry.productId}</td>
              <td>
                {T.historySources[entry.source]}
                {entry.orderId ? (
                  <span className="d-block text-body-secondary text-break">
                    {T.historyOrder(entry.orderId)}
                  </span>
                ) : null}
              </td>
              <td className="text-break">{entry.by}</td>
              <td>{formatDate(entry.at)}</td>
            </tr>
          ))}
        </ScrollTable>
      )}
      {more.error ? (
        <Alert variant="danger" role="alert" className="py-2 mt-2 mb-0">
          {H.loadMoreFailed(translateError(more.error))}
        </Alert>
      ) : null}
      {more.hasMore ? (
        <Button
          variant="outline-secondary"
          className="w-100 mt-2"
          onClick={more.loadMore}
          disabled={more.loading}
        >
          {more.loading ? H.loadingMore : H.loadMore}
        </Button>
      ) : null}
    </section>
  );
}

function ChangeList({ title, products }: { title: string; products: Product[] }) {
  if (products.length === 0) return null;
  return (
    <>
      <h3 className="h6">{title}</h3>
      <ul aria-label={title}>
        {products.map((p) => (
          <li key={p.id}>{p.name}</li>
        ))}
      </ul>
    </>
  );
}

function Editor({
  user,
  products,
  purchases,
  history,
  more,
  onClose,
}: {
  user: AdminUserRow;
  products: Product[];
  purchases: Record<string, unknown>;
  history: EntitlementEntry[];
  more: MorePages;
  onClose: () => void;
}) {
  const held = useMemo(() => heldIds(products, purchases), [products, purchases]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(held));
  const [confirming, setConfirming] = useState<PurchasesDiff | null>(null);
  const [unchanged, setUnchanged] = useState(false);
  const [saved, setSaved] = useState(false);
  const savedRef = useRef<HTMLDivElement>(null);
  const update = useUpdateUserPurchases();

  // The confirmation's buttons are gone after a save: the focus goes to the outcome.
  useEffect(() => {
    if (saved) savedRef.current?.focus();
  }, [saved]);

  const toggle = (id: string, on: boolean) => {
    setUnchanged(false);
    setSaved(false);
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  };

  const save = () => {
    setSaved(false);
    const diff = diffPurchases(products, held, chosen);
    if (!hasChanges(diff)) {
      setUnchanged(true);
      return;
    }
    update.reset();
    setConfirming(diff);
  };

  const confirm = () =>
    update.mutate(
      { uid: user.uid, purchases: purchasesPayload(products, chosen) },
      {
        // The editor stays open on what was saved: the purchases as the server now holds them
        // and the history with the entries just written (issue 24 #10d).
        onSuccess: (answer) => {
          setChosen(new Set(heldIds(products, answer.purchases)));
          setConfirming(null);
          setSaved(true);
        },
      },
    );

  if (confirming) {
    return (
      <>
        <Modal.Body>
          <h3 className="h6 visually-hidden">{T.confirmPurchasesTitle}</h3>
          <ChangeList title={T.productsToAdd} products={confirming.add} />
          <ChangeList title={T.productsToRemove} products={confirming.remove} />
          {update.isError ? (
            <Alert variant="danger" role="alert" className="mb-0">
              <p className="fw-semibold mb-1">{T.purchasesUpdateFailed}</p>
              <p className="small mb-0">{update.error.message}</p>
            </Alert>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button
            variant="outline-secondary"
            onClick={() => setConfirming(null)}
            disabled={update.isPending}
          >
            {T.back}
          </Button>
          <Button variant="primary" onClick={confirm} disabled={update.isPending}>
            {update.isPending ? T.savingPurchases : T.confirmAndSave}
          </Button>
        </Modal.Footer>
      </>
    );
  }

  return (
    <>
      <Modal.Body>
        {saved ? (
          <Alert
            ref={savedRef}
            tabIndex={-1}
            variant="success"
            role="status"
            className="mb-3 py-2"
            data-testid="purchases-saved"
          >
            {T.purchasesUpdated}
          </Alert>
        ) : null}
        <fieldset>
          <legend className="fs-6 fw-semibold">{T.purchasesProducts}</legend>
          {products.length === 0 ? <p className="mb-0">{T.purchasesNoProducts}</p> : null}
          {products.map((p) => (
            <Form.Check
              key={p.id}
              type="checkbox"
              id={`purchase-${user.uid}-${p.id}`}
              label={p.name}
              checked={chosen.has(p.id)}
              onChange={(e) => toggle(p.id, e.target.checked)}
            />
          ))}
        </fieldset>
        {unchanged ? (
          <Alert variant="info" role="status" className="mt-3 mb-0 py-2">
            {T.noChangesMade}
          </Alert>
        ) : null}
        <PurchaseHistory history={history} products={products} more={more} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {T.close}
        </Button>
        <Button variant="primary" onClick={save}>
          {T.saveChanges}
        </Button>
      </Modal.Footer>
    </>
  );
}

/**
 * The purchases editor (admin spec §2.8, §4): the products priced above 0 as checkboxes with
 * the user's current purchases, Save Changes ('No changes made.' when nothing differs, else a
 * confirmation listing the products to add and to remove), Confirm & Save →
 * POST /api/update-user-purchases → 'Purchases updated.' in the editor, which stays open on the
 * saved purchases and the history just written / 'Failed to update purchases.'; and the user's
 * grant/revocation history from the entitlement ledger, a page at a time ("Load more").
 */
export default function PurchasesEditorModal({
  user,
  onClose,
}: {
  user: AdminUserRow;
  onClose: () => void;
}) {
  const products = useProducts();
  const purchases = useUserPurchases(user.uid);

  let body;
  if (products.isPending || purchases.isPending) {
    body = (
      <Modal.Body>
        <Loading label={T.purchasesLoading} />
      </Modal.Body>
    );
  } else if (products.isError || (purchases.isError && !purchases.isFetchNextPageError)) {
    const error = products.error ?? purchases.error;
    body = (
      <Modal.Body>
        <ErrorState
          message={T.purchasesLoadFailed}
          detail={error?.message}
          onRetry={() => {
            if (products.isError) void products.refetch();
            if (purchases.isError) void purchases.refetch();
          }}
          retrying={products.isFetching || purchases.isFetching}
          retryLabel={T.tryAgain}
        />
      </Modal.Body>
    );
  } else {
    const pages = purchases.data.pages;
    body = (
      <Editor
        user={user}
        products={editableProducts(products.data)}
        // what the user holds, as the first page read it (the pages after it page the history)
        purchases={pages[0]?.data.purchases ?? {}}
        history={pages.flatMap((p) => p.data.history)}
        more={{
          hasMore: purchases.hasNextPage,
          loading: purchases.isFetchingNextPage,
          // a failed next page keeps the rows shown (the query stays a success)
          error: purchases.isFetchNextPageError ? purchases.error : null,
          loadMore: () => void purchases.fetchNextPage(),
        }}
        onClose={onClose}
      />
    );
  }

  return (
    <Modal
      show
      onHide={onClose}
      centered
      size="lg"
      scrollable
      aria-labelledby="purchases-editor-title"
    >
      <Modal.Header closeButton closeLabel={T.close}>
        <Modal.Title id="purchases-editor-title" as="h2" className="h5 text-break">
          {T.purchasesTitle(user.email)}
        </Modal.Title>
      </Modal.Header>
      {body}
    </Modal>
  );
}
