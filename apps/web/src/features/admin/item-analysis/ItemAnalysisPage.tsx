import { ITEM_STATS_CSV_FILE_NAME, type ItemStatsSort } from '@examprep/contracts/types';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { translateError } from '../../../shared/errors';
import { downloadBlob, ExportProgressStatus, useStreamedExport } from '../../../shared/export';
import { ErrorState } from '../../../shared/layout/ErrorState';
import { Loading } from '../../../shared/layout/Loading';
import { LoadMore } from '../../../shared/layout/LoadMore';
import { Notices, useNotices, type NoticeFn } from '../../../shared/layout/Notices';
import { useDocumentTitle } from '../../../shared/layout/use-document-title';
import { useSession } from '../../../shared/session/session-context';
import { ErrorRatesTables } from './ErrorRatesTables';
import { fetchItemStatsCsv, useFacets, useItemStats } from './item-analysis-api';
import {
  type ItemAnalysisView,
  nextOrder,
  viewFromParams,
  viewToParams,
} from './item-analysis-params';
import { ITEM_ANALYSIS_MESSAGES as T } from './item-analysis.messages';
import { ItemStatsTable } from './ItemStatsTable';
import { QuestionStatsPanel } from './QuestionStatsPanel';

/** Export CSV: the gateway's stream of the view's rows, with progress and Cancel (ADR 0026). */
function useExport(notify: NoticeFn) {
  const { getToken } = useSession();
  return useStreamedExport<ItemAnalysisView>(
    async (view, onProgress, signal) => {
      const { blob, rows } = await fetchItemStatsCsv(getToken, view, onProgress, signal);
      // no rows: the server's file holds its header only
      if (rows === 0) {
        notify({ variant: 'warning', text: T.nothingToExport });
        return;
      }
      downloadBlob(ITEM_STATS_CSV_FILE_NAME, blob);
      notify({ variant: 'success', text: T.exported(rows) });
    },
    (err, cancelled) => {
      if (cancelled) notify({ variant: 'warning', text: T.exportCancelled });
      else notify({ variant: 'danger', text: T.exportFailed(translateError(err)) });
    },
  );
}

function ItemAnalysisScreen() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => viewFromParams(params), [params]);
  const setView = (next: ItemAnalysisView) => setParams(viewToParams(next), { replace: true });
  const facets = useFacets();
  const list = useItemStats(view);
  const { notices, notify, dismiss } = useNotices();
  const exporter = useExport(notify);

  const courses = facets.data?.courses ?? [];
  const objectives = (view.course && facets.data?.objectives[view.course]) || [];
  const items = (list.data?.pages ?? []).flatMap((p) => p.data.items);
  const onSort = (sort: ItemStatsSort) => setView({ ...view, ...nextOrder(view, sort) });
  const loadMoreError = list.isFetchNextPageError ? list.error : null;

  let body;
  if (list.isPending) body = <Loading label={T.loading} />;
  else if (list.isError && !loadMoreError)
    body = (
      <ErrorState
        message={T.listFailed}
        detail={translateError(list.error)}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
        retryLabel={T.tryAgain}
      />
    );
  else if (items.length === 0) body = <p className="text-body-secondary py-3">{T.empty}</p>;
  else
    body = (
      <>
        <ItemStatsTable
          items={items}
          view={view}
          onSort={onSort}
          onDetails={(qid) => setView({ ...view, qid: view.qid === qid ? undefined : qid })}
        />
        <LoadMore list={list} texts={T} />
      </>
    );

  return (
    <>
      <p className="text-body-secondary">{T.intro}</p>
      {facets.isError ? (
        <Alert variant="warning" className="py-2">
          {T.facetsFailed}
        </Alert>
      ) : null}
      <Form
        className="row g-2 align-items-end mb-2"
        aria-label={T.filtersHeading}
        onSubmit={(e) => e.preventDefault()}
      >
        <Form.Group className="col-12 col-sm-6 col-lg-4" controlId="item-analysis-course">
          <Form.Label className="small mb-1">{T.courseFilter}</Form.Label>
          <Form.Select
            size="sm"
            value={view.course ?? ''}
            onChange={(e) =>
              setView({
                ...view,
                course: e.target.value || undefined,
                objective: undefined,
                qid: undefined,
              })
            }
          >
            <option value="">{T.allCourses}</option>
            {courses.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-12 col-sm-6 col-lg-4" controlId="item-analysis-objective">
          <Form.Label className="small mb-1">{T.objectiveFilter}</Form.Label>
          <Form.Select
            size="sm"
            value={view.objective ?? ''}
            disabled={!view.course}
            onChange={(e) =>
              setView({ ...view, objective: e.target.value || undefined, qid: undefined })
            }
          >
            <option value="">{T.allObjectives}</option>
            {objectives.map((o) => (
              <option key={o} value={o}>
                {o}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </Form>
      <div
        className="d-flex flex-wrap gap-2 mb-3 align-items-center"
        role="group"
        aria-label={T.listToolbar}
      >
        <Button
          size="sm"
          variant="outline-primary"
          onClick={() => void exporter.run(view)}
          disabled={exporter.exporting || list.isPending}
        >
          {exporter.exporting ? T.exporting : T.exportCsv}
        </Button>
        <ExportProgressStatus progress={exporter.progress} onCancel={exporter.cancel} texts={T} />
        <span aria-live="polite" className="small text-body-secondary">
          {list.isFetching && !list.isPending ? (
            <>
              <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-1" />
              {T.updating}
            </>
          ) : null}
        </span>
      </div>
      {view.qid ? (
        <QuestionStatsPanel
          key={view.qid}
          qid={view.qid}
          onClose={() => setView({ ...view, qid: undefined })}
        />
      ) : null}
      <div aria-busy={list.isFetching || undefined}>{body}</div>
      <ErrorRatesTables view={view} />
      <Notices notices={notices} onDismiss={dismiss} dismissLabel={T.dismiss} />
    </>
  );
}

/** /item-analysis (issue 28 part 4): the statistics of the questions from graded tests. */
export default function ItemAnalysisPage() {
  useDocumentTitle(T.title);
  const { isAdmin } = useSession();
  return (
    <section aria-labelledby="item-analysis-title">
      <h1 id="item-analysis-title" className="h3 mb-3">
        {T.title}
      </h1>
      {isAdmin ? (
        <ItemAnalysisScreen />
      ) : (
        <Alert variant="danger" role="alert">
          {T.accessDenied}
        </Alert>
      )}
    </section>
  );
}
